#include "subagent/mib_objects.hpp"

#include <algorithm>
#include <limits>

namespace marionette::subagent {
namespace {

using metrics::Snapshot;

std::uint32_t clamp32(std::int64_t value) {
  return static_cast<std::uint32_t>(
      std::clamp<std::int64_t>(value, 0, std::numeric_limits<std::uint32_t>::max()));
}

std::int64_t seconds_since_epoch(Instant now) {
  return std::chrono::duration_cast<std::chrono::seconds>(now.time_since_epoch()).count();
}

template <auto Field>
Value gauge(const Snapshot& snapshot, Instant) {
  return Gauge32{clamp32(snapshot.*Field)};
}

template <auto Field>
Value counter64(const Snapshot& snapshot, Instant) {
  return Counter64{snapshot.*Field};
}

Value truth_value(bool value) {
  return Integer32{value ? 1 : 2};
}

Value version(const Snapshot& s, Instant) {
  return OctetString{s.version};
}

/// TimeTicks since the daemon started; like sysUpTime it wraps modulo 2^32.
Value uptime(const Snapshot& s, Instant now) {
  if (s.started_at == 0) return TimeTicks{0};
  std::int64_t seconds = std::max<std::int64_t>(0, seconds_since_epoch(now) - s.started_at);
  return TimeTicks{static_cast<std::uint32_t>(seconds * 100)};
}

Value state(const Snapshot& s, Instant) {
  return Integer32{static_cast<std::int32_t>(s.state)};
}

Value last_run_age(const Snapshot& s, Instant now) {
  if (s.last_run_at == 0) return Gauge32{0};
  return Gauge32{clamp32(seconds_since_epoch(now) - s.last_run_at)};
}

Value compile_ok(const Snapshot& s, Instant) {
  return truth_value(s.last_compile_ok);
}

// One line per object, sorted by OID. Suffixes are relative to the root (kRootOid):
//   .1 objects: .1 agent, .2 compile, .3 catalog, .4 last run, .5 per-type table (later),
//               .6 counters;  .2 conformance;  .0 notifications (later).
const MibObject kObjects[] = {
    {{1, 1, 1}, Syntax::octet_string, "mrnVersion", version},
    {{1, 1, 2}, Syntax::timeticks, "mrnUptime", uptime},
    {{1, 1, 3}, Syntax::integer32, "mrnState", state},
    {{1, 1, 4}, Syntax::gauge32, "mrnRunInterval", gauge<&Snapshot::run_interval_s>},
    {{1, 1, 5}, Syntax::gauge32, "mrnLastRunTime", gauge<&Snapshot::last_run_at>},
    {{1, 1, 6}, Syntax::gauge32, "mrnLastRunAge", last_run_age},
    {{1, 2, 1}, Syntax::gauge32, "mrnCompileLastTime", gauge<&Snapshot::last_compile_ms>},
    {{1, 2, 2}, Syntax::integer32, "mrnCompileLastOk", compile_ok},
    {{1, 3, 1}, Syntax::gauge32, "mrnCatalogResources", gauge<&Snapshot::catalog_resources>},
    {{1, 3, 2}, Syntax::gauge32, "mrnCatalogEdges", gauge<&Snapshot::catalog_edges>},
    {{1, 3, 3}, Syntax::gauge32, "mrnCatalogClasses", gauge<&Snapshot::catalog_classes>},
    {{1, 4, 1}, Syntax::gauge32, "mrnLastRunResources", gauge<&Snapshot::resources_total>},
    {{1, 4, 2}, Syntax::gauge32, "mrnLastRunChanged", gauge<&Snapshot::resources_changed>},
    {{1, 4, 3}, Syntax::gauge32, "mrnLastRunFailed", gauge<&Snapshot::resources_failed>},
    {{1, 4, 4}, Syntax::gauge32, "mrnLastRunSkipped", gauge<&Snapshot::resources_skipped>},
    {{1, 4, 5}, Syntax::gauge32, "mrnLastRunOutOfSync", gauge<&Snapshot::resources_out_of_sync>},
    {{1, 4, 6}, Syntax::gauge32, "mrnLastRunRestarted", gauge<&Snapshot::resources_restarted>},
    {{1, 4, 7}, Syntax::gauge32, "mrnLastRunEvents", gauge<&Snapshot::events_total>},
    {{1, 4, 8}, Syntax::gauge32, "mrnLastRunApplyTime", gauge<&Snapshot::last_apply_ms>},
    {{1, 6, 1}, Syntax::counter64, "mrnRunsTotal", counter64<&Snapshot::runs_total>},
    {{1, 6, 2},
     Syntax::counter64,
     "mrnChangedTotal",
     counter64<&Snapshot::resources_changed_total>},
    {{1, 6, 3}, Syntax::counter64, "mrnFailuresTotal", counter64<&Snapshot::failures_total>},
};

}  // namespace

std::span<const MibObject> mib_objects() {
  return kObjects;
}

}  // namespace marionette::subagent
