#pragma once

#include "counters/counter_store.hpp"
#include "daemon/run_once.hpp"
#include "metrics/snapshot.hpp"

namespace marionette::daemon {

/// The snapshot that follows `previous` once `outcome` is known and the counters are `totals`.
/// A failed compile keeps the last catalog's figures (no new catalog exists) and zeroes the
/// last run's resource figures (nothing was applied).
metrics::Snapshot snapshot_after(const metrics::Snapshot& previous, const RunOutcome& outcome,
                                 const counters::Totals& totals, std::int64_t now);

}  // namespace marionette::daemon
