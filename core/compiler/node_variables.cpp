#include "compiler/node_variables.hpp"

#include <mutex>
#include <optional>
#include <stdexcept>
#include <unordered_map>
#include <unordered_set>

#include "compiler/compile_log.hpp"
#include "compiler/compiler.hpp"
#include "compiler/functions/ruby_format.hpp"
#include "compiler/value.hpp"
#include "compiler/value_data.hpp"

namespace marionette::compiler {

namespace {

/// Puppet's Util::Warnings.warnonce: a message is said once per process (a server says a
/// node's conflicting fact at its first compile only). The memory of messages said is bounded:
/// a node sending new values at every run makes it forget, not grow.
void warn_once(const std::string& message) {
  static std::mutex mutex;
  static std::unordered_set<std::string> said;
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (said.size() >= 10'000) said.clear();
    if (!said.insert(message).second) return;
  }
  compile_log("warning", message);
}

/// The certname of $trusted: a server's compile, the certificate's; a local one, the
/// clientcert fact as Puppet's TrustedInformation.local takes it from the node's parameters
/// (its facts), else the node's name; none for an unauthenticated request.
std::optional<std::string> certname_of(const CompileRequest& request) {
  if (request.trusted_authenticated == "false") return std::nullopt;
  if (request.trusted_certname) return *request.trusted_certname;
  auto fact = request.facts.find("clientcert");
  if (fact != request.facts.end() && fact->is_string()) return fact->get<std::string>();
  return request.node_name;
}

facts::Facts trusted_data(const CompileRequest& request) {
  return trusted_information(request.trusted_authenticated, certname_of(request),
                             request.trusted_extensions);
}

/// Node#merge: parameters already set keep their value.
class ParameterMerge {
 public:
  ParameterMerge(NodeVariables& out, const std::string& node) : out_(out), node_(node) {}

  /// `quiet_when_equal`: no warning when a later value is the same (the certificate's
  /// clientcert, which every honest agent's fact repeats).
  void add(std::string_view name, const facts::Facts& value, bool quiet_when_equal = false) {
    auto [it, inserted] = index_.emplace(name, out_.parameters.size());
    if (inserted) {
      out_.parameters.emplace_back(name, &value);
      if (quiet_when_equal) quiet_.insert(name);
      return;
    }
    const facts::Facts& kept = *out_.parameters[it->second].second;
    if (kept == value && quiet_.count(name)) return;
    warn_once("The node parameter '" + std::string(name) + "' for node '" + node_ +
              "' was already set to '" + ruby_to_s(from_data(kept)) +
              "'. It could not be set to '" + ruby_to_s(from_data(value)) + "'");
  }

  void add_all(const facts::Facts& values) {
    if (!values.is_object()) return;
    for (const auto& [name, value] : values.items()) add(name, value);
  }

 private:
  struct Hash {
    std::size_t operator()(std::string_view text) const {
      return std::hash<std::string_view>()(text);
    }
  };
  NodeVariables& out_;
  const std::string& node_;
  std::unordered_map<std::string_view, std::size_t, Hash> index_;
  std::unordered_set<std::string_view, Hash> quiet_;
};

}  // namespace

facts::Facts trusted_information(const std::string& authenticated,
                                 const std::optional<std::string>& certname,
                                 const facts::Facts& extensions) {
  facts::Facts trusted = facts::Facts::object();
  trusted["authenticated"] = authenticated;
  trusted["certname"] = certname ? facts::Facts(*certname) : facts::Facts();
  trusted["extensions"] = extensions;
  facts::Facts hostname, domain;  // TrustedInformation: the certname split at its first dot
  if (certname) {
    std::size_t dot = certname->find('.');
    hostname = certname->substr(0, dot);
    if (dot != std::string::npos) domain = certname->substr(dot + 1);
  }
  trusted["hostname"] = std::move(hostname);
  trusted["domain"] = std::move(domain);
  trusted["external"] = facts::Facts::object();
  return trusted;
}

NodeVariables node_variables(const CompileRequest& request) {
  NodeVariables out;
  out.trusted = trusted_data(request);
  // What the node holds before its facts merge (Node#environment=; a server's compile: the
  // name of the certificate the request came with), filled before pointers are taken.
  out.owned["environment"] = request.environment;
  if (request.trusted_certname) out.owned["clientcert"] = *request.trusted_certname;

  ParameterMerge merge(out, request.node_name);
  if (request.node_parameters.is_object())
    for (const auto& [name, value] : request.node_parameters.items())
      if (name != "environment") merge.add(name, value);  // Node#environment= replaces it
  for (const auto& [name, value] : out.owned.items()) merge.add(name, value, name == "clientcert");
  merge.add_all(request.facts);
  if (request.server_facts) merge.add_all(*request.server_facts);

  // Compiler#set_node_parameters: 'environment' is the node's, 'trusted' was dropped by
  // Node#sanitize; the names Scope#setvar reserves fail the compile.
  std::erase_if(out.parameters, [&](const auto& parameter) {
    const std::string_view name = parameter.first;
    if (name == "facts" || name == "server_facts")
      throw std::runtime_error("Attempt to assign to a reserved variable name: '" +
                               std::string(name) + "' on node " + request.node_name);
    return name == "environment" || name == "trusted";
  });

  out.server_facts = request.server_facts && request.server_facts->is_object()
                         ? *request.server_facts
                         : facts::Facts::object();
  out.server_facts["environment"] = request.environment;
  return out;
}

}  // namespace marionette::compiler
