#include "subagent/mib_objects.hpp"

#include <algorithm>
#include <limits>

#include "metrics/fleet_snapshot.hpp"

namespace marionette::subagent {
namespace {

using metrics::Snapshot;

/// Any integer as an unsigned 32-bit value, saturated at both ends.
template <class Integer>
std::uint32_t clamp32(Integer value) {
  if (value <= 0) return 0;
  const auto wide = static_cast<std::uint64_t>(value);
  return static_cast<std::uint32_t>(
      std::min<std::uint64_t>(wide, std::numeric_limits<std::uint32_t>::max()));
}

std::int64_t seconds_since_epoch(Instant now) {
  return std::chrono::duration_cast<std::chrono::seconds>(now.time_since_epoch()).count();
}

template <auto Field>
Value gauge(const Snapshot& snapshot, Instant) {
  return Gauge32{clamp32(snapshot.*Field)};
}

template <auto Field>
Value enumeration(const Snapshot& snapshot, Instant) {
  return Integer32{static_cast<std::int32_t>(snapshot.*Field)};
}

template <auto Field>
Value text(const Snapshot& snapshot, Instant) {
  return OctetString{snapshot.*Field};
}

template <auto Field>
Value node_total(const Snapshot& snapshot, Instant) {
  return Counter64{snapshot.node.*Field};
}

template <auto Field>
Value fleet_total(const Snapshot& snapshot, Instant) {
  return Counter64{snapshot.fleet.*Field};
}

Value truth_value(bool value) {
  return Integer32{value ? 1 : 2};
}

/// TimeTicks since the daemon started; like sysUpTime it wraps modulo 2^32.
Value uptime(const Snapshot& s, Instant now) {
  if (s.started_at == 0) return TimeTicks{0};
  std::int64_t seconds = std::max<std::int64_t>(0, seconds_since_epoch(now) - s.started_at);
  return TimeTicks{static_cast<std::uint32_t>(seconds * 100)};
}

Value last_run_age(const Snapshot& s, Instant now) {
  if (s.last_run_at == 0) return Gauge32{0};
  return Gauge32{clamp32(seconds_since_epoch(now) - s.last_run_at)};
}

Value compile_window_count(const Snapshot& s, Instant) {
  return Gauge32{clamp32(s.compile_window.size())};
}

Value compile_ok(const Snapshot& s, Instant) {
  return truth_value(s.last_compile_ok);
}

using metrics::ServerFigures;

template <auto Field>
Value server_gauge(const Snapshot& snapshot, Instant) {
  return Gauge32{clamp32(snapshot.server.*Field)};
}

template <auto Field>
Value server_total(const Snapshot& snapshot, Instant) {
  return Counter64{snapshot.server.*Field};
}

using metrics::CounterTotals;
using metrics::FleetFigures;

/// A figure of the fleet table's snapshot; 0 without one (no Redis).
template <auto Field>
Value fleet_gauge(const Snapshot& snapshot, Instant) {
  return Gauge32{snapshot.fleet_nodes ? clamp32(snapshot.fleet_nodes->figures.*Field) : 0};
}

Value fleet_reports(const Snapshot& snapshot, Instant) {
  return Counter64{snapshot.fleet_nodes ? snapshot.fleet_nodes->figures.reports_total : 0};
}

Value fleet_stale_after(const Snapshot& snapshot, Instant) {
  return Gauge32{snapshot.fleet_nodes ? clamp32(snapshot.fleet_nodes->stale_after_s) : 0};
}

Value fleet_refreshed(const Snapshot& snapshot, Instant) {
  return Gauge32{snapshot.fleet_nodes ? clamp32(snapshot.fleet_nodes->refreshed_at) : 0};
}

Value fleet_store_ok(const Snapshot& snapshot, Instant) {
  return truth_value(snapshot.fleet_nodes && snapshot.fleet_nodes->store_ok);
}

// One line per object, sorted by OID. Suffixes are relative to the root (kRootOid):
//   .1 objects: .1 agent, .2 compile, .3 catalog, .4 last run, .5 per-type table (typeTable),
//               .6 node counters, .7 fleet counters, .8 counter store, .9 server (last:
//               served_objects() splits the list there; .9.5 the fleet's figures, .9.6 the
//               fleet table, subagent/fleet_table.cpp);
//   .2 conformance;  .0 notifications.
const MibObject kObjects[] = {
    {{1, 1, 1}, Syntax::octet_string, "mrnVersion", text<&Snapshot::version>},
    {{1, 1, 2}, Syntax::timeticks, "mrnUptime", uptime},
    {{1, 1, 3}, Syntax::integer32, "mrnState", enumeration<&Snapshot::state>},
    {{1, 1, 4}, Syntax::gauge32, "mrnRunInterval", gauge<&Snapshot::run_interval_s>},
    {{1, 1, 5}, Syntax::gauge32, "mrnLastRunTime", gauge<&Snapshot::last_run_at>},
    {{1, 1, 6}, Syntax::gauge32, "mrnLastRunAge", last_run_age},
    {{1, 1, 7}, Syntax::octet_string, "mrnConfigVersion", text<&Snapshot::config_version>},
    {{1, 1, 8}, Syntax::integer32, "mrnCatalogSource", enumeration<&Snapshot::catalog_source>},
    {{1, 2, 1}, Syntax::gauge32, "mrnCompileLastTime", gauge<&Snapshot::last_compile_ms>},
    {{1, 2, 2}, Syntax::integer32, "mrnCompileLastOk", compile_ok},
    {{1, 2, 3}, Syntax::gauge32, "mrnCompileMinTime", gauge<&Snapshot::compile_min_ms>},
    {{1, 2, 4}, Syntax::gauge32, "mrnCompileAvgTime", gauge<&Snapshot::compile_avg_ms>},
    {{1, 2, 5}, Syntax::gauge32, "mrnCompileMaxTime", gauge<&Snapshot::compile_max_ms>},
    {{1, 2, 6}, Syntax::gauge32, "mrnCompileWinCount", compile_window_count},
    {{1, 2, 7}, Syntax::gauge32, "mrnCompileWinFails", gauge<&Snapshot::compile_window_failures>},
    {{1, 2, 8}, Syntax::gauge32, "mrnCompileParseTime", gauge<&Snapshot::last_parse_ms>},
    {{1, 3, 1}, Syntax::gauge32, "mrnCatalogResources", gauge<&Snapshot::catalog_resources>},
    {{1, 3, 2}, Syntax::gauge32, "mrnCatalogEdges", gauge<&Snapshot::catalog_edges>},
    {{1, 3, 3}, Syntax::gauge32, "mrnCatalogClasses", gauge<&Snapshot::catalog_classes>},
    {{1, 3, 4}, Syntax::gauge32, "mrnCatalogBytes", gauge<&Snapshot::catalog_bytes>},
    {{1, 3, 5}, Syntax::octet_string, "mrnCatalogVersion", text<&Snapshot::config_version>},
    {{1, 4, 1}, Syntax::gauge32, "mrnLastRunResources", gauge<&Snapshot::resources_total>},
    {{1, 4, 2}, Syntax::gauge32, "mrnLastRunChanged", gauge<&Snapshot::resources_changed>},
    {{1, 4, 3}, Syntax::gauge32, "mrnLastRunFailed", gauge<&Snapshot::resources_failed>},
    {{1, 4, 4}, Syntax::gauge32, "mrnLastRunSkipped", gauge<&Snapshot::resources_skipped>},
    {{1, 4, 5}, Syntax::gauge32, "mrnLastRunOutOfSync", gauge<&Snapshot::resources_out_of_sync>},
    {{1, 4, 6}, Syntax::gauge32, "mrnLastRunRestarted", gauge<&Snapshot::resources_restarted>},
    {{1, 4, 7}, Syntax::gauge32, "mrnLastRunEvents", gauge<&Snapshot::events_total>},
    {{1, 4, 8}, Syntax::gauge32, "mrnLastRunApplyTime", gauge<&Snapshot::last_apply_ms>},
    {{1, 4, 9}, Syntax::gauge32, "mrnLastRunScheduled", gauge<&Snapshot::resources_scheduled>},
    {{1, 4, 10},
     Syntax::gauge32,
     "mrnLastRunCorrected",
     gauge<&Snapshot::resources_corrective_change>},
    {{1, 4, 11}, Syntax::gauge32, "mrnLastRunEventsOk", gauge<&Snapshot::events_success>},
    {{1, 4, 12}, Syntax::gauge32, "mrnLastRunEventFail", gauge<&Snapshot::events_failure>},
    {{1, 4, 13}, Syntax::integer32, "mrnLastRunStatus", enumeration<&Snapshot::last_run_status>},
    {{1, 6, 1}, Syntax::counter64, "mrnRunsTotal", node_total<&CounterTotals::runs>},
    {{1, 6, 2},
     Syntax::counter64,
     "mrnChangedTotal",
     node_total<&CounterTotals::resources_changed>},
    {{1, 6, 3}, Syntax::counter64, "mrnFailuresTotal", node_total<&CounterTotals::failures>},
    {{1, 6, 4}, Syntax::counter64, "mrnCompilesTotal", node_total<&CounterTotals::compiles>},
    {{1, 6, 5},
     Syntax::counter64,
     "mrnCompileFailTotal",
     node_total<&CounterTotals::compile_failures>},
    {{1, 6, 6},
     Syntax::counter64,
     "mrnResFailedTotal",
     node_total<&CounterTotals::resources_failed>},
    {{1, 6, 7}, Syntax::counter64, "mrnEventsTotal", node_total<&CounterTotals::events>},
    {{1, 6, 8}, Syntax::counter64, "mrnCompileUsTotal", node_total<&CounterTotals::compile_us>},
    {{1, 6, 9}, Syntax::counter64, "mrnApplyUsTotal", node_total<&CounterTotals::apply_us>},
    {{1, 7, 1}, Syntax::counter64, "mrnFleetRuns", fleet_total<&CounterTotals::runs>},
    {{1, 7, 2},
     Syntax::counter64,
     "mrnFleetChanged",
     fleet_total<&CounterTotals::resources_changed>},
    {{1, 7, 3}, Syntax::counter64, "mrnFleetFailures", fleet_total<&CounterTotals::failures>},
    {{1, 7, 4}, Syntax::counter64, "mrnFleetCompiles", fleet_total<&CounterTotals::compiles>},
    {{1, 7, 5},
     Syntax::counter64,
     "mrnFleetCompileFail",
     fleet_total<&CounterTotals::compile_failures>},
    {{1, 7, 6},
     Syntax::counter64,
     "mrnFleetResFailed",
     fleet_total<&CounterTotals::resources_failed>},
    {{1, 7, 7}, Syntax::counter64, "mrnFleetEvents", fleet_total<&CounterTotals::events>},
    {{1, 7, 8}, Syntax::counter64, "mrnFleetCompileUs", fleet_total<&CounterTotals::compile_us>},
    {{1, 7, 9}, Syntax::counter64, "mrnFleetApplyUs", fleet_total<&CounterTotals::apply_us>},
    {{1, 8, 1}, Syntax::integer32, "mrnStoreBackend", enumeration<&Snapshot::store_backend>},
    {{1, 8, 2}, Syntax::gauge32, "mrnStorePending", gauge<&Snapshot::store_pending>},
    {{1, 8, 3}, Syntax::gauge32, "mrnStoreLastFlush", gauge<&Snapshot::store_last_flush_at>},
    {{1, 9, 1, 1}, Syntax::timeticks, "mrnSrvUptime", uptime},
    {{1, 9, 1, 2}, Syntax::gauge32, "mrnSrvWorkers", server_gauge<&ServerFigures::workers>},
    {{1, 9, 1, 3},
     Syntax::gauge32,
     "mrnSrvWorkersBusy",
     server_gauge<&ServerFigures::workers_busy>},
    {{1, 9, 1, 4},
     Syntax::gauge32,
     "mrnSrvQueueLength",
     server_gauge<&ServerFigures::queue_length>},
    {{1, 9, 1, 5}, Syntax::gauge32, "mrnSrvQueueLimit", server_gauge<&ServerFigures::queue_limit>},
    {{1, 9, 1, 6},
     Syntax::counter64,
     "mrnSrvQueueDrops",
     server_total<&ServerFigures::queue_drops>},
    {{1, 9, 2, 1}, Syntax::counter64, "mrnSrvRequests", server_total<&ServerFigures::requests>},
    {{1, 9, 2, 2}, Syntax::counter64, "mrnSrvReqOk", server_total<&ServerFigures::requests_ok>},
    {{1, 9, 2, 3},
     Syntax::counter64,
     "mrnSrvReqClientErr",
     server_total<&ServerFigures::requests_client_error>},
    {{1, 9, 2, 4},
     Syntax::counter64,
     "mrnSrvReqServerErr",
     server_total<&ServerFigures::requests_server_error>},
    {{1, 9, 2, 5},
     Syntax::counter64,
     "mrnSrvReqRefused",
     server_total<&ServerFigures::requests_refused>},
    {{1, 9, 2, 6}, Syntax::counter64, "mrnSrvReqCa", server_total<&ServerFigures::requests_ca>},
    {{1, 9, 2, 7},
     Syntax::counter64,
     "mrnSrvReqCatalog",
     server_total<&ServerFigures::requests_catalog>},
    {{1, 9, 2, 8}, Syntax::counter64, "mrnSrvReqNode", server_total<&ServerFigures::requests_node>},
    {{1, 9, 2, 9}, Syntax::counter64, "mrnSrvReqFile", server_total<&ServerFigures::requests_file>},
    {{1, 9, 2, 10},
     Syntax::counter64,
     "mrnSrvReqReport",
     server_total<&ServerFigures::requests_report>},
    {{1, 9, 2, 11},
     Syntax::counter64,
     "mrnSrvReqOther",
     server_total<&ServerFigures::requests_other>},
    {{1, 9, 2, 12},
     Syntax::counter64,
     "mrnSrvTlsFailures",
     server_total<&ServerFigures::tls_failures>},
    {{1, 9, 2, 13},
     Syntax::gauge32,
     "mrnSrvReqLastMin",
     server_gauge<&ServerFigures::requests_last_minute>},
    {{1, 9, 2, 14}, Syntax::counter64, "mrnSrvReports", server_total<&ServerFigures::reports>},
    {{1, 9, 3, 1}, Syntax::counter64, "mrnSrvCompiles", server_total<&ServerFigures::compiles>},
    {{1, 9, 3, 2},
     Syntax::counter64,
     "mrnSrvCompileFails",
     server_total<&ServerFigures::compile_failures>},
    {{1, 9, 3, 3}, Syntax::counter64, "mrnSrvCompileUs", server_total<&ServerFigures::compile_us>},
    {{1, 9, 3, 4},
     Syntax::gauge32,
     "mrnSrvCompLastMin",
     server_gauge<&ServerFigures::compiles_last_minute>},
    {{1, 9, 3, 5},
     Syntax::gauge32,
     "mrnSrvCompWinMin",
     server_gauge<&ServerFigures::window_min_us>},
    {{1, 9, 3, 6},
     Syntax::gauge32,
     "mrnSrvCompWinAvg",
     server_gauge<&ServerFigures::window_avg_us>},
    {{1, 9, 3, 7},
     Syntax::gauge32,
     "mrnSrvCompWinMax",
     server_gauge<&ServerFigures::window_max_us>},
    {{1, 9, 3, 8}, Syntax::gauge32, "mrnSrvCompMin", server_gauge<&ServerFigures::min_us>},
    {{1, 9, 3, 9}, Syntax::gauge32, "mrnSrvCompAvg", server_gauge<&ServerFigures::avg_us>},
    {{1, 9, 3, 10}, Syntax::gauge32, "mrnSrvCompMax", server_gauge<&ServerFigures::max_us>},
    {{1, 9, 4, 1},
     Syntax::gauge32,
     "mrnSrvCertsPending",
     server_gauge<&ServerFigures::certificates_pending>},
    {{1, 9, 4, 2},
     Syntax::gauge32,
     "mrnSrvCertsSigned",
     server_gauge<&ServerFigures::certificates_signed>},
    {{1, 9, 4, 3},
     Syntax::gauge32,
     "mrnSrvCertsRevoked",
     server_gauge<&ServerFigures::certificates_revoked>},
    {{1, 9, 5, 1}, Syntax::gauge32, "mrnNodesTotal", fleet_gauge<&FleetFigures::nodes>},
    {{1, 9, 5, 2}, Syntax::gauge32, "mrnNodesFailed", fleet_gauge<&FleetFigures::failed>},
    {{1, 9, 5, 3}, Syntax::gauge32, "mrnNodesChanged", fleet_gauge<&FleetFigures::changed>},
    {{1, 9, 5, 4}, Syntax::gauge32, "mrnNodesUnchanged", fleet_gauge<&FleetFigures::unchanged>},
    {{1, 9, 5, 5}, Syntax::gauge32, "mrnNodesStale", fleet_gauge<&FleetFigures::stale>},
    {{1, 9, 5, 6}, Syntax::gauge32, "mrnNodesDeactivated", fleet_gauge<&FleetFigures::deactivated>},
    {{1, 9, 5, 7},
     Syntax::gauge32,
     "mrnNodesReportsMin",
     fleet_gauge<&FleetFigures::reports_last_minute>},
    {{1, 9, 5, 8}, Syntax::counter64, "mrnNodesReports", fleet_reports},
    {{1, 9, 5, 9}, Syntax::gauge32, "mrnNodesStaleAfter", fleet_stale_after},
    {{1, 9, 5, 10}, Syntax::gauge32, "mrnNodesRefreshed", fleet_refreshed},
    {{1, 9, 5, 11}, Syntax::integer32, "mrnNodesStoreOk", fleet_store_ok},
};

/// Where the server's objects begin in kObjects.
const MibObject* first_server_object() {
  return std::find_if(std::begin(kObjects), std::end(kObjects), [](const MibObject& object) {
    return starts_with(object.suffix, kServerSuffix);
  });
}

}  // namespace

std::span<const MibObject> mib_objects() {
  return kObjects;
}

std::span<const MibObject> served_objects(Role role) {
  const MibObject* split = first_server_object();
  if (role == Role::server) return {split, std::end(kObjects)};
  return {std::begin(kObjects), split};
}

}  // namespace marionette::subagent
