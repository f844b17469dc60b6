// Functions that split a collection into groups by a block: group_by, partition.
#include <algorithm>
#include <sstream>

#include "compiler/function_host.hpp"
#include "compiler/functions/function.hpp"
#include "compiler/operators.hpp"
#include "compiler/types.hpp"
#include "lang/ast/operators.hpp"

namespace marionette::compiler {

namespace {

/// group_by: the lambda's result for each element => the elements that gave it.
Value group_by(CallContext& call) {
  call.expect_arguments(1, 1);
  call.expect_lambda();
  std::size_t arity = call.lambda->parameters.size();
  const Value& collection = call.arguments[0];
  Hash groups;
  auto add = [&](const Value& key, const Value& item) {
    for (auto& [existing, members] : groups)
      if (same_hash_key(existing, key)) {
        Array more = members.array();
        more.push_back(item);
        members = Value(std::move(more));
        return;
      }
    groups.emplace_back(key, Value(Array{item}));
  };
  if (collection.is_hash()) {
    for (const auto& [key, value] : collection.hash()) {
      Value pair(Array{key, value});
      std::vector<Value> arguments =
          arity >= 2 ? std::vector<Value>{key, value} : std::vector<Value>{pair};
      add(call.host.call_lambda(*call.lambda, std::move(arguments), call.scope), pair);
    }
  } else if (collection.is_array()) {
    const Array& items = collection.array();
    for (std::size_t i = 0; i < items.size(); ++i) {
      std::vector<Value> arguments =
          arity >= 2 ? std::vector<Value>{Value(static_cast<std::int64_t>(i)), items[i]}
                     : std::vector<Value>{items[i]};
      add(call.host.call_lambda(*call.lambda, std::move(arguments), call.scope), items[i]);
    }
  } else {
    call.fail("expects a Collection value, got " + type_name_of(collection));
  }
  return groups;
}

/// partition: [elements the lambda accepts, the others].
Value partition(CallContext& call) {
  call.expect_arguments(1, 1);
  call.expect_lambda();
  std::size_t arity = call.lambda->parameters.size();
  const Value& collection = call.arguments[0];
  Array accepted, rejected;
  if (collection.is_hash()) {
    // Ruby's Hash#partition: arrays of [key, value] pairs.
    for (const auto& [key, value] : collection.hash()) {
      std::vector<Value> arguments = arity >= 2 ? std::vector<Value>{key, value}
                                                : std::vector<Value>{Value(Array{key, value})};
      bool keep = truthy(call.host.call_lambda(*call.lambda, std::move(arguments), call.scope));
      (keep ? accepted : rejected).push_back(Array{key, value});
    }
    return Array{Value(std::move(accepted)), Value(std::move(rejected))};
  }
  if (!collection.is_array())
    call.fail("expects a Collection value, got " + type_name_of(collection));
  const Array& items = collection.array();
  for (std::size_t i = 0; i < items.size(); ++i) {
    std::vector<Value> arguments =
        arity >= 2 ? std::vector<Value>{Value(static_cast<std::int64_t>(i)), items[i]}
                   : std::vector<Value>{items[i]};
    bool keep = truthy(call.host.call_lambda(*call.lambda, std::move(arguments), call.scope));
    (keep ? accepted : rejected).push_back(items[i]);
  }
  return Array{Value(std::move(accepted)), Value(std::move(rejected))};
}

}  // namespace

void register_grouping_functions(FunctionTable& table) {
  table.emplace_back("group_by", group_by);
  table.emplace_back("partition", partition);
}

}  // namespace marionette::compiler
