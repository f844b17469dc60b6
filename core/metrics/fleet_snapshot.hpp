#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "metrics/snapshot.hpp"

namespace marionette::metrics {

/// One value of a report's metrics block, as Puppet writes it: category ("resources", "time",
/// "changes", "events"), name ("total", "config_retrieval", "file", ...), label ("Total",
/// "Config retrieval", "File", ...) and value (counts, or seconds for "time").
struct ReportMetric {
  std::string category, name, label;
  double value = 0;
};

/// One node of the fleet as its last report tells it (a row of MARIONETTE-MIB's mrnNodeTable,
/// and the per-node Prometheus metrics). Instants in seconds since the Unix epoch, times in
/// milliseconds.
struct FleetNode {
  std::string certname;
  std::string environment;
  std::int64_t last_report_at = 0;     ///< when a server received its last report (server's clock)
  RunStatus status = RunStatus::none;  ///< unchanged, changed or failed
  std::uint32_t resources_total = 0, resources_changed = 0, resources_failed = 0,
                resources_out_of_sync = 0;
  std::uint32_t events = 0;      ///< events of the last run (metrics.events.total)
  std::string catalog_version;   ///< the report's configuration_version
  std::uint32_t compile_ms = 0;  ///< metrics.time.config_retrieval
  std::uint32_t run_ms = 0;      ///< metrics.time.total
  bool noop = false;
  bool transaction_completed = false;
  std::string cached_catalog_status;  ///< not_used, explicitly_requested, on_failure
  std::string puppet_version;
  /// No report for longer than FleetSnapshot::stale_after_s, at the snapshot's refresh.
  bool stale = false;
  /// Every value of the report's metrics block (resources, time, changes, events), for readers
  /// that export them all (Prometheus' puppet_report_* families).
  std::vector<ReportMetric> metrics;
};

/// The fleet as a whole. Counts overlap: a failed node that stopped reporting is in `failed`
/// (its last report) and in `stale`.
struct FleetFigures {
  std::uint32_t nodes = 0;                ///< rows: nodes with a report and not deactivated
  std::uint32_t failed = 0;               ///< whose last report is failed
  std::uint32_t changed = 0;              ///< whose last report is changed
  std::uint32_t unchanged = 0;            ///< whose last report is unchanged
  std::uint32_t stale = 0;                ///< with no report for longer than stale_after_s
  std::uint32_t deactivated = 0;          ///< with a report but deactivated (left out of the rows)
  std::uint32_t reports_last_minute = 0;  ///< reports received by every server in the last 60 s
  std::uint64_t reports_total = 0;        ///< reports received by every server, ever
};

/// MARIONETTE-MIB's fleet notifications, by their arc under marionetteNotifications.
enum class FleetEventKind : std::uint32_t { run_failed = 3, became_stale = 4, recovered = 5 };

/// A change of one node that this server claimed to notify (no other server sends it).
struct FleetEvent {
  std::uint64_t sequence = 0;  ///< 1, 2, ... since the refresher started
  FleetEventKind kind = FleetEventKind::run_failed;
  std::string certname;
  RunStatus status = RunStatus::none;  ///< of the node's last report
  std::int64_t last_report_at = 0;
  std::uint32_t resources_failed = 0;
};

/// How many events FleetSnapshot::events keeps.
inline constexpr std::size_t kFleetEvents = 64;

/// SNMP's order of string indexes (length first, then the bytes): the order of `nodes`.
inline bool snmp_index_less(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return a.size() < b.size();
  return a < b;
}

/// The fleet read from the shared store, as one immutable value: what `marionette server`'s
/// refresher publishes (fleet_status/fleet_refresher.hpp) and every reader takes whole.
struct FleetSnapshot {
  std::int64_t refreshed_at = 0;  ///< 0: the store was never read
  std::int64_t stale_after_s = 0;
  bool store_ok = false;  ///< the last refresh read the store (else the rows are the last read)
  std::string store_error;
  FleetFigures figures;
  std::vector<FleetNode> nodes;  ///< sorted by snmp_index_less of the certname
  /// The last kFleetEvents events this server claimed, oldest first.
  std::vector<FleetEvent> events;

  /// The node named `certname`; nullptr when there is none. O(log n).
  const FleetNode* find(std::string_view certname) const {
    auto at = std::lower_bound(nodes.begin(), nodes.end(), certname,
                               [](const FleetNode& node, std::string_view name) {
                                 return snmp_index_less(node.certname, name);
                               });
    return at != nodes.end() && at->certname == certname ? &*at : nullptr;
  }
};

/// Holds the latest fleet snapshot: the refresher publishes, readers (SNMP handlers, /metrics)
/// take a pointer to an immutable value and never wait.
class FleetRegistry {
 public:
  FleetRegistry() : latest_(std::make_shared<const FleetSnapshot>()) {}
  void publish(FleetSnapshot snapshot) {
    latest_.store(std::make_shared<const FleetSnapshot>(std::move(snapshot)));
  }
  std::shared_ptr<const FleetSnapshot> latest() const { return latest_.load(); }

 private:
  std::atomic<std::shared_ptr<const FleetSnapshot>> latest_;
};

}  // namespace marionette::metrics
