#pragma once

#include <chrono>
#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>

#include "fleet_status/fleet_store.hpp"
#include "fleet_status/node_summary.hpp"
#include "metrics/fleet_snapshot.hpp"

namespace marionette::fleet_status {

struct TrackerSettings {
  std::chrono::seconds stale_after{3600};  ///< no report for longer: stale
  std::string owner = "marionette";        ///< written into the claims this server wins
  std::chrono::seconds claim_ttl{24 * 3600};
};

/// Certnames whose certificate is signed in the CA; nullopt: unknown (nobody is deactivated).
using SignedCertnames = std::optional<std::unordered_set<std::string>>;

/// Turns the store's summaries into fleet snapshots, one refresh after the other, and decides
/// which changes to notify. A node's condition is stale (no report for longer than
/// stale_after), else failed (its last report failed), else ok; each change of condition is an
/// event (to failed: run_failed; to stale: became_stale; back to ok: recovered), once per
/// change, and only when this server wins the claim for it: the claim's key names the node, the
/// change and the report it follows (received_at_ms), which every server reads alike from the
/// shared store, so two servers seeing the same change agree on one key and one of them sends
/// it. The first refresh is the baseline (no events); a node first seen later starts as ok.
/// A node whose certificate is no longer signed (`marionette ca clean`) is deactivated: left
/// out of the rows and counted apart; it is back when it reports with a new certificate.
/// Plain C++ on the caller's thread (the refresher's).
class FleetTracker {
 public:
  explicit FleetTracker(TrackerSettings settings) : settings_(std::move(settings)) {}

  /// Reads the store and returns the new snapshot; when the store fails, the last snapshot
  /// with store_ok false and the error (its rows as last read, no events judged).
  metrics::FleetSnapshot refresh(FleetStore& store, const SignedCertnames& signed_certnames,
                                 std::int64_t now_ms);

 private:
  enum class Condition { ok, failed, stale };
  struct Cached {
    std::string summary;
    std::optional<NodeRecord> record;
  };

  metrics::FleetSnapshot read(FleetStore& store, const SignedCertnames& signed_certnames,
                              std::int64_t now_ms);
  const std::optional<NodeRecord>& parsed(const std::string& certname, std::string&& summary,
                                          std::unordered_map<std::string, Cached>& next);
  std::uint32_t reports_last_minute(std::uint64_t total, std::int64_t now_ms);

  TrackerSettings settings_;
  bool baseline_taken_ = false;
  std::unordered_map<std::string, Condition> conditions_;
  std::unordered_map<std::string, Cached> cache_;  ///< summaries parsed once while unchanged
  std::deque<std::pair<std::int64_t, std::uint64_t>> report_samples_;  ///< (ms, total)
  std::deque<metrics::FleetEvent> events_;
  std::uint64_t next_sequence_ = 1;
  metrics::FleetSnapshot last_;
};

}  // namespace marionette::fleet_status
