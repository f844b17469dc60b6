// stdlib 9's functions that stdlib 8.5 does not have under any name: stdlib::has_function,
// stdlib::crc32, stdlib::nested_values, stdlib::sort_by, stdlib::rewrap_sensitive_data and
// stdlib 9's typed stdlib::validate_domain_name / stdlib::validate_email_address. Debian's stdlib
// 8.5 cannot check them in golden cases; their tests hold what Puppet 7.23 does with stdlib 9.7.
#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>
#include <string_view>

#include "compiler/environment.hpp"
#include "compiler/function_host.hpp"
#include "compiler/functions/stdlib_support.hpp"
#include "compiler/operators.hpp"
#include "compiler/types.hpp"
#include "text/text.hpp"

namespace marionette::compiler {

namespace {

using stdlib::raise;

/// stdlib::has_function(name): a built-in or a function written in Puppet in the environment.
Value has_function(CallContext& call) {
  call.expect_arguments(1, 1);
  if (!call.arguments[0].is_string())
    raise(call, "'stdlib::has_function' parameter 'function_name' expects a String value, got " +
                    type_name_of(call.arguments[0]));
  const std::string& name = call.arguments[0].string();
  return find_function(name) != nullptr ||
         call.host.environment().find_function(text::lowercase(name)) != nullptr;
}

/// stdlib::crc32(value): Zlib.crc32 of the value's text (a Sensitive one unwrapped), in hex.
Value crc32(CallContext& call) {
  call.expect_arguments(1, 1);
  static const std::array<std::uint32_t, 256> table = [] {
    std::array<std::uint32_t, 256> t{};
    for (std::uint32_t i = 0; i < 256; ++i) {
      std::uint32_t c = i;
      for (int k = 0; k < 8; ++k) c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
      t[i] = c;
    }
    return t;
  }();
  const Value& value = call.arguments[0];
  std::string text = ruby_to_s(is_sensitive(value) ? value.type().parameters[0] : value);
  std::uint32_t crc = 0xFFFFFFFFu;
  for (unsigned char c : text) crc = table[(crc ^ c) & 0xFF] ^ (crc >> 8);
  char hex[9];
  std::snprintf(hex, sizeof hex, "%x", crc ^ 0xFFFFFFFFu);
  return std::string(hex);
}

void collect_leaves(const Value& value, Array& out, std::size_t depth, const CallContext& call) {
  if (depth > 1000) raise(call, "stdlib::nested_values(): the hash is nested too deeply");
  for (const auto& [key, item] : value.hash()) {
    if (item.is_hash())
      collect_leaves(item, out, depth + 1, call);
    else
      out.push_back(item);
  }
}

/// stdlib::nested_values(hash): the values of the hash and of the hashes in it, depth first.
Value nested_values(CallContext& call) {
  call.expect_arguments(1, 1);
  if (!call.arguments[0].is_hash())
    raise(call, "'stdlib::nested_values' parameter 'hash' expects a Hash value, got " +
                    type_name_of(call.arguments[0]));
  Array out;
  collect_leaves(call.arguments[0], out, 0, call);
  return out;
}

/// stdlib::sort_by(collection) |$x| { key }: the elements (a hash's entries) in the order of the
/// block's results, compared as Puppet compares values.
Value sort_by(CallContext& call) {
  call.expect_arguments(1, 1);
  call.expect_lambda();
  const Value& collection = call.arguments[0];
  std::optional<Array> elements = iterable_elements(collection);
  if (!elements)
    raise(call, "'stdlib::sort_by' parameter 'collection' expects an Iterable value, got " +
                    type_name_of(collection));
  std::size_t arity = call.lambda->parameters.size();
  std::vector<std::pair<Value, Value>> keyed;
  for (const Value& element : *elements) {
    // A hash's pairs give the block their key, or their key and value.
    std::vector<Value> args = !collection.is_hash() ? Array{element}
                              : arity == 2          ? element.array()
                                                    : Array{element.array()[0]};
    keyed.emplace_back(call.host.call_lambda(*call.lambda, std::move(args), call.scope), element);
  }
  std::stable_sort(keyed.begin(), keyed.end(), [&](const auto& a, const auto& b) {
    return compare(a.first, b.first, call.where) < 0;
  });
  if (collection.is_hash()) {
    Hash out;
    for (const auto& [key, pair] : keyed) out.emplace_back(pair.array()[0], pair.array()[1]);
    return out;
  }
  Array out;
  for (const auto& [key, element] : keyed) out.push_back(element);
  return out;
}

/// A DNS label as stdlib's patterns take it: letters, digits and inner hyphens, at most
/// `longest` characters.
bool is_label(std::string_view label, std::size_t longest = std::string_view::npos) {
  auto alnum = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; };
  if (label.empty() || label.size() > longest || !alnum(label.front()) || !alnum(label.back()))
    return false;
  return std::all_of(label.begin(), label.end(), [&](char c) { return alnum(c) || c == '-'; });
}

/// Labels joined by dots, none empty (no leading or trailing dot).
bool is_dotted_labels(std::string_view text, std::size_t longest = std::string_view::npos) {
  while (true) {
    std::size_t dot = text.find('.');
    if (!is_label(text.substr(0, dot), longest)) return false;
    if (dot == std::string_view::npos) return true;
    text.remove_prefix(dot + 1);
  }
}

/// Stdlib::Fqdn, or Stdlib::Dns::Zone ('.' or labels each ending in a dot).
bool is_fqdn_or_zone(const Value& value) {
  if (!value.is_string()) return false;
  std::string_view text = value.string();
  if (text == ".") return true;
  if (text.ends_with('.')) text.remove_suffix(1);
  return is_dotted_labels(text);
}

/// Stdlib::Email: a local part of letters, digits and !#$%&'*+/=?^_`{|}~.- then '@' and labels
/// of at most 63 characters.
bool is_email(const Value& value) {
  if (!value.is_string()) return false;
  std::string_view text = value.string();
  std::size_t at = text.find('@');
  if (at == 0 || at == std::string_view::npos) return false;
  static constexpr std::string_view kLocalSigns = ".!#$%&'*+/=?^_`{|}~-";
  for (char c : text.substr(0, at))
    if (!std::isalnum(static_cast<unsigned char>(c)) &&
        kLocalSigns.find(c) == std::string_view::npos)
      return false;
  return is_dotted_labels(text.substr(at + 1), 63);
}

/// The typed validators of stdlib 9: nothing when every value is of the type, else Puppet's
/// mismatch of the 'values' parameter.
Value validate_typed(CallContext& call, bool (*check)(const Value&), const char* type) {
  if (call.arguments.empty())
    raise(call, call.name + "(): Wrong number of arguments need at least one");
  for (const Value& value : call.arguments)
    if (!check(value))
      raise(call, "'" + call.name + "' parameter 'values' expects a match for " + type + ", got " +
                      (value.is_string() ? "'" + value.string() + "'" : type_name_of(value)));
  return Value();
}

Value validate_domain_name(CallContext& call) {
  return validate_typed(
      call, is_fqdn_or_zone,
      "Variant[Stdlib::Fqdn = Pattern[/\\A(([a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9\\-]*[a-zA-Z0-9])\\.)*"
      "([A-Za-z0-9]|[A-Za-z0-9][A-Za-z0-9\\-]*[A-Za-z0-9])\\z/], Stdlib::Dns::Zone = "
      "Pattern[/\\A((([a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])\\.)+|\\.)\\z/]]");
}

Value validate_email_address(CallContext& call) {
  return validate_typed(
      call, is_email,
      "Stdlib::Email = "
      "Pattern[/\\A[a-zA-Z0-9.!#$%&'*+\\/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}"
      "[a-zA-Z0-9])?(?:\\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*\\z/]");
}

Value deep_unwrap(const Value& value, bool& had_sensitive, std::size_t depth,
                  const CallContext& call) {
  if (depth > 1000) raise(call, "stdlib::rewrap_sensitive_data(): the data is nested too deeply");
  if (is_sensitive(value)) {
    had_sensitive = true;
    return deep_unwrap(value.type().parameters[0], had_sensitive, depth + 1, call);
  }
  if (value.is_array()) {
    Array out;
    for (const Value& item : value.array())
      out.push_back(deep_unwrap(item, had_sensitive, depth + 1, call));
    return out;
  }
  if (value.is_hash()) {
    Hash out;
    for (const auto& [key, item] : value.hash()) {
      Value plain_key = key;
      if (is_sensitive(key)) {
        had_sensitive = true;
        plain_key = key.type().parameters[0];
      }
      stdlib::ruby_store(out, plain_key, deep_unwrap(item, had_sensitive, depth + 1, call));
    }
    return out;
  }
  return value;
}

/// stdlib::rewrap_sensitive_data(data) |$unwrapped| { … }: the data with every Sensitive in it
/// unwrapped, given to the block; the result is Sensitive again when any was.
Value rewrap_sensitive_data(CallContext& call) {
  call.expect_arguments(1, 1);
  bool had_sensitive = false;
  Value unwrapped = deep_unwrap(call.arguments[0], had_sensitive, 0, call);
  Value result = call.lambda
                     ? call.host.call_lambda(*call.lambda, {std::move(unwrapped)}, call.scope)
                     : std::move(unwrapped);
  return had_sensitive ? make_sensitive(std::move(result)) : result;
}

}  // namespace

void register_stdlib9_functions(FunctionTable& table) {
  table.emplace_back("stdlib::has_function", has_function);
  table.emplace_back("stdlib::crc32", crc32);
  table.emplace_back("stdlib::nested_values", nested_values);
  table.emplace_back("stdlib::sort_by", sort_by);
  table.emplace_back("stdlib::validate_domain_name", validate_domain_name);
  table.emplace_back("stdlib::validate_email_address", validate_email_address);
  table.emplace_back("stdlib::rewrap_sensitive_data", rewrap_sensitive_data);
}

}  // namespace marionette::compiler
