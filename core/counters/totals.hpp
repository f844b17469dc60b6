#pragma once

#include <array>
#include <chrono>
#include <nlohmann/json.hpp>

#include "counters/counter_store.hpp"

/// Arithmetic and JSON for Totals and RunDelta, shared by the journal and both stores.
namespace marionette::counters {

/// One counted field: its name on disk and in Redis hashes, and where it lives in Totals.
struct CounterField {
  const char* name;
  std::uint64_t Totals::*total;
};

/// Every counted field, in one place. New fields go at the end (Redis scripts use the order).
inline constexpr std::array<CounterField, 9> kCounterFields = {{
    {"runs", &Totals::runs},
    {"resources_changed", &Totals::resources_changed},
    {"failures", &Totals::failures},
    {"compiles", &Totals::compiles},
    {"compile_failures", &Totals::compile_failures},
    {"resources_failed", &Totals::resources_failed},
    {"events", &Totals::events},
    {"compile_us", &Totals::compile_us},
    {"apply_us", &Totals::apply_us},
}};

inline void add_delta(Totals& totals, const RunDelta& delta) {
  for (const CounterField& field : kCounterFields) totals.*field.total += delta.counts.*field.total;
}

inline std::int64_t unix_seconds_now() {
  return std::chrono::duration_cast<std::chrono::seconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

inline constexpr const char* kRunsField = "runs";
inline constexpr const char* kResourcesChangedField = "resources_changed";
inline constexpr const char* kFailuresField = "failures";

nlohmann::json totals_to_json(const Totals& totals);
/// Missing or non-integer fields read as 0.
Totals totals_from_json(const nlohmann::json& json);

}  // namespace marionette::counters
