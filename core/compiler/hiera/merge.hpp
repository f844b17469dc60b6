#pragma once

#include <optional>
#include <string>
#include <vector>

#include "compiler/value.hpp"

namespace marionette::compiler::hiera {

/// Hiera 5's merge behaviours for a lookup.
enum class MergeStrategy { First, Unique, Hash, Deep };

/// "first", "unique", "hash", "deep" (or a hash with a 'strategy' key); nullopt when unknown.
std::optional<MergeStrategy> parse_merge(const Value& merge);

/// Merges the values found, highest priority first, as the strategy asks.
Value merge_values(MergeStrategy strategy, const std::vector<Value>& found);

}  // namespace marionette::compiler::hiera
