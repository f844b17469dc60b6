#pragma once

#include <cstdint>

namespace marionette::metrics {

/// Monotonic totals kept by the counter store, for this node or the whole fleet; also what one
/// run adds to them (counters::RunDelta). Each field is named once more, in
/// counters::kCounterFields, which gives it its name on disk and in Redis.
struct CounterTotals {
  std::uint64_t runs = 0;
  std::uint64_t resources_changed = 0;
  std::uint64_t failures = 0;          ///< runs whose compile or apply failed
  std::uint64_t compiles = 0;          ///< runs that compiled (or tried to)
  std::uint64_t compile_failures = 0;  ///< runs whose compile failed
  std::uint64_t resources_failed = 0;
  std::uint64_t events = 0;
  std::uint64_t compile_us = 0;  ///< microseconds spent compiling
  std::uint64_t apply_us = 0;    ///< microseconds spent applying

  bool operator==(const CounterTotals&) const = default;
};

}  // namespace marionette::metrics
