// stdlib's is_* predicates (deprecated in favour of data types and `=~`), is_a, type_of, type3x.
// The ones stdlib wraps in a Puppet 4 function warn once that they are deprecated and see undef
// as nil; the others, plain Puppet 3 functions, see a top-level undef as ''.
#include <map>
#include <regex>
#include <set>

#include "compiler/functions/stdlib_support.hpp"
#include "compiler/types.hpp"

namespace marionette::compiler {

namespace {

using stdlib::raise;
using Arguments = std::vector<Value>;

void expect_one(const CallContext& call, const Arguments& args, bool parenthesized) {
  if (args.size() == 1) return;
  std::string count = std::to_string(args.size()) + " for 1";
  raise(call, call.name + "(): Wrong number of arguments given " +
                  (parenthesized ? "(" + count + ")" : count));
}

bool is_string(const CallContext& call, const Arguments& args) {
  if (args.empty()) raise(call, "is_string(): Wrong number of arguments given (0 for 1)");
  const Value& value = args[0];
  if (value.is_undef()) return true;
  if (!value.is_string()) return false;
  return !stdlib::looks_like_ruby_float(value.string()) &&
         !stdlib::looks_like_ruby_integer(value.string());
}

bool is_array(const CallContext& call, const Arguments& args) {
  if (args.empty()) raise(call, "is_array(): Wrong number of arguments given (0 for 1)");
  return args[0].is_array();
}

bool is_hash(const CallContext& call, const Arguments& args) {
  expect_one(call, args, true);
  return args[0].is_hash();
}

bool is_bool(const CallContext& call, const Arguments& args) {
  expect_one(call, args, true);
  return args[0].is_boolean();
}

bool is_float(const CallContext& call, const Arguments& args) {
  expect_one(call, args, false);
  const Value& value = args[0];
  if (value.is_float()) return true;
  return value.is_string() && stdlib::looks_like_ruby_float(value.string());
}

bool is_integer(const CallContext& call, const Arguments& args) {
  expect_one(call, args, false);
  static const std::regex integer(R"(^-?(?:(?:[1-9]\d*)|0)$)", std::regex::multiline);
  const Value& value = args[0];
  return value.is_integer() ||
         (value.is_string() && value.string().size() <= stdlib::kLongestRegexInput &&
          std::regex_search(value.string(), integer));
}

bool is_numeric(const CallContext& call, const Arguments& args) {
  expect_one(call, args, false);
  static const std::regex numeric(R"(^-?(?:(?:[1-9]\d*)|0)(?:\.\d+)?(?:[eE]-?\d+)?$)",
                                  std::regex::multiline);
  const Value& value = args[0];
  return value.is_number() ||
         (value.is_string() && value.string().size() <= stdlib::kLongestRegexInput &&
          std::regex_search(value.string(), numeric));
}

bool is_absolute_path(const CallContext&, const Arguments& args) {
  return !args.empty() && stdlib::is_absolute_path(args[0]);
}

/// IPAddr.new of a non-string raises too (an address family error): false.
template <int Version>
bool is_ip(const CallContext& call, const Arguments& args) {
  expect_one(call, args, false);
  if (!args[0].is_string()) return false;
  std::optional<int> version = stdlib::ip_version(args[0].string());
  return version && (!Version || *version == Version);
}

bool is_mac_address(const CallContext& call, const Arguments& args) {
  expect_one(call, args, false);
  if (!args[0].is_string() || args[0].string().size() > stdlib::kLongestRegexInput) return false;
  static const std::regex mac(R"(^[a-f0-9]{1,2}(:[a-f0-9]{1,2}){5}$)",
                              std::regex::icase | std::regex::multiline);
  static const std::regex infiniband(R"(^[a-f0-9]{1,2}(:[a-f0-9]{1,2}){19}$)",
                                     std::regex::icase | std::regex::multiline);
  return std::regex_search(args[0].string(), mac) ||
         std::regex_search(args[0].string(), infiniband);
}

bool is_domain_name(const CallContext& call, const Arguments& args) {
  expect_one(call, args, false);
  return stdlib::is_domain_name(args[0]);
}

bool is_email_address(const CallContext& call, const Arguments& args) {
  expect_one(call, args, false);
  return stdlib::is_email_address(args[0]);
}

/// Whether a Puppet 3 function of that name exists (Puppet::Parser::Functions.function): those
/// of Puppet 7.23 and of stdlib 8.5; a function with only a Puppet 4 form (to_json) is not one.
bool is_function_available(const CallContext& call, const Arguments& args) {
  if (args.size() != 1)
    raise(call, "is_function_available?(): Wrong number of arguments given " +
                    std::to_string(args.size()) + " for 1");
  static const std::set<std::string, std::less<>> puppet3_functions{
      "abs", "any2array", "any2bool", "assert_private", "assert_type", "base64", "basename",
      "binary_file", "bool2num", "bool2str", "break", "camelcase", "capitalize", "ceiling",
      "chomp", "chop", "clamp", "concat", "contain", "convert_base", "count",
      "create_resources", "deep_merge", "defined", "defined_with_params", "delete",
      "delete_at", "delete_regex", "delete_undef_values", "delete_values", "deprecation",
      "difference", "dig", "dig44", "digest", "dirname", "dos2unix", "downcase", "each",
      "empty", "enclose_ipv6", "ensure_packages", "ensure_resource", "ensure_resources",
      "epp", "fail", "file", "filter", "find_file", "flatten", "floor", "fqdn_rand",
      "fqdn_rand_string", "fqdn_rotate", "fqdn_uuid", "generate", "get_module_path",
      "getparam", "getvar", "glob", "grep", "has_interface_with", "has_ip_address",
      "has_ip_network", "has_key", "hash", "hiera", "hiera_array", "hiera_hash",
      "hiera_include", "include", "inline_epp", "inline_template", "intersection",
      "is_absolute_path", "is_array", "is_bool", "is_domain_name", "is_email_address",
      "is_float", "is_function_available", "is_hash", "is_integer", "is_ip_address",
      "is_ipv4_address", "is_ipv6_address", "is_mac_address", "is_numeric", "is_string",
      "join", "join_keys_to_values", "keys", "lest", "load_module_metadata", "loadjson",
      "loadyaml", "lookup", "lstrip", "map", "match", "max", "md5", "member", "merge",
      "min", "new", "next", "num2bool", "parsejson", "parseyaml", "pick", "pick_default",
      "prefix", "private", "pry", "pw_hash", "range", "realize", "reduce", "regexpescape",
      "regsubst", "reject", "require", "return", "reverse", "reverse_each", "round",
      "rstrip", "scanf", "seeded_rand", "sha1", "sha256", "shell_join", "shell_split",
      "shellquote", "shuffle", "size", "slice", "sort", "split", "sprintf", "squeeze",
      "step", "str2bool", "str2saltedpbkdf2", "str2saltedsha512", "strftime", "strip",
      "suffix", "swapcase", "tag", "tagged", "template", "then", "time", "to_bytes",
      "try_get_value", "type", "type3x", "union", "unique", "unix2dos", "upcase",
      "uriescape", "validate_absolute_path", "validate_array", "validate_augeas",
      "validate_bool", "validate_cmd", "validate_domain_name", "validate_email_address",
      "validate_hash", "validate_integer", "validate_ip_address", "validate_ipv4_address",
      "validate_ipv6_address", "validate_numeric", "validate_re", "validate_slength",
      "validate_string", "validate_x509_rsa_key_pair", "values", "values_at", "versioncmp",
      "with", "zip"};
  return args[0].is_string() && puppet3_functions.count(args[0].string()) != 0;
}

using Predicate = bool (*)(const CallContext&, const Arguments&);

struct IsFunction {
  Predicate predicate;
  const char* deprecation_key;  ///< nullptr: a Puppet 3 function only, which does not warn
  const char* advised_type;
};

const std::map<std::string, IsFunction, std::less<>>& checks() {
  static const std::map<std::string, IsFunction, std::less<>> table{
      {"is_absolute_path", {is_absolute_path, "is_absolute_path", "Stdlib::Compat::Absolute_Path"}},
      {"is_array", {is_array, "is_array", "Stdlib::Compat::Array"}},
      {"is_bool", {is_bool, "is_bool", "Stdlib::Compat::Bool"}},
      {"is_float", {is_float, "is_float", "Stdlib::Compat::Float"}},
      {"is_ip_address", {is_ip<0>, "is_ip_address", "Stdlib::Compat::Ip_address"}},
      {"is_ipv4_address", {is_ip<4>, "is_ipv4_address", "Stdlib::Compat::Ipv4"}},
      // stdlib 8.5's is_ipv6_address warns under is_ipv4_address's key.
      {"is_ipv6_address", {is_ip<6>, "is_ipv4_address", "Stdlib::Compat::Ipv6"}},
      {"is_numeric", {is_numeric, "is_numeric", "Stdlib::Compat::Numeric"}},
      {"is_string", {is_string, "is_string", "Stdlib::Compat::String"}},
      {"is_hash", {is_hash, nullptr, nullptr}},
      {"is_integer", {is_integer, nullptr, nullptr}},
      {"is_mac_address", {is_mac_address, nullptr, nullptr}},
      {"is_domain_name", {is_domain_name, nullptr, nullptr}},
      {"is_email_address", {is_email_address, nullptr, nullptr}},
      {"is_function_available", {is_function_available, nullptr, nullptr}},
  };
  return table;
}

Value is_predicate(CallContext& call) {
  const IsFunction& check = checks().find(call.name)->second;
  if (!check.deprecation_key)
    return check.predicate(call, stdlib::legacy_arguments(call.arguments));
  stdlib::deprecation(call, check.deprecation_key,
                      stdlib::match_expression_advice(check.advised_type));
  return check.predicate(call, call.arguments);
}

/// is_a(value, Type): whether the value is an instance of the type.
Value is_a(CallContext& call) {
  call.expect_arguments(2, 2);
  if (!call.arguments[1].is_type())
    raise(call, "'is_a' parameter 'type' expects a Type value, got " +
                    type_name_of(call.arguments[1]));
  return matches(call.arguments[0], call.arguments[1].type());
}

/// type_of(value): the value's detailed type, as type(value) gives it.
Value type_of(CallContext& call) {
  call.expect_arguments(1, 1);
  return find_function("type")(call);
}

/// type3x(value): the Puppet 3 name of the value's Ruby class; strings that read as numbers
/// are 'integer' or 'float'.
Value type3x(CallContext& call) {
  Arguments args = stdlib::legacy_arguments(call.arguments);
  if (args.size() != 1)
    raise(call, "type3x(): Wrong number of arguments given (" + std::to_string(args.size()) +
                    " for 1)");
  const Value& value = args[0];
  if (value.is_boolean()) return "boolean";
  if (value.is_integer()) return "integer";
  if (value.is_float()) return "float";
  if (value.is_array()) return "array";
  if (value.is_hash()) return "hash";
  if (!value.is_string()) raise(call, "type3x(): Unknown type");
  if (stdlib::looks_like_ruby_integer(value.string())) return "integer";
  if (stdlib::looks_like_ruby_float(value.string())) return "float";
  return "string";
}

}  // namespace

void register_stdlib_is_functions(FunctionTable& table) {
  for (const auto& [name, check] : checks()) table.emplace_back(name, is_predicate);
  table.emplace_back("is_a", is_a);
  table.emplace_back("type_of", type_of);
  table.emplace_back("stdlib::type_of", type_of);
  table.emplace_back("type3x", type3x);
}

}  // namespace marionette::compiler
