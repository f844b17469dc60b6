// stdlib's validate_* functions (deprecated since stdlib 4.13 in favour of validate_legacy and
// data types): each fails the compilation with stdlib's own message when a value is not what it
// names, and the ones stdlib wraps in a Puppet 4 function warn once that they are deprecated.
#include <map>

#include "compiler/compile_log.hpp"
#include "compiler/function_host.hpp"
#include "compiler/functions/stdlib_support.hpp"
#include "compiler/operators.hpp"
#include "compiler/resource_table.hpp"
#include "compiler/scope.hpp"
#include "compiler/types.hpp"
#include "lang/diagnostic.hpp"
#include "lang/parser.hpp"

namespace marionette::compiler {

namespace {

using stdlib::raise;
using stdlib::ruby_class;
using Arguments = std::vector<Value>;

void expect_some(const CallContext& call, const Arguments& args, const char* name) {
  if (args.empty())
    raise(call, std::string(name) + "(): wrong number of arguments (0; must be > 0)");
}

/// "an Array" / "a Hash": Ruby's messages choose the article by hand.
void check_array(const CallContext& call, const Arguments& args) {
  expect_some(call, args, "validate_array");
  for (const Value& arg : args)
    if (!arg.is_array())
      raise(call, ruby_inspect(arg) + " is not an Array.  It looks to be a " + ruby_class(arg));
}

void check_hash(const CallContext& call, const Arguments& args) {
  expect_some(call, args, "validate_hash");
  for (const Value& arg : args)
    if (!arg.is_hash())
      raise(call, ruby_inspect(arg) + " is not a Hash.  It looks to be a " + ruby_class(arg));
}

void check_string(const CallContext& call, const Arguments& args) {
  expect_some(call, args, "validate_string");
  for (const Value& arg : args)
    if (!arg.is_string() && !arg.is_undef())
      raise(call, ruby_inspect(arg) + " is not a string.  It looks to be a " + ruby_class(arg));
}

void check_bool(const CallContext& call, const Arguments& args) {
  expect_some(call, args, "validate_bool");
  for (const Value& arg : args)
    if (!arg.is_boolean())
      raise(call, ruby_inspect(arg) + " is not a boolean.  It looks to be a " + ruby_class(arg));
}

void check_absolute_path(const CallContext& call, const Arguments& args) {
  expect_some(call, args, "validate_absolute_path");
  for (const Value& arg : args) {
    Arguments paths = arg.is_array() ? arg.array() : Arguments{arg};
    for (const Value& path : paths)
      if (!stdlib::is_absolute_path(path))
        raise(call, ruby_inspect(path) + " is not an absolute path.");
  }
}

void check_re(const CallContext& call, const Arguments& args) {
  if (args.size() < 2 || args.size() > 3)
    raise(call, "validate_re(): wrong number of arguments (" + std::to_string(args.size()) +
                    "; must be 2 or 3)");
  if (!args[0].is_string())
    raise(call, "validate_re(): input needs to be a String, not a " + ruby_class(args[0]));
  Arguments patterns;
  std::vector<Value> pending{args[1]};
  while (!pending.empty()) {  // [args[1]].flatten
    Value next = std::move(pending.back());
    pending.pop_back();
    if (next.is_array())
      pending.insert(pending.end(), next.array().rbegin(), next.array().rend());
    else
      patterns.push_back(std::move(next));
  }
  for (const Value& pattern : patterns) {
    Regexp regexp =
        pattern.is_regexp() ? pattern.regexp() : make_regexp(ruby_to_s(pattern), call.where);
    if (regex_match(args[0].string(), regexp)) return;
  }
  bool custom = args.size() > 2 && truthy(args[2]);
  raise(call, custom ? ruby_to_s(args[2])
                     : "validate_re(): " + ruby_inspect(args[0]) + " does not match " +
                           ruby_inspect(args[1]));
}

/// validate_integer and validate_numeric: a number (or an array of them) within [min, max].
template <bool Integral>
void check_number(const CallContext& call, const Arguments& args) {
  const std::string name = Integral ? "validate_integer" : "validate_numeric";
  const std::string kind = Integral ? "an Integer" : "a Numeric";
  if (args.empty() || args.size() > 3)
    raise(call, name + "(): Wrong number of arguments; must be 1, 2 or 3, got " +
                    std::to_string(args.size()));
  auto parse = [](const Value& value) -> std::optional<double> {
    std::string text = ruby_to_s(value);
    if (Integral) {
      auto number = stdlib::ruby_integer(text);
      return number ? std::optional<double>(static_cast<double>(*number)) : std::nullopt;
    }
    return stdlib::ruby_float(text);
  };
  auto shown = [](double bound) {
    return Integral ? std::to_string(static_cast<std::int64_t>(bound)) : format_float(bound);
  };
  std::optional<double> max, min;
  if (args.size() > 1 && !(args.size() > 2 && ruby_to_s(args[1]).empty())) {
    max = parse(args[1]);
    if (!max)
      raise(call, name + "(): Expected second argument to be unset or " + kind + ", got " +
                      ruby_to_s(args[1]) + ":String");
  }
  if (args.size() > 2) {
    min = parse(args[2]);
    if (!min)
      raise(call, name + "(): Expected third argument to be unset or " + kind + ", got " +
                      ruby_to_s(args[2]) + ":" + ruby_class(args[2]));
  }
  if (min && max && *min > *max)
    raise(call, name + "(): Expected second argument to be larger than third argument, got " +
                    shown(*max) + " < " + shown(*min));
  const Value& input = args[0];
  auto check = [&](double number) {
    if (max && number > *max)
      raise(call, name + "(): Expected " + ruby_inspect(input) + " to be smaller or equal to " +
                      shown(*max) + ", got " + ruby_inspect(input) + ".");
    if (min && number < *min)
      raise(call, name + "(): Expected " + ruby_inspect(input) + " to be greater or equal to " +
                      shown(*min) + ", got " + ruby_inspect(input) + ".");
  };
  if (input.is_array()) {
    for (std::size_t at = 0; at < input.array().size(); ++at) {
      const Value& item = input.array()[at];
      std::optional<double> number = item.is_hash() ? std::nullopt : parse(item);
      if (!number)
        raise(call, name + "(): Expected element at array position " + std::to_string(at) +
                        " to be " + kind + ", got " + ruby_class(item));
      check(*number);
    }
    return;
  }
  if (input.is_hash())
    raise(call, std::string("validate_integer(): Expected first argument to be ") + kind +
                    " or Array, got Hash");
  std::optional<double> number = parse(input);
  if (!number)
    raise(call, name + "(): Expected first argument to be " + kind + " or Array, got " +
                    ruby_class(input));
  check(*number);
}

void check_slength(const CallContext& call, const Arguments& args) {
  if (args.size() != 2 && args.size() != 3)
    raise(call, "validate_slength(): Wrong number of arguments (" + std::to_string(args.size()) +
                    "; must be 2 or 3)");
  auto integer = [](const Value& value) -> std::optional<std::int64_t> {
    if (value.is_integer()) return value.integer();
    if (value.is_float()) return static_cast<std::int64_t>(value.number());
    if (value.is_string()) return stdlib::ruby_integer(value.string());
    return std::nullopt;
  };
  std::optional<std::int64_t> max = integer(args[1]);
  if (!max || *max <= 0)
    raise(call, "validate_slength(): Expected second argument to be a positive Numeric, got " +
                    ruby_to_s(args[1]) + ":" + ruby_class(args[1]));
  std::int64_t min = 0;
  if (args.size() > 2 && !args[2].is_undef() && !(args[2].is_boolean() && !args[2].boolean())) {
    std::optional<std::int64_t> given = integer(args[2]);
    if (!given || *given < 0)
      raise(call,
            "validate_slength(): Expected third argument to be unset or a positive Numeric, got " +
                ruby_to_s(args[2]) + ":" + ruby_class(args[2]));
    min = *given;
  }
  if (*max < min)
    raise(call,
          "validate_slength(): Expected second argument to be equal to or larger than "
          "third argument");
  auto check = [&](const std::string& text) {
    auto length = static_cast<std::int64_t>(char_count(text));
    if (length > *max || length < min)
      raise(call, "validate_slength(): Expected length of " + ruby_inspect(args[0]) +
                      " to be between " + std::to_string(min) + " and " + std::to_string(*max) +
                      ", was " +
                      std::to_string(args[0].is_string()
                                         ? length
                                         : static_cast<std::int64_t>(args[0].array().size())));
  };
  if (args[0].is_string()) return check(args[0].string());
  if (!args[0].is_array())
    raise(call, "validate_slength(): Expected first argument to be a String or Array, got " +
                    ruby_class(args[0]));
  for (std::size_t at = 0; at < args[0].array().size(); ++at) {
    const Value& item = args[0].array()[at];
    if (!item.is_string())
      raise(call, "validate_slength(): Expected element at array position " + std::to_string(at) +
                      " to be a String, got " + ruby_class(item));
    check(item.string());
  }
}

/// validate_ip_address, validate_ipv4_address, validate_ipv6_address.
template <int Version>
void check_ip(const CallContext& call, const Arguments& args) {
  std::string name = Version == 4   ? "validate_ipv4_address"
                     : Version == 6 ? "validate_ipv6_address"
                                    : "validate_ip_address";
  std::string what = Version == 4 ? "IPv4 address" : Version == 6 ? "IPv6 address" : "IP address";
  expect_some(call, args, name.c_str());
  for (const Value& arg : args) {
    if (!arg.is_string()) raise(call, ruby_inspect(arg) + " is not a string.");
    std::optional<int> version = stdlib::ip_version(arg.string());
    if (!version || (Version && *version != Version))
      raise(call, ruby_inspect(arg) + " is not a valid " + what + ".");
  }
}

void check_domain_name(const CallContext& call, const Arguments& args) {
  expect_some(call, args, "validate_domain_name");
  for (const Value& arg : args) {
    if (!arg.is_string()) raise(call, ruby_inspect(arg) + " is not a string.");
    if (!stdlib::is_domain_name(arg))
      raise(call, ruby_inspect(arg) + " is not a syntactically correct domain name");
  }
}

void check_email_address(const CallContext& call, const Arguments& args) {
  expect_some(call, args, "validate_email_address");
  for (const Value& arg : args) {
    if (!arg.is_string()) raise(call, ruby_inspect(arg) + " is not a string.");
    if (!stdlib::is_email_address(arg))
      raise(call, ruby_inspect(arg) + " is not a valid email address");
  }
}

using Validation = void (*)(const CallContext&, const Arguments&);

struct Validator {
  Validation check;
  const char* advised_type;  ///< for the deprecation warning; nullptr: a Puppet 3 function only
};

const std::map<std::string, Validator, std::less<>>& validators() {
  static const std::map<std::string, Validator, std::less<>> table{
      {"validate_absolute_path", {check_absolute_path, "Stdlib::Compat::Absolute_Path"}},
      {"validate_array", {check_array, "Stdlib::Compat::Array"}},
      {"validate_bool", {check_bool, "Stdlib::Compat::Bool"}},
      {"validate_hash", {check_hash, "Stdlib::Compat::Hash"}},
      {"validate_integer", {check_number<true>, "Stdlib::Compat::Integer"}},
      {"validate_ip_address", {check_ip<0>, "Stdlib::Compat::Ip_Address"}},
      {"validate_ipv4_address", {check_ip<4>, "Stdlib::Compat::Ipv4_Address"}},
      {"validate_ipv6_address", {check_ip<6>, "Stdlib::Compat::Ipv6_address"}},
      {"validate_numeric", {check_number<false>, "Stdlib::Compat::Numeric"}},
      {"validate_re", {check_re, "Pattern[]"}},
      {"validate_slength", {check_slength, "String[]"}},
      {"validate_string", {check_string, "Stdlib::Compat::String"}},
      {"validate_domain_name", {check_domain_name, nullptr}},
      {"validate_email_address", {check_email_address, nullptr}},
  };
  return table;
}

/// A validate_* function as Puppet calls it: the Puppet 4 wrapper's warning, then the check;
/// a Puppet 3 function (no wrapper) sees a top-level undef as ''.
Value validate(CallContext& call) {
  const Validator& validator = validators().find(call.name)->second;
  if (!validator.advised_type) {
    validator.check(call, stdlib::legacy_arguments(call.arguments));
    return Value();
  }
  stdlib::deprecation(call, call.name, stdlib::validate_legacy_advice(validator.advised_type));
  validator.check(call, call.arguments);
  return Value();
}

/// validate_legacy's type given as a string, parsed by stdlib with Puppet's TypeParser in the
/// calling scope (Puppet 7.23 and OpenVox 8 alike, at top scope and in a class).
Value type_from_string(CallContext& call) {
  const std::string& text = call.arguments[0].string();
  lang::ast::Arena arena;
  lang::Program program;
  try {
    program = lang::parse(lang::make_source("<validate_legacy type>", text), arena);
  } catch (const lang::SourceError&) {
    raise(call, "The expression <" + text + "> is not a valid type specification.");
  }
  Value type;
  if (program.body && program.body->statements.size() == 1)
    type = call.host.evaluate(program.body->statements[0], call.scope);
  if (!type.is_type())
    raise(call, "The expression <" + text + "> is not a valid type specification.");
  return type;
}

/// stdlib 9's validate_legacy (the validate_* functions gone): deprecated as a whole (an error
/// under strict=error, Puppet 8's default), the old function's name unused, the type alone
/// deciding; a mismatch fails through `fail` as "validate_legacy(TYPE, ...) expects ...".
Value validate_legacy_stdlib9(CallContext& call) {
  const Value& type = call.arguments[0];
  stdlib::deprecation(call, "validate_legacy",
                      "This method is deprecated, please use Puppet data types to validate "
                      "parameters");
  const Value& value = call.arguments[2];
  if (matches(value, type.type())) return Value();
  raise(call, "validate_legacy(" + type_to_string(type.type()) + ", ...) " +
                  describe_mismatch(type.type(), value));
}

/// validate_legacy(Type, 'validate_x', value, args...): the type decides; when it and the old
/// function disagree, a notice (the type accepts) or a deprecation warning (the old one did).
/// With stdlib 9 on the modulepath, validate_legacy_stdlib9.
Value validate_legacy(CallContext& call) {
  if (call.arguments.size() < 3)
    call.fail("expects at least 3 arguments, got " + std::to_string(call.arguments.size()));
  if (call.arguments[0].is_string()) call.arguments[0] = type_from_string(call);
  const Value& type = call.arguments[0];
  if (!type.is_type() || !call.arguments[1].is_string())
    call.fail("expects a Type or String value as target_type and a String as function_name");
  if (stdlib::removed_from_stdlib(call.host.environment(), "validate_string"))
    return validate_legacy_stdlib9(call);
  const std::string& function_name = call.arguments[1].string();
  Arguments previous(call.arguments.begin() + 2, call.arguments.end());
  auto found = validators().find(function_name);
  if (found == validators().end()) raise(call, "undefined method `function_" + function_name + "'");
  bool previously_valid = true;
  try {
    found->second.check(call, previous);
  } catch (const lang::SourceError&) {
    previously_valid = false;
  }
  const Value& value = previous[0];
  if (matches(value, type.type())) {
    if (!previously_valid)
      compile_log("notice", "Accepting previously invalid value for target type '" +
                                type_to_string(type.type()) + "'");
    return Value();
  }
  std::string message =
      "validate_legacy(" + function_name + ") " + describe_mismatch(type.type(), value);
  if (!previously_valid) raise(call, message);
  stdlib::deprecation(call, "validate_legacy", message);
  return Value();
}

}  // namespace

void register_stdlib_validate_functions(FunctionTable& table) {
  for (const auto& [name, validator] : validators()) table.emplace_back(name, validate);
  table.emplace_back("validate_legacy", validate_legacy);
}

}  // namespace marionette::compiler
