// stdlib 9's functions that read the node's facts where stdlib 8.5's read legacy facts:
// stdlib::os_version_gte (os.name, os.release.major), stdlib::fqdn_rotate (networking.fqdn),
// stdlib::has_interface_with (networking.interfaces). stdlib 9 keeps the old names as shims
// that warn and call these (stdlib::answer_as_stdlib9 in the old names' own files).
#include <algorithm>

#include "compiler/function_host.hpp"
#include "compiler/functions/ruby_random.hpp"
#include "compiler/functions/stdlib_support.hpp"
#include "compiler/scope.hpp"
#include "compiler/string_encoding.hpp"
#include "compiler/types.hpp"
#include "digest/digest.hpp"

namespace marionette::compiler {

// Named, so that the unity build can put this file beside the stdlib 8.5 functions of the
// same names (stdlib_node_functions.cpp, stdlib_random_functions.cpp).
namespace stdlib9_facts {
namespace {

using stdlib::raise;

/// $facts[a][b]...: undef where a step is missing or not a hash.
Value fact_at(const CallContext& call, std::initializer_list<const char*> path) {
  const Scope* top = &call.scope;
  while (top->parent()) top = top->parent();
  const Value* facts = top->find_local("facts");
  Value current = facts ? *facts : Value();
  for (const char* key : path) {
    if (!current.is_hash()) return Value();
    const Value* found = stdlib::ruby_fetch(current.hash(), Value(key));
    current = found ? *found : Value();
  }
  return current;
}

/// A typed parameter of a stdlib 9 function: Puppet's mismatch when the value is not of it.
void expect_type(const CallContext& call, std::size_t index, const char* parameter,
                 const TypeValue& type) {
  if (!matches(call.arguments[index], type))
    raise(call, "'" + call.name + "' parameter '" + parameter + "' " +
                    describe_mismatch(type, call.arguments[index]));
}

const TypeValue& non_empty_string() {
  static const TypeValue type = make_type("String", {Value(1)});
  return type;
}

Value os_version_gte(CallContext& call) {
  call.expect_arguments(2, 2);
  expect_type(call, 0, "os", non_empty_string());
  expect_type(call, 1, "version", non_empty_string());
  Value name = fact_at(call, {"os", "name"});
  if (!stdlib::ruby_equal(name, call.arguments[0])) return false;
  std::vector<Value> compared{fact_at(call, {"os", "release", "major"}), call.arguments[1]};
  CallContext inner{call.host, call.scope, "versioncmp", compared, nullptr, call.where};
  return find_function("versioncmp")(inner).integer() >= 0;
}

/// Ruby's Array#join(':') of nested values: nested arrays joined in place.
void join_into(const Value& value, std::string& out, bool& first) {
  if (value.is_array()) {
    for (const Value& item : value.array()) join_into(item, out, first);
    return;
  }
  if (!first) out += ':';
  first = false;
  out += ruby_to_s(value);
}

/// The characters of a string, each its own string (String#chars).
Array characters(const Value& text) {
  Array out;
  for (std::string_view c : ruby_characters(text.string(), text.is_ascii_8bit()))
    out.push_back(string_like(text, std::string(c)));
  return out;
}

/// stdlib::fqdn_rotate(input, *seeds): rotated by Random.new(MD5([fqdn, seeds].join(':')))
/// .rand(size) places, fqdn being networking.fqdn.
Value fqdn_rotate(CallContext& call) {
  if (call.arguments.empty())
    raise(call, "'" + call.name + "' expects at least 1 argument, got none");
  const Value& input = call.arguments[0];
  if (!input.is_string() && !input.is_array())
    raise(call, "'" + call.name +
                    "' expects one of:\n  (String input, Variant[Integer, String] "
                    "*seeds)\n    rejected: parameter 'input' expects a String value, got " +
                    type_name_of(input) +
                    "\n  (Array input, Variant[Integer, String] *seeds)\n    rejected: parameter "
                    "'input' expects an Array value, got " +
                    type_name_of(input));
  static const TypeValue seed_type =
      make_type("Variant", {make_type("Integer", {}), make_type("String", {})});
  for (std::size_t i = 1; i < call.arguments.size(); ++i)
    if (!matches(call.arguments[i], seed_type))
      raise(call, "'" + call.name + "' parameter 'seeds' entry '" + std::to_string(i - 1) + "' " +
                      describe_mismatch(seed_type, call.arguments[i]));
  Array items = input.is_array() ? input.array() : characters(input);
  if (items.size() <= 1) return input;
  std::string seed = ruby_to_s(fact_at(call, {"networking", "fqdn"}));
  bool first = false;
  for (std::size_t i = 1; i < call.arguments.size(); ++i) join_into(call.arguments[i], seed, first);
  if (call.arguments.size() == 1) seed += ':';  // [fqdn, []].join(':')
  std::string hex;
  try {
    hex = digest::hex(digest::Algorithm::md5, seed);
  } catch (const digest::Unavailable& error) {
    raise(call, error.what());
  }
  RubyRandom random(seed_words_from_hex(hex));
  std::size_t offset = random.below(static_cast<std::uint32_t>(items.size()));
  std::rotate(items.begin(), items.begin() + static_cast<std::ptrdiff_t>(offset), items.end());
  if (input.is_array()) return items;
  std::string out;
  for (const Value& c : items) out += c.string();
  return out;
}

/// stdlib::has_interface_with(interface) or (kind, value): from networking.interfaces, where
/// ipaddress is `ip` and macaddress `mac`.
Value has_interface_with(CallContext& call) {
  call.expect_arguments(1, 2);
  Value interfaces = fact_at(call, {"networking", "interfaces"});
  if (call.arguments.size() == 1) {
    expect_type(call, 0, "interface", non_empty_string());
    return interfaces.is_hash() && stdlib::ruby_fetch(interfaces.hash(), call.arguments[0]);
  }
  static const TypeValue kinds =
      make_type("Enum", {Value("macaddress"), Value("netmask"), Value("ipaddress"),
                         Value("network"), Value("ip"), Value("mac")});
  expect_type(call, 0, "kind", kinds);
  expect_type(call, 1, "value", non_empty_string());
  std::string kind = call.arguments[0].string();
  if (kind == "ipaddress") kind = "ip";
  if (kind == "macaddress") kind = "mac";
  if (!interfaces.is_hash()) return false;
  for (const auto& [name, settings] : interfaces.hash()) {
    if (!settings.is_hash()) continue;
    const Value* value = stdlib::ruby_fetch(settings.hash(), Value(kind));
    if (value && stdlib::ruby_equal(*value, call.arguments[1])) return true;
  }
  return false;
}

}  // namespace
}  // namespace stdlib9_facts

void register_stdlib9_facts_functions(FunctionTable& table) {
  table.emplace_back("stdlib::os_version_gte", stdlib9_facts::os_version_gte);
  table.emplace_back("stdlib::fqdn_rotate", stdlib9_facts::fqdn_rotate);
  table.emplace_back("stdlib::has_interface_with", stdlib9_facts::has_interface_with);
}

}  // namespace marionette::compiler
