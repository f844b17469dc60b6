#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace marionette::transaction {

/// What happened to one resource during a run.
struct ResourceStatus {
  std::string ref;   ///< "File[/etc/motd]"
  std::string type;  ///< "File"
  bool changed = false;
  bool failed = false;
  bool skipped = false;
  bool out_of_sync = false;
  bool restarted = false;
  bool failed_to_restart = false;
  int events_success = 0;
  int events_failure = 0;
  double seconds = 0;
  std::vector<std::string> messages;  ///< Puppet-like: "content changed '{sha256}…' to '{sha256}…'"
};

/// Puppet's resource metric names for one run.
struct ResourceMetrics {
  std::uint64_t total = 0, changed = 0, failed = 0, skipped = 0, out_of_sync = 0, restarted = 0,
                scheduled = 0, failed_to_restart = 0, corrective_change = 0;
};

struct EventMetrics {
  std::uint64_t total = 0, success = 0, failure = 0;
};

/// The outcome of applying one catalog.
struct Report {
  std::string status = "unchanged";  ///< unchanged | changed | failed
  bool noop = false;
  std::string catalog_name;
  std::int64_t catalog_version = 0;
  std::vector<ResourceStatus> resources;
  ResourceMetrics metrics;
  EventMetrics events;
  std::map<std::string, double> time;  ///< seconds per lower-case type, plus "total"

  /// Puppet's --detailed-exitcodes: 0 nothing changed, 2 changes, 4 failures, 6 both.
  int detailed_exit_code() const;
};

}  // namespace marionette::transaction
