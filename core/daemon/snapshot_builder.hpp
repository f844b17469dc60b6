#pragma once

#include "counters/counter_store.hpp"
#include "daemon/run_once.hpp"
#include "metrics/snapshot.hpp"

namespace marionette::daemon {

/// The snapshot that follows `previous` once `outcome` is known and the counters are `totals`.
/// A failed compile keeps the last catalog's figures (no new catalog exists) and zeroes the
/// last run's resource figures (nothing was applied). The compile window slides by one.
metrics::Snapshot snapshot_after(const metrics::Snapshot& previous, const RunOutcome& outcome,
                                 const counters::Totals& totals, std::int64_t now);

/// What the counter store adds for one run.
counters::RunDelta delta_of(const RunOutcome& outcome, std::string run_id);

/// The store's state as the snapshot carries it.
void set_store_status(metrics::Snapshot& snapshot, const counters::StoreStatus& status);

/// The last run's figures per resource type, sorted by type name.
std::vector<metrics::TypeFigures> figures_by_type(const transaction::Report& report);

}  // namespace marionette::daemon
