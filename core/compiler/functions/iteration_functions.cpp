#include <algorithm>
#include <optional>

#include "compiler/function_host.hpp"
#include "compiler/functions/function.hpp"
#include "compiler/functions/memo_nesting.hpp"
#include "compiler/functions/ruby_format.hpp"
#include "compiler/jumps.hpp"
#include "compiler/operators.hpp"
#include "compiler/runtime_values.hpp"
#include "compiler/types.hpp"
#include "lang/diagnostic.hpp"
#include "rubyish/regex.hpp"

namespace marionette::compiler {

std::optional<Array> iterable_elements(const Value& value) {
  if (value.is_array()) return value.array();
  if (is_runtime_value(value, "Iterator")) return value.type().parameters.at(0).array();
  Array out;
  if (value.is_hash()) {
    for (const auto& [key, item] : value.hash()) out.push_back(Array{key, item});
    return out;
  }
  if (value.is_string()) {  // characters, not bytes
    const std::string& text = value.string();
    for (std::size_t at = 0; at < text.size();) {
      std::size_t end = at + 1;
      while (end < text.size() && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) ++end;
      out.push_back(text.substr(at, end - at));
      at = end;
    }
    return out;
  }
  constexpr std::int64_t kMostItems = 10'000'000;
  if (value.is_integer() && value.integer() >= 0 && value.integer() <= kMostItems) {
    for (std::int64_t i = 0; i < value.integer(); ++i) out.push_back(i);
    return out;
  }
  if (value.is_type()) {
    const TypeValue& type = value.type();
    if (type.name == "Enum") {
      for (const Value& item : type.parameters)
        if (item.is_string()) out.push_back(item);
      return out;
    }
    if (type.name == "Integer" && type.parameters.size() == 2 && type.parameters[0].is_integer() &&
        type.parameters[1].is_integer() &&
        static_cast<__int128>(type.parameters[1].integer()) - type.parameters[0].integer() <
            kMostItems) {
      for (std::int64_t i = type.parameters[0].integer(); i <= type.parameters[1].integer(); ++i)
        out.push_back(i);
      return out;
    }
  }
  return std::nullopt;
}

namespace {

/// The elements an iterable yields (iterable_elements), or the function's error.
Array elements_of(CallContext& call, const Value& collection) {
  if (auto items = iterable_elements(collection)) return std::move(*items);
  call.fail("expects an Iterable value, got " + type_name_of(collection));
}

/// Calls the lambda with (element) / (index, element) for arrays and (key, value) / ([k, v])
/// for hashes, as the lambda's parameter count asks.
/// `results_unused`: the function ignores what the lambda returns (each).
template <class Visit>
void iterate(CallContext& call, const Value& collection, Visit visit, bool results_unused = false) {
  call.expect_lambda();
  // A block that takes two arguments (`*$rest` does) gets them, as Puppet's first dispatch.
  const auto& parameters = call.lambda->parameters;
  std::size_t arity = parameters.size() == 1 && parameters[0].captures_rest ? 2 : parameters.size();
  if (collection.is_hash()) {
    for (const auto& [key, value] : collection.hash()) {
      std::vector<Value> arguments;
      if (arity >= 2)
        arguments = {key, value};
      else
        arguments = {Value(Array{key, value})};
      if (!visit(
              call.host.call_lambda(*call.lambda, std::move(arguments), call.scope, results_unused),
              &key, value))
        return;
    }
    return;
  }
  Array made;  // what is not an array already: an array is iterated where it is
  if (!collection.is_array()) made = elements_of(call, collection);
  const Array& items = collection.is_array() ? collection.array() : made;
  for (std::size_t i = 0; i < items.size(); ++i) {
    std::vector<Value> arguments;
    if (arity >= 2)
      arguments = {Value(static_cast<std::int64_t>(i)), items[i]};
    else
      arguments = {items[i]};
    if (!visit(
            call.host.call_lambda(*call.lambda, std::move(arguments), call.scope, results_unused),
            nullptr, items[i]))
      return;
  }
}

Value each(CallContext& call) {
  call.expect_arguments(1, 1);
  try {
    iterate(
        call, call.arguments[0], [](const Value&, const Value*, const Value&) { return true; },
        true);
  } catch (const BreakJump&) {
  }
  return call.arguments[0];
}

Value map(CallContext& call) {
  call.expect_arguments(1, 1);
  Array out;
  try {
    iterate(call, call.arguments[0], [&](const Value& result, const Value*, const Value&) {
      out.push_back(result);
      return true;
    });
  } catch (const BreakJump&) {
  }
  return out;
}

Value filter(CallContext& call) {
  call.expect_arguments(1, 1);
  if (call.arguments[0].is_hash()) {
    Hash out;
    try {
      iterate(call, call.arguments[0],
              [&](const Value& result, const Value* key, const Value& value) {
                if (truthy(result)) out.emplace_back(*key, value);
                return true;
              });
    } catch (const BreakJump&) {
    }
    return out;
  }
  Array out;
  try {
    iterate(call, call.arguments[0], [&](const Value& result, const Value*, const Value& value) {
      if (truthy(result)) out.push_back(value);
      return true;
    });
  } catch (const BreakJump&) {
  }
  return out;
}

Value reduce(CallContext& call) {
  call.expect_arguments(1, 2);
  call.expect_lambda();
  // Whatever Puppet iterates: `3.reduce` is 0, 1, 2 and `Integer[1, 3].reduce` 1, 2, 3.
  Array items = elements_of(call, call.arguments[0]);
  std::size_t start = 0;
  Value memo;
  if (call.arguments.size() > 1) {
    memo = call.arguments[1];
  } else if (!items.empty()) {
    memo = items[0];
    start = 1;
  }
  MemoNesting nesting;
  try {
    for (std::size_t i = start; i < items.size(); ++i) {
      memo = call.host.call_lambda(*call.lambda, {memo, items[i]}, call.scope);
      if (nesting.measure(memo) > kMaxValueNesting)
        throw lang::SourceError("stack level too deep", call.where);
    }
  } catch (const BreakJump&) {
  }
  return memo;
}

Value with(CallContext& call) {
  call.expect_lambda();
  return call.host.call_lambda(*call.lambda, call.arguments, call.scope);
}

/// index(collection, value) or index(collection) |$x| / |$i, $x| { ... }: the first index (a
/// hash's key) whose value matches; index(string, string or regexp): where it first occurs, in
/// characters. Its signatures are in signature_table.cpp.
Value index(CallContext& call) {
  const Value& collection = call.arguments[0];
  if (!call.lambda && collection.is_string() &&
      (call.arguments[1].is_string() || call.arguments[1].is_regexp())) {
    const std::string& text = collection.string();
    std::size_t at = std::string::npos;
    if (call.arguments[1].is_string()) {
      at = text.find(call.arguments[1].string());
    } else if (auto found = rubyish::regex_search_bounded(text, *call.arguments[1].regexp().compiled)) {
      at = found->begin();
    }
    if (at == std::string::npos) return Value();
    return static_cast<std::int64_t>(char_count(std::string_view(text).substr(0, at)));
  }
  const bool both = call.lambda && call.lambda->parameters.size() == 2;
  auto matching = [&](const Value& key, const Value& value) {
    if (!call.lambda) return same_hash_key(value, call.arguments[1]);  // Ruby's ==
    return truthy(call.host.call_lambda(
        *call.lambda, both ? std::vector<Value>{key, value} : std::vector<Value>{value},
        call.scope));
  };
  if (collection.is_hash()) {
    for (const auto& [key, value] : collection.hash())
      if (matching(key, value)) return key;
    return Value();
  }
  std::optional<Array> items = iterable_elements(collection);
  if (!items) call.fail("expects an Iterable value, got " + type_name_of(collection));
  for (std::size_t i = 0; i < items->size(); ++i)
    if (matching(Value(static_cast<std::int64_t>(i)), (*items)[i]))
      return static_cast<std::int64_t>(i);
  return Value();
}

/// Without a lambda, an Iterator over the elements; with one, each passed to it (until a
/// break()).
Value yield_each(CallContext& call, Array items) {
  if (!call.lambda) return make_iterator(std::move(items));
  try {
    for (const Value& item : items) call.host.call_lambda(*call.lambda, {item}, call.scope, true);
  } catch (const BreakJump&) {
  }
  return Value();
}

Value reverse_each(CallContext& call) {
  call.expect_arguments(1, 1);
  Array items = elements_of(call, call.arguments[0]);
  std::reverse(items.begin(), items.end());
  return yield_each(call, std::move(items));
}

/// step(iterable, n): every n-th element from the first.
Value step(CallContext& call) {
  call.expect_arguments(2, 2);
  if (!call.arguments[1].is_integer() || call.arguments[1].integer() < 1)
    call.fail("parameter 'step' expects an Integer[1] value");
  Array items = elements_of(call, call.arguments[0]), out;
  for (std::size_t i = 0; i < items.size();
       i += static_cast<std::size_t>(call.arguments[1].integer()))
    out.push_back(items[i]);
  return yield_each(call, std::move(out));
}

/// slice(iterable, n): consecutive slices of n elements (the last may be shorter).
Value slice(CallContext& call) {
  call.expect_arguments(2, 2);
  if (!call.arguments[1].is_integer() || call.arguments[1].integer() < 1)
    call.fail("parameter 'slice_size' expects an Integer[1] value");
  std::size_t size = static_cast<std::size_t>(call.arguments[1].integer());
  Array items = elements_of(call, call.arguments[0]);
  Array slices;
  for (std::size_t i = 0; i < items.size(); i += size)
    slices.push_back(
        Array(items.begin() + static_cast<std::ptrdiff_t>(i),
              items.begin() + static_cast<std::ptrdiff_t>(std::min(items.size(), i + size))));
  if (!call.lambda) return slices;
  // Ruby's arity: a block with optional or captured parameters takes a whole slice spread.
  const auto& parameters = call.lambda->parameters;
  std::size_t arity = parameters.size();
  if (std::any_of(parameters.begin(), parameters.end(),
                  [](const auto& p) { return p.captures_rest || p.default_value; }))
    arity = size;
  try {
    for (const Value& piece : slices) {
      std::vector<Value> arguments;
      if (arity > 1) {
        // A short last slice is filled up: with empty arrays for a hash's pairs, else undef.
        arguments = piece.array();
        arguments.resize(arity, call.arguments[0].is_hash() ? Value(Array()) : Value());
      } else {
        arguments = {piece};
      }
      call.host.call_lambda(*call.lambda, std::move(arguments), call.scope);
    }
  } catch (const BreakJump&) {
  }
  return call.arguments[0];
}

/// any / all with a lambda.
template <bool All>
Value quantify(CallContext& call) {
  call.expect_arguments(1, 1);
  bool result = All;
  iterate(call, call.arguments[0], [&](const Value& answer, const Value*, const Value&) {
    if (truthy(answer) != All) {
      result = !All;
      return false;
    }
    return true;
  });
  return result;
}

double to_number(const Value& value) {
  return value.is_number() ? value.number() : 0;
}

/// Ruby's `a <=> b` on the objects Puppet hands Ruby, as Array#sort calls it: numbers by value,
/// strings byte by byte, arrays element by element and then by length, SemVers and times by
/// their order; anything else is 0 when equal, else nil (nullopt): not comparable.
std::optional<int> ruby_order(const Value& a, const Value& b) {
  if (a.is_number() && b.is_number()) {
    if (a.is_integer() && b.is_integer())
      return a.integer() < b.integer() ? -1 : a.integer() > b.integer() ? 1 : 0;
    return a.number() < b.number() ? -1 : a.number() > b.number() ? 1 : 0;
  }
  if (a.is_string() && b.is_string()) {
    int order = a.string().compare(b.string());
    return order < 0 ? -1 : order > 0 ? 1 : 0;
  }
  if (a.is_array() && b.is_array()) {
    const Array &left = a.array(), &right = b.array();
    for (std::size_t i = 0; i < left.size() && i < right.size(); ++i) {
      std::optional<int> order = ruby_order(left[i], right[i]);
      if (!order || *order != 0) return order;
    }
    return left.size() < right.size() ? -1 : left.size() > right.size() ? 1 : 0;
  }
  if (auto order = compare_runtime_values(a, b)) return order;
  if (a.is_number() || b.is_number() || a.is_string() || b.is_string() || a.is_array() ||
      b.is_array())
    return std::nullopt;
  return equals(a, b) ? std::optional<int>(0) : std::nullopt;
}

/// How Ruby's "comparison of A with B failed" names B: a value held in the reference itself
/// (nil, true, false, an Integer, a Symbol, a Float) by its inspect, anything else by its class.
std::string ruby_comparison_operand(const Value& value) {
  if (value.is_undef()) return "nil";
  if (value.is_boolean() || value.is_integer() || value.is_default() || value.is_float())
    return ruby_inspect(value);
  return ruby_class(value);
}

/// glibc's qsort, which Ruby's Array#sort calls on Debian: a top-down merge sort (the first half
/// of n is n/2) that takes from the left on a tie. The same comparisons in the same order, so
/// that a lambda's side effects and the pair named by an error are Puppet's.
template <typename Order>
void merge_sort(Array& items, std::size_t begin, std::size_t end, Array& scratch, Order& order) {
  const std::size_t count = end - begin;
  if (count <= 1) return;
  const std::size_t middle = begin + count / 2;
  merge_sort(items, begin, middle, scratch, order);
  merge_sort(items, middle, end, scratch, order);
  scratch.clear();
  std::size_t left = begin, right = middle;
  while (left < middle && right < end)
    scratch.push_back(order(items[left], items[right]) <= 0 ? std::move(items[left++])
                                                            : std::move(items[right++]));
  while (left < middle) scratch.push_back(std::move(items[left++]));
  for (std::size_t i = 0; i < scratch.size(); ++i) items[begin + i] = std::move(scratch[i]);
}

/// sort() is Ruby's Array#sort: without a lambda, elements are ordered by Ruby's <=>, and a pair
/// it cannot order fails with Ruby's ArgumentError; a lambda's answer is compared with 0.
Value sort(CallContext& call) {
  call.expect_arguments(1, 1);
  auto order = [&](const Value& a, const Value& b) -> int {
    if (call.lambda) {
      double answer = to_number(call.host.call_lambda(*call.lambda, {a, b}, call.scope));
      return answer < 0 ? -1 : answer > 0 ? 1 : 0;
    }
    std::optional<int> answer = ruby_order(a, b);
    if (!answer)
      throw lang::SourceError(
          "comparison of " + ruby_class(a) + " with " + ruby_comparison_operand(b) + " failed",
          call.where);
    return *answer;
  };
  const bool text = call.arguments[0].is_string();  // a string sorts its characters
  if (!text && !call.arguments[0].is_array()) call.fail("expects an Array");
  Array items = text ? *iterable_elements(call.arguments[0]) : call.arguments[0].array();
  Array scratch;
  merge_sort(items, 0, items.size(), scratch, order);
  if (!text) return items;
  std::string out;
  for (const Value& c : items) out += c.string();
  return out;
}

/// next(value), break() and return(value) leave their lambda, iteration or function.
Value next_function(CallContext& call) {
  call.expect_arguments(0, 1);
  throw NextJump{call.arguments.empty() ? Value() : call.arguments[0], call.where};
}

Value break_function(CallContext& call) {
  call.expect_arguments(0, 0);
  throw BreakJump{call.where};
}

Value return_function(CallContext& call) {
  call.expect_arguments(0, 1);
  throw ReturnJump{call.arguments.empty() ? Value() : call.arguments[0], call.where};
}

}  // namespace

void register_iteration_functions(FunctionTable& table) {
  table.emplace_back("each", each);
  table.emplace_back("map", map);
  table.emplace_back("filter", filter);
  table.emplace_back("reduce", reduce);
  table.emplace_back("with", with);
  table.emplace_back("index", index);
  table.emplace_back("sort", sort);
  table.emplace_back("reverse_each", reverse_each);
  table.emplace_back("step", step);
  table.emplace_back("slice", slice);
  table.emplace_back("any", quantify<false>);
  table.emplace_back("all", quantify<true>);
  table.emplace_back("next", next_function);
  table.emplace_back("break", break_function);
  table.emplace_back("return", return_function);
}

}  // namespace marionette::compiler
