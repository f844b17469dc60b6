#include "compiler/hiera/merge.hpp"

#include <algorithm>

namespace marionette::compiler::hiera {

std::optional<MergeStrategy> parse_merge(const Value& merge) {
  std::string name;
  if (merge.is_string()) {
    name = merge.string();
  } else if (merge.is_hash()) {
    const Value* strategy = hash_find(merge.hash(), Value("strategy"));
    if (!strategy || !strategy->is_string()) return std::nullopt;
    name = strategy->string();
  } else {
    return std::nullopt;
  }
  if (name == "first") return MergeStrategy::First;
  if (name == "unique") return MergeStrategy::Unique;
  if (name == "hash") return MergeStrategy::Hash;
  if (name == "deep") return MergeStrategy::Deep;
  return std::nullopt;
}

namespace {

void add_unique(Array& out, const Value& value) {
  if (value.is_array()) {
    for (const Value& item : value.array()) add_unique(out, item);
    return;
  }
  if (std::none_of(out.begin(), out.end(), [&](const Value& v) { return equals(v, value); }))
    out.push_back(value);
}

/// `higher` merged over `lower`: lower's keys keep their places, higher's new keys follow.
Value merge_hashes(const Value& lower, const Value& higher, bool deep) {
  if (!lower.is_hash() || !higher.is_hash()) {
    if (deep && lower.is_array() && higher.is_array()) {
      // Ruby's `lower | higher`: the lower level's elements first, nested arrays kept whole.
      Array out;
      for (const Array* side : {&lower.array(), &higher.array()})
        for (const Value& item : *side)
          if (std::none_of(out.begin(), out.end(), [&](const Value& v) { return equals(v, item); }))
            out.push_back(item);
      return out;
    }
    return higher;
  }
  Hash out = lower.hash();
  for (const auto& [key, value] : higher.hash()) {
    auto existing = std::find_if(out.begin(), out.end(), [&, &key = key](const auto& entry) {
      return same_hash_key(entry.first, key);
    });
    if (existing == out.end())
      out.emplace_back(key, value);
    else
      existing->second = deep ? merge_hashes(existing->second, value, true) : value;
  }
  return out;
}

}  // namespace

Value merge_values(MergeStrategy strategy, const std::vector<Value>& found) {
  if (found.empty()) return Value();
  switch (strategy) {
    case MergeStrategy::First:
      return found.front();
    case MergeStrategy::Unique: {
      Array out;
      for (const Value& value : found) add_unique(out, value);
      return out;
    }
    case MergeStrategy::Hash:
    case MergeStrategy::Deep: {
      Value out = found.back();
      for (auto it = found.rbegin() + 1; it != found.rend(); ++it)
        out = merge_hashes(out, *it, strategy == MergeStrategy::Deep);
      return out;
    }
  }
  return found.front();
}

}  // namespace marionette::compiler::hiera
