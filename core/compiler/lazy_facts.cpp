#include "compiler/lazy_facts.hpp"

#include "compiler/compiler.hpp"
#include "compiler/value_data.hpp"
#include "facts/custom_facts.hpp"

namespace marionette::compiler {

namespace {

/// Marks the lazy variables busy while they set variables of the scope.
class Busy {
 public:
  explicit Busy(bool& flag) : flag_(flag) { flag_ = true; }
  ~Busy() { flag_ = false; }
  Busy(const Busy&) = delete;
  Busy& operator=(const Busy&) = delete;

 private:
  bool& flag_;
};

}  // namespace

LazyFacts::LazyFacts(facts::LazyCustomFacts& custom, const CompileRequest& request)
    : custom_(custom), request_(request) {}

void LazyFacts::before_read(Scope& top, const std::string& name) {
  if (busy_) return;
  if (name == "facts") {
    before_enumeration(top);
    return;
  }
  if (custom_.pending(name)) lay(top, custom_.resolve(name));
}

void LazyFacts::before_entry_read(Scope& top, const std::string& name, const std::string& key) {
  if (busy_) return;
  if (name != "facts") {
    before_read(top, name);
    return;
  }
  if (custom_.pending(key)) lay(top, custom_.resolve(key));
}

void LazyFacts::before_enumeration(Scope& top) {
  if (busy_ || custom_.all_resolved()) return;
  lay(top, custom_.resolve_all());
}

void LazyFacts::lay(Scope& top, const facts::Facts& resolved) {
  if (resolved.empty()) return;
  Busy busy(busy_);
  const facts::Facts node = custom_.node_facts();
  for (const auto& [name, _] : resolved.items()) {
    // As node_variables(): the classifier's parameters and the node's own names win, and a
    // fact the caller dropped (a legacy fact) or replaced (a local fact) is as it left it.
    if (name == "environment" || name == "trusted" || name == "facts" || name == "server_facts" ||
        (request_.node_parameters.is_object() && request_.node_parameters.contains(name)) ||
        (name == "clientcert" && request_.trusted_certname))
      continue;
    auto value = node.find(name);
    if (value != node.end()) top.set_or_replace(name, from_data(*value));
  }
  top.set_or_replace("facts", from_data(node));
}

}  // namespace marionette::compiler
