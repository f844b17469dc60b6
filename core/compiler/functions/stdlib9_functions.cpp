// stdlib 9's functions that stdlib 8.5 does not have under any name: stdlib::has_function,
// stdlib::crc32, stdlib::nested_values, stdlib::sort_by (from stdlib 9's documentation; Debian's
// stdlib 8.5 cannot check them against real Puppet).
#include <algorithm>
#include <array>
#include <cstdio>

#include "compiler/evaluator.hpp"
#include "compiler/functions/stdlib_support.hpp"
#include "compiler/operators.hpp"
#include "compiler/types.hpp"

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
         call.evaluator.environment().find_function(lowercase(name)) != nullptr;
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
    if (item.is_hash()) collect_leaves(item, out, depth + 1, call);
    else out.push_back(item);
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
    keyed.emplace_back(call.evaluator.call_lambda(*call.lambda, std::move(args), call.scope), element);
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

}  // namespace

void register_stdlib9_functions(FunctionTable& table) {
  table.emplace_back("stdlib::has_function", has_function);
  table.emplace_back("stdlib::crc32", crc32);
  table.emplace_back("stdlib::nested_values", nested_values);
  table.emplace_back("stdlib::sort_by", sort_by);
}

}  // namespace marionette::compiler
