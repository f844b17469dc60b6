#include "compiler/deferred_calls.hpp"

#include <stdexcept>
#include <string>
#include <vector>

#include "catalog/plain_data.hpp"
#include "compiler/environment.hpp"
#include "compiler/evaluator.hpp"
#include "compiler/value_data.hpp"
#include "lang/diagnostic.hpp"

namespace marionette::compiler {

struct DeferredCalls::Compile {
  explicit Compile(const CompileRequest& request)
      : environment(request.env_dir, request.manifest, request.modulepath),
        evaluator(request, environment) {
    evaluator.compile_resources();  // no main manifest: the top scope and the facts alone
    environment.stop_prefetching();
  }
  Environment environment;
  Evaluator evaluator;
};

DeferredCalls::DeferredCalls(CompileRequest request) : request_(std::move(request)) {
  request_.storeconfigs = nullptr;
  request_.puppetdb = nullptr;  // the agent calls its Deferred functions without a PuppetDB
  request_.node_classes.clear();
}

DeferredCalls::~DeferredCalls() = default;

catalog::Data DeferredCalls::resolve(const catalog::Data& value) {
  return catalog::map_rich_data(value, [this](const std::string& ptype, const catalog::Data& rich) {
    return ptype == "Deferred" ? call(rich) : rich;
  });
}

catalog::Data DeferredCalls::call(const catalog::Data& deferred) {
  const catalog::Data& name = deferred.contains("name") ? deferred["name"] : catalog::Data();
  if (!name.is_string()) throw std::runtime_error("A Deferred names no function");
  std::vector<Value> arguments;
  if (deferred.contains("arguments") && deferred["arguments"].is_array())
    for (const catalog::Data& argument : deferred["arguments"])
      arguments.push_back(from_data(resolve(argument)));
  if (!compile_) compile_ = std::make_unique<Compile>(request_);
  Evaluator& evaluator = compile_->evaluator;
  Scope& top = evaluator.top_scope();
  const std::string& function = name.get_ref<const std::string&>();
  if (!function.empty() && function[0] == '$') {  // Deferred('$facts', ['os', 'family']): a dig
    const Value* variable = evaluator.lookup_variable(function.substr(1), top);
    Value found = variable ? *variable : Value();
    if (!arguments.empty()) {
      arguments.insert(arguments.begin(), found);
      found =
          evaluator.call_function_by_name("dig", std::move(arguments), top, {}).value_or(Value());
    }
    return to_data(found, DataForm::rich);
  }
  std::optional<Value> result;
  try {
    result = evaluator.call_function_by_name(function, std::move(arguments), top, {});
  } catch (const lang::SourceError& e) {
    // Puppet says the function's own words: without the "file(): " a compile's message names
    // the function by (functions/function.cpp's CallContext::fail).
    const std::string named = function + "(): ";
    if (e.message().rfind(named, 0) == 0)
      throw std::runtime_error(e.message().substr(named.size()));
    throw std::runtime_error(e.message());
  }
  if (!result) throw std::runtime_error("Unknown function: '" + function + "'");
  return to_data(*result, DataForm::rich);
}

}  // namespace marionette::compiler
