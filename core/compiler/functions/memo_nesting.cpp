#include "compiler/functions/memo_nesting.hpp"

#include <algorithm>
#include <functional>

namespace marionette::compiler {
namespace {

const void* container_of(const Value& value) {
  if (value.is_array()) return &value.array();
  if (value.is_hash()) return &value.hash();
  return nullptr;
}

/// Calls `visit` on each item of an array, each key and value of a hash.
void for_each_item(const Value& value, const std::function<void(const Value&)>& visit) {
  if (value.is_array()) {
    for (const Value& item : value.array()) visit(item);
  } else if (value.is_hash()) {
    for (const auto& [key, item] : value.hash()) {
      visit(key);
      visit(item);
    }
  }
}

}  // namespace

int MemoNesting::nesting(const Value& value, int level) const {
  const void* container = container_of(value);
  if (container == nullptr) return 0;
  if (auto found = known_.find(container); found != known_.end()) return found->second;
  if (level > kMaxValueNesting) return 1;  // deep enough to refuse: stop walking
  int deepest = 0;
  for_each_item(value,
                [&](const Value& item) { deepest = std::max(deepest, nesting(item, level + 1)); });
  return deepest + 1;
}

int MemoNesting::measure(const Value& memo) {
  std::unordered_map<const void*, int> parts;
  int deepest = 0;
  for_each_item(memo, [&](const Value& item) {
    int depth = nesting(item, 2);
    if (const void* container = container_of(item)) parts.emplace(container, depth);
    deepest = std::max(deepest, depth);
  });
  const void* container = container_of(memo);
  const int depth = container ? deepest + 1 : 0;
  if (container) parts.emplace(container, depth);
  known_ = std::move(parts);
  previous_ = memo;
  return depth;
}

}  // namespace marionette::compiler
