#pragma once

#include <unordered_map>

#include "compiler/value.hpp"

namespace marionette::compiler {

/// Arrays and hashes nested deeper than this are refused where reduce() would build them (the
/// one way a manifest nests values without nesting its code): Puppet builds them, then fails
/// with "stack level too deep" when one is compared or printed (at 5,000 levels; 1,000 pass).
/// Every other value is bounded by the code's own depth, so nothing that walks values
/// recursively (printing, equality, the catalog's JSON, a value's type) meets a deeper one.
inline constexpr int kMaxValueNesting = 2000;

/// Measures how deeply each successive memo of one reduce() nests arrays and hashes without
/// walking again what the previous memo held (`[$m]`, `$m + [$x]` cost what building them cost).
class MemoNesting {
 public:
  /// The new memo's nesting, counted up to kMaxValueNesting + 1 (enough to refuse it).
  int measure(const Value& memo);

 private:
  int nesting(const Value& value, int level) const;

  /// The previous memo's containers (itself and its items) and their nesting; `previous_`
  /// keeps them alive, so that no new container can take one's address.
  std::unordered_map<const void*, int> known_;
  Value previous_;
};

}  // namespace marionette::compiler
