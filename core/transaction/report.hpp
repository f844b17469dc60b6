#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "marionette/version.hpp"

namespace marionette::transaction {

/// One change, attempted change (failure) or would-be change (noop) of a resource.
struct Event {
  std::string property;  ///< "ensure", "content", "returns"; empty for refresh or resource errors
  std::string name;      ///< "file_created", "content_changed", "executed_command", "refresh", …
  std::string status;    ///< success | failure | noop
  std::string message;   ///< "content changed '{sha256}…' to '{sha256}…'"
  std::string previous_value;  ///< the value before, when the change names one
  std::string desired_value;   ///< the value asked for, when the change names one
};

/// One log line of the run, as Puppet keeps it in the report.
struct LogEntry {
  std::string level;         ///< debug, info, notice, warning, err
  std::string source;        ///< "/Stage[main]/Main/File[/x]/ensure", or "Puppet"
  std::string message;       ///< "created"
  std::int64_t time_ns = 0;  ///< since the epoch
};

/// What happened to one managed resource during a run (containers are not reported).
struct ResourceStatus {
  std::string ref;   ///< "File[/etc/motd]"
  std::string type;  ///< "File"
  std::string title;
  bool changed = false;      ///< at least one successful event
  bool failed = false;       ///< at least one failed event
  bool skipped = false;      ///< not evaluated: a dependency failed
  bool out_of_sync = false;  ///< at least one event (success, failure or noop)
  bool restarted = false;    ///< refreshed because of notify/subscribe
  bool failed_to_restart = false;
  bool corrective_change = false;
  int change_count = 0;  ///< successful events
  int events_success = 0;
  int events_failure = 0;
  int events_noop = 0;
  double seconds = 0;
  std::vector<Event> events;
  std::vector<std::string> failed_dependencies;  ///< refs whose failure skipped this resource
  std::vector<std::string> messages;             ///< the events' messages, in order
};

/// Puppet's resource metric names for one run.
struct ResourceMetrics {
  std::uint64_t total = 0, changed = 0, failed = 0, skipped = 0, out_of_sync = 0, restarted = 0,
                scheduled = 0, failed_to_restart = 0, corrective_change = 0;
};

struct EventMetrics {
  std::uint64_t total = 0, success = 0, failure = 0, noop = 0;
};

/// The outcome of applying one catalog.
struct Report {
  std::string status = "unchanged";  ///< unchanged | changed | failed
  bool noop = false;
  std::string catalog_name;
  std::int64_t catalog_version = 0;
  std::string environment = "production";
  std::string run_mode = "user";  ///< Puppet's application run mode: user (apply) or agent
  /// False when the catalog could not be applied at all (cycle, missing relationship target,
  /// invalid resource): nothing was changed and `error` says why.
  bool transaction_completed = true;
  std::optional<std::string> error;
  /// Puppet's cached_catalog_status: not_used, or on_failure when compiling failed and the
  /// cached catalog was applied instead.
  std::string cached_catalog_status = "not_used";
  std::vector<ResourceStatus> resources;  ///< in catalog order
  /// The version the report says Puppet is (puppet_compat's).
  std::string puppet_version = puppet_version_of(kDefaultPuppetCompat);
  /// Puppet's exclude_unchanged_resources (Puppet 8's default): the written report lists only
  /// the statuses that failed, failed to restart, were out of sync or skipped.
  bool exclude_unchanged_resources = false;
  std::vector<LogEntry> logs;             ///< every log line of the run, in order
  ResourceMetrics metrics;
  EventMetrics events;
  std::uint64_t changes = 0;           ///< Puppet's changes/total: successful events
  std::map<std::string, double> time;  ///< seconds per lower-case type, plus "total"

  /// Whether the written report lists `status` (exclude_unchanged_resources).
  bool lists(const ResourceStatus& status) const;

  /// Recomputes metrics, events, changes and status from `resources` (Puppet's finalize_report).
  void finalize();

  /// Puppet's --detailed-exitcodes: 0 nothing changed, 2 changes, 4 failures, 6 both;
  /// 1 when the catalog could not be applied at all.
  int detailed_exit_code() const;
};

/// "2026-11-22T05:31:00.123456789+00:00": Puppet's time notation in reports (UTC here), from
/// nanoseconds since the Unix epoch.
std::string report_time(std::int64_t unix_ns);

}  // namespace marionette::transaction
