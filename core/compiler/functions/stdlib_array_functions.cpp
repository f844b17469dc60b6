// stdlib's functions on arrays: concat, difference, intersection, union, prefix, suffix, zip,
// any2array, member, count, reject, grep, shuffle, reverse.
// Elements compare as Ruby compares them (Array#- and #& by eql?, #include? by ==).
#include <algorithm>
#include <random>

#include "compiler/functions/stdlib_support.hpp"
#include "compiler/operators.hpp"
#include "compiler/types.hpp"

namespace marionette::compiler {

namespace {

using stdlib::raise;
using Arguments = std::vector<Value>;

bool contains_eql(const Array& items, const Value& wanted) {
  for (const Value& item : items)
    if (stdlib::ruby_eql(item, wanted)) return true;
  return false;
}

Value concat(CallContext& call) {
  Arguments args = stdlib::legacy_arguments(call.arguments);
  if (args.size() < 2)
    raise(call,
          "concat(): Wrong number of arguments given (" + stdlib::count_of(args) + " for < 2)");
  if (!args[0].is_array()) raise(call, "concat(): Requires array to work with");
  Array result = args[0].array();
  for (std::size_t i = 1; i < args.size(); ++i) {
    if (args[i].is_array())
      result.insert(result.end(), args[i].array().begin(), args[i].array().end());
    else
      result.push_back(args[i]);
  }
  return result;
}

Value difference(CallContext& call) {
  Arguments args = stdlib::legacy_arguments(call.arguments);
  if (args.size() != 2)
    raise(call,
          "difference(): Wrong number of arguments given (" + stdlib::count_of(args) + " for 2)");
  if (!args[0].is_array() || !args[1].is_array()) raise(call, "difference(): Requires 2 arrays");
  Array result;
  for (const Value& item : args[0].array())
    if (!contains_eql(args[1].array(), item)) result.push_back(item);
  return result;
}

Value intersection(CallContext& call) {
  Arguments args = stdlib::legacy_arguments(call.arguments);
  if (args.size() != 2)
    raise(call,
          "intersection(): Wrong number of arguments given (" + stdlib::count_of(args) + " for 2)");
  if (!args[0].is_array() || !args[1].is_array())
    raise(call, "intersection(): Requires 2 arrays, got " + stdlib::ruby_class(args[0]) + " and " +
                    stdlib::ruby_class(args[1]));
  Array result;
  for (const Value& item : args[0].array())
    if (contains_eql(args[1].array(), item) && !contains_eql(result, item)) result.push_back(item);
  return result;
}

Value union_of(CallContext& call) {
  Arguments args = stdlib::legacy_arguments(call.arguments);
  if (args.size() < 2)
    raise(call,
          "union(): Wrong number of arguments given (" + stdlib::count_of(args) + " for < 2)");
  Array result;
  for (const Value& arg : args) {
    if (!arg.is_array()) raise(call, "union(): Every parameter must be an array");
    for (const Value& item : arg.array())
      if (!contains_eql(result, item)) result.push_back(item);
  }
  return result;
}

/// prefix(collection, text) / suffix(collection, text): elements (or keys) as strings, with it.
template <bool Before>
Value affix(CallContext& call) {
  Arguments args = stdlib::legacy_arguments(call.arguments);
  const std::string name = Before ? "prefix" : "suffix";
  if (args.empty()) raise(call, name + "(): Wrong number of arguments given (0 for 1)");
  const Value& collection = args[0];
  if (!collection.is_array() && !collection.is_hash())
    raise(call, name + "(): expected first argument to be an Array or a Hash, got " +
                    ruby_inspect(collection));
  std::string affix;
  if (args.size() > 1 && truthy(args[1])) {
    if (!args[1].is_string())
      raise(call,
            name + "(): expected second argument to be a String, got " + ruby_inspect(args[1]));
    affix = args[1].string();
  }
  auto attach = [&](const Value& item) {
    return Before ? affix + ruby_to_s(item) : ruby_to_s(item) + affix;
  };
  if (collection.is_array()) {
    Array out;
    for (const Value& item : collection.array()) out.push_back(attach(item));
    return out;
  }
  Hash out;
  for (const auto& [key, value] : collection.hash())
    stdlib::ruby_store(out, Value(attach(key)), value);
  return out;
}

Value zip(CallContext& call) {
  Arguments args = stdlib::legacy_arguments(call.arguments);
  if (args.size() < 2)
    raise(call, "zip(): Wrong number of arguments given (" + stdlib::count_of(args) + " for 2)");
  if (!args[0].is_array() || !args[1].is_array()) raise(call, "zip(): Requires array to work with");
  bool flat = false;
  if (args.size() > 2 && truthy(args[2])) {
    std::vector<Value> str2bool_args{args[2]};
    CallContext inner{call.host, call.scope, "str2bool", str2bool_args, nullptr, call.where};
    flat = truthy(find_function("str2bool")(inner));
  }
  Array pairs;
  const Array &a = args[0].array(), &b = args[1].array();
  for (std::size_t i = 0; i < a.size(); ++i)
    pairs.push_back(Value(Array{a[i], i < b.size() ? b[i] : Value()}));
  if (!flat) return pairs;
  Array out;
  stdlib::flatten_into(Value(std::move(pairs)), out, 0);
  return out;
}

Value any2array(CallContext& call) {
  Arguments args = stdlib::legacy_arguments(call.arguments);
  if (args.empty()) return Array{};
  if (args.size() > 1) return Array(args);
  const Value& value = args[0];
  if (value.is_array()) return value;
  if (value.is_string() && value.string().empty()) return Array{};
  if (value.is_hash()) {
    Array out;
    for (const auto& [key, item] : value.hash()) {
      out.push_back(key);
      out.push_back(item);
    }
    return out;
  }
  return Array{value};
}

Value member(CallContext& call) {
  Arguments args = stdlib::legacy_arguments(call.arguments);
  if (args.size() < 2)
    raise(call, "member(): Wrong number of arguments given (" + stdlib::count_of(args) + " for 2)");
  if (!args[0].is_array()) raise(call, "member(): Requires array to work with");
  const Value& item = args[1];
  if (!item.is_string() && !item.is_integer() && !item.is_array())
    raise(call, "member(): Item to search for must be a string, fixnum, or array");
  Array wanted = item.is_array() ? item.array() : Array{item};
  if (item.is_array() && wanted.empty())
    raise(call, "member(): You must provide item to search for within array given");
  for (const Value& one : wanted)
    if (!contains_eql(args[0].array(), one)) return false;
  return true;
}

/// count(collection, item): how many equal item; without one, how many are neither undef nor ''.
Value count(CallContext& call) {
  Arguments args = stdlib::legacy_arguments(call.arguments);
  if (args.size() > 2)
    raise(call,
          "count(): Wrong number of arguments given " + stdlib::count_of(args) + " for 1 or 2.");
  if (args.empty()) raise(call, "undefined method `count' for nil:NilClass");
  std::optional<Array> items =
      args[0].is_array() ? std::optional(args[0].array()) : iterable_elements(args[0]);
  if (!items || args[0].is_string())
    raise(call, "undefined method `count' for " + ruby_inspect(args[0]) + ":" +
                    stdlib::ruby_class(args[0]));
  std::int64_t n = 0;
  bool with_item = args.size() > 1 && truthy(args[1]);
  for (const Value& element : *items) {
    if (with_item ? stdlib::ruby_equal(element, args[1])
                  : !element.is_undef() && !(element.is_string() && element.string().empty()))
      ++n;
  }
  return n;
}

/// reject(array, pattern) / grep(array, pattern): the elements that do not / do match.
template <bool Keep>
Value filter_by_pattern(CallContext& call) {
  Arguments args = stdlib::legacy_arguments(call.arguments);
  if (args.size() != 2)
    raise(call,
          call.name + "(): Wrong number of arguments given " + stdlib::count_of(args) + " for 2");
  Regexp pattern =
      args[1].is_regexp() ? args[1].regexp() : make_regexp(ruby_to_s(args[1]), call.where);
  std::optional<Array> items = iterable_elements(args[0]);
  if (!items || args[0].is_string())
    raise(call, "undefined method `" + std::string(Keep ? "grep" : "reject") + "' for " +
                    ruby_inspect(args[0]) + ":" + stdlib::ruby_class(args[0]));
  Array out;
  for (const Value& item : *items) {
    bool hit = item.is_string() && regex_match(item.string(), pattern).has_value();
    if (hit == Keep) out.push_back(item);
  }
  return out;
}

/// The characters of a UTF-8 string, each as its own string value.
Array character_values(const std::string& text) {
  Array out;
  for (std::size_t at = 0; at < text.size();) {
    std::size_t next = at + 1;
    while (next < text.size() && (static_cast<unsigned char>(text[next]) & 0xC0) == 0x80) ++next;
    out.push_back(text.substr(at, next - at));
    at = next;
  }
  return out;
}

std::string concatenated_strings(const Array& items) {
  std::string out;
  for (const Value& item : items) out += item.string();
  return out;
}

/// shuffle(array or string): a random order (Kernel#rand: not reproducible, as in Puppet).
Value shuffle(CallContext& call) {
  Arguments args = stdlib::legacy_arguments(call.arguments);
  if (args.empty()) raise(call, "shuffle(): Wrong number of arguments given (0 for 1)");
  const Value& value = args[0];
  if (!value.is_array() && !value.is_string())
    raise(call, "shuffle(): Requires either array or string to work with");
  Array items = value.is_string() ? character_values(value.string()) : value.array();
  static thread_local std::mt19937_64 random{std::random_device{}()};
  for (std::size_t i = 0; i + 1 < items.size(); ++i) {
    std::uniform_int_distribution<std::size_t> pick(i, items.size() - 1);
    std::swap(items[i], items[pick(random)]);
  }
  return value.is_string() ? Value(concatenated_strings(items)) : Value(std::move(items));
}

Value reverse(CallContext& call) {
  Arguments args = stdlib::legacy_arguments(call.arguments);
  if (args.empty()) raise(call, "reverse(): Wrong number of arguments given (0 for 1)");
  const Value& value = args[0];
  if (!value.is_array() && !value.is_string())
    raise(call, "reverse(): Requires either array or string to work with");
  Array items = value.is_string() ? character_values(value.string()) : value.array();
  std::reverse(items.begin(), items.end());
  return value.is_string() ? Value(concatenated_strings(items)) : Value(std::move(items));
}

}  // namespace

void register_stdlib_array_functions(FunctionTable& table) {
  table.emplace_back("concat", concat);
  table.emplace_back("difference", difference);
  table.emplace_back("intersection", intersection);
  table.emplace_back("union", union_of);
  table.emplace_back("prefix", affix<true>);
  table.emplace_back("suffix", affix<false>);
  table.emplace_back("zip", zip);
  table.emplace_back("any2array", any2array);
  table.emplace_back("member", member);
  table.emplace_back("count", count);
  table.emplace_back("reject", filter_by_pattern<false>);
  table.emplace_back("grep", filter_by_pattern<true>);
  table.emplace_back("shuffle", shuffle);
  table.emplace_back("reverse", reverse);
}

}  // namespace marionette::compiler
