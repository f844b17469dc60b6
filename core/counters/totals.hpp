#pragma once

#include <nlohmann/json.hpp>

#include "counters/counter_store.hpp"

/// Arithmetic and JSON for Totals and RunDelta, shared by the journal and both stores.
namespace marionette::counters {

inline void add_delta(Totals& totals, const RunDelta& delta) {
  totals.runs += delta.runs;
  totals.resources_changed += delta.resources_changed;
  totals.failures += delta.failures;
}

/// The field names used on disk and in Redis hashes, in one place.
inline constexpr const char* kRunsField = "runs";
inline constexpr const char* kResourcesChangedField = "resources_changed";
inline constexpr const char* kFailuresField = "failures";

nlohmann::json totals_to_json(const Totals& totals);
/// Missing or non-integer fields read as 0.
Totals totals_from_json(const nlohmann::json& json);

}  // namespace marionette::counters
