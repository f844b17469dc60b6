#include "fleet_status/fleet_tracker.hpp"

#include <algorithm>
#include <stdexcept>

namespace marionette::fleet_status {
namespace {

const char* claim_word(metrics::FleetEventKind kind) {
  switch (kind) {
    case metrics::FleetEventKind::run_failed:
      return "failed";
    case metrics::FleetEventKind::became_stale:
      return "stale";
    case metrics::FleetEventKind::recovered:
      return "recovered";
  }
  return "?";
}

}  // namespace

const std::optional<NodeRecord>& FleetTracker::parsed(
    const std::string& certname, std::string&& summary,
    std::unordered_map<std::string, Cached>& next) {
  auto old = cache_.find(certname);
  if (old != cache_.end() && old->second.summary == summary) {
    return next.emplace(certname, std::move(old->second)).first->second.record;
  }
  std::optional<NodeRecord> record = read_summary(summary);
  return next.emplace(certname, Cached{std::move(summary), std::move(record)}).first->second.record;
}

std::uint32_t FleetTracker::reports_last_minute(std::uint64_t total, std::int64_t now_ms) {
  report_samples_.emplace_back(now_ms, total);
  // Keep the newest sample at least a minute old (the window's start) and those after it.
  while (report_samples_.size() > 1 && report_samples_[1].first <= now_ms - 60'000)
    report_samples_.pop_front();
  const std::uint64_t oldest = report_samples_.front().second;
  return static_cast<std::uint32_t>(
      std::min<std::uint64_t>(total >= oldest ? total - oldest : 0, UINT32_MAX));
}

metrics::FleetSnapshot FleetTracker::read(FleetStore& store,
                                          const SignedCertnames& signed_certnames,
                                          std::int64_t now_ms) {
  metrics::FleetSnapshot snapshot;
  snapshot.refreshed_at = now_ms / 1000;
  snapshot.stale_after_s = settings_.stale_after.count();
  snapshot.store_ok = true;
  const std::uint64_t reports_total = store.reports_received();
  std::unordered_map<std::string, Cached> next_cache;
  std::unordered_map<std::string, Condition> next_conditions;
  std::vector<metrics::FleetEvent> new_events;
  const std::int64_t stale_after_ms = settings_.stale_after.count() * 1000;

  for (auto& [certname, summary] : store.summaries()) {
    const std::optional<NodeRecord>& record = parsed(certname, std::move(summary), next_cache);
    if (!record) continue;
    if (signed_certnames && !signed_certnames->contains(certname)) {
      ++snapshot.figures.deactivated;
      continue;
    }
    metrics::FleetNode node = record->node;
    node.certname = certname;
    node.stale = now_ms - record->received_at_ms > stale_after_ms;
    const Condition condition = node.stale                                  ? Condition::stale
                                : node.status == metrics::RunStatus::failed ? Condition::failed
                                                                            : Condition::ok;
    next_conditions[certname] = condition;
    auto before = conditions_.find(certname);
    const Condition previous = before == conditions_.end() ? Condition::ok : before->second;
    if (baseline_taken_ && condition != previous) {
      const auto kind = condition == Condition::failed  ? metrics::FleetEventKind::run_failed
                        : condition == Condition::stale ? metrics::FleetEventKind::became_stale
                                                        : metrics::FleetEventKind::recovered;
      const std::string key = std::string(claim_word(kind)) + ":" + certname + ":" +
                              std::to_string(record->received_at_ms);
      if (store.claim(key, settings_.owner, settings_.claim_ttl)) {
        new_events.push_back(
            {0, kind, certname, node.status, node.last_report_at, node.resources_failed});
      }
    }
    switch (node.status) {
      case metrics::RunStatus::failed:
        ++snapshot.figures.failed;
        break;
      case metrics::RunStatus::changed:
        ++snapshot.figures.changed;
        break;
      case metrics::RunStatus::unchanged:
        ++snapshot.figures.unchanged;
        break;
      case metrics::RunStatus::none:
        break;
    }
    if (node.stale) ++snapshot.figures.stale;
    snapshot.nodes.push_back(std::move(node));
  }
  std::sort(snapshot.nodes.begin(), snapshot.nodes.end(),
            [](const metrics::FleetNode& a, const metrics::FleetNode& b) {
              return metrics::snmp_index_less(a.certname, b.certname);
            });
  snapshot.figures.nodes = static_cast<std::uint32_t>(snapshot.nodes.size());
  snapshot.figures.reports_total = reports_total;
  snapshot.figures.reports_last_minute = reports_last_minute(reports_total, now_ms);

  // Everything was read: the new state replaces the old one.
  cache_ = std::move(next_cache);
  conditions_ = std::move(next_conditions);
  baseline_taken_ = true;
  for (metrics::FleetEvent& event : new_events) {
    event.sequence = next_sequence_++;
    events_.push_back(std::move(event));
    if (events_.size() > metrics::kFleetEvents) events_.pop_front();
  }
  snapshot.events.assign(events_.begin(), events_.end());
  return snapshot;
}

metrics::FleetSnapshot FleetTracker::refresh(FleetStore& store,
                                             const SignedCertnames& signed_certnames,
                                             std::int64_t now_ms) {
  try {
    last_ = read(store, signed_certnames, now_ms);
  } catch (const std::exception& e) {
    last_.store_ok = false;
    last_.store_error = e.what();
  }
  return last_;
}

}  // namespace marionette::fleet_status
