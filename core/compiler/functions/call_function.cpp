// call(name, args...) and call(Deferred): a function chosen at run time, as Puppet 7.23 has it.
#include "compiler/environment.hpp"
#include "compiler/function_host.hpp"
#include "compiler/functions/function.hpp"
#include "compiler/runtime_values.hpp"
#include "compiler/types.hpp"
#include "lang/diagnostic.hpp"
#include "text/text.hpp"

namespace marionette::compiler {

namespace {

/// Puppet's text for arguments that match neither of call's two signatures.
[[noreturn]] void reject(const CallContext& call, const std::string& why_string,
                         const std::string& why_deferred) {
  throw lang::SourceError(
      "The function 'call' was called with arguments it does not accept. It expects one of:\n"
      "  (String function_name, Any arguments*, Callable block?)\n    rejected: " +
          why_string +
          "\n  (Object[{name => 'Deferred', attributes => {'name' => "
          "Pattern[/\\A[$]?[a-z][a-z0-9_]*(?:::[a-z][a-z0-9_]*)*\\z/], 'arguments' => {type => "
          "Optional[Array], value => undef}}}] deferred)\n    rejected: " +
          why_deferred,
      call.where);
}

/// The named function with the arguments and the block, as if written `name(args) |…| {…}`.
/// Puppet's loader finds it by its lower-case name; a type's name (`Integer`) names none.
Value call_named(CallContext& call, const std::string& written, std::vector<Value> arguments) {
  std::string name = text::lowercase(written);
  std::string_view type_name = canonical_data_type_name(name);
  Function function = find_function(name);
  if (function && !type_name.empty() && type_name != name && find_function(type_name) == function)
    function = nullptr;
  if (function) {
    CallContext inner{call.host, call.scope, name, arguments, call.lambda, call.where};
    return function(inner);
  }
  if (call.host.environment().find_function(text::lowercase(name))) {
    if (std::optional<Value> result =
            call.host.call_function_by_name(name, std::move(arguments), call.scope, call.where))
      return *result;
  }
  throw lang::SourceError("Unknown function '" + written + "'", call.where);
}

Value call(CallContext& call) {
  if (call.arguments.empty())
    reject(call, "expects at least 1 argument, got none", "expects 1 argument, got none");
  const Value& first = call.arguments[0];
  if (is_runtime_value(first, "Deferred")) {
    if (call.arguments.size() > 1 || call.lambda)
      reject(call, "parameter 'function_name' expects a String value, got Deferred",
             "expects 1 argument, got " + std::to_string(call.arguments.size()));
    const auto& fields = first.type().parameters;
    std::vector<Value> arguments = fields[1].is_array() ? fields[1].array() : Array{};
    return call_named(call, fields[0].string(), std::move(arguments));
  }
  if (!first.is_string())
    reject(call, "parameter 'function_name' expects a String value, got " + type_name_of(first),
           "parameter 'deferred' expects a Deferred value, got " + type_name_of(first));
  std::string name = first.string();
  std::vector<Value> arguments(call.arguments.begin() + 1, call.arguments.end());
  return call_named(call, name, std::move(arguments));
}

/// import(...): Puppet 3's manifest import, refused since Puppet 4 wherever it is called.
Value import(CallContext& call) {
  throw lang::SourceError(
      "Use of 'import' has been discontinued in favor of a manifest directory. See "
      "http://links.puppet.com/puppet-import-deprecation",
      call.where);
}

}  // namespace

void register_call_function(FunctionTable& table) {
  table.emplace_back("call", call);
  table.emplace_back("import", import);
}

}  // namespace marionette::compiler
