#include "subagent/notification_sender.hpp"

#include <algorithm>
#include <vector>

// clang-format off
#include <net-snmp/net-snmp-config.h>
#include <net-snmp/net-snmp-includes.h>
#include <net-snmp/agent/net-snmp-agent-includes.h>
// clang-format on

namespace marionette::subagent {
namespace {

/// SNMPv2-MIB::snmpTrapOID.0, the first varbind after sysUpTime.0 of every notification.
const Oid kSnmpTrapOid = {1, 3, 6, 1, 6, 3, 1, 1, 4, 1, 0};

void add(netsnmp_variable_list** vars, const Oid& name, u_char type, const void* value,
         size_t length) {
  const std::vector<oid> arcs(name.begin(), name.end());
  snmp_varlist_add_variable(vars, arcs.data(), arcs.size(), type, value, length);
}

void add_integer(netsnmp_variable_list** vars, const Oid& name, long value) {
  add(vars, name, ASN_INTEGER, &value, sizeof value);
}

void add_gauge(netsnmp_variable_list** vars, const Oid& name, unsigned long value) {
  add(vars, name, ASN_GAUGE, &value, sizeof value);
}

/// snmpTrapOID.0 = root.0.N, the NOTIFICATION-TYPE's OID.
void add_trap_oid(netsnmp_variable_list** vars, const Oid& root, std::uint32_t arc) {
  std::vector<oid> trap_oid(root.begin(), root.end());
  trap_oid.push_back(0);
  trap_oid.push_back(arc);
  add(vars, kSnmpTrapOid, ASN_OBJECT_ID, trap_oid.data(), trap_oid.size() * sizeof(oid));
}

}  // namespace

void send_fleet_notification(const Oid& root, const metrics::FleetEvent& event) {
  netsnmp_variable_list* vars = nullptr;
  add_trap_oid(&vars, root, static_cast<std::uint32_t>(event.kind));
  // mrnNodeEntry's columns at the row of the certname (length, then one arc per byte).
  auto column = [&](std::uint32_t number) {
    Oid name = join(root, {1, 9, 6, 1, number, static_cast<std::uint32_t>(event.certname.size())});
    for (char c : event.certname) name.push_back(static_cast<unsigned char>(c));
    return name;
  };
  add(&vars, column(2), ASN_OCTET_STR, event.certname.data(), event.certname.size());
  add_integer(&vars, column(6), static_cast<long>(event.status));
  add_gauge(&vars, column(4),
            static_cast<unsigned long>(std::max<std::int64_t>(0, event.last_report_at)));
  add_gauge(&vars, column(9), event.resources_failed);
  send_v2trap(vars);
  snmp_free_varbind(vars);
}

void send_run_notification(const Oid& root, const PendingNotification& notification) {
  const metrics::RunRecord& run = notification.run;
  netsnmp_variable_list* vars = nullptr;
  const std::vector<oid> trap({root.begin(), root.end()});  // root.0.N, the NOTIFICATION-TYPE's OID
  std::vector<oid> trap_oid = trap;
  trap_oid.push_back(0);
  trap_oid.push_back(static_cast<oid>(notification.kind));
  add(&vars, kSnmpTrapOid, ASN_OBJECT_ID, trap_oid.data(), trap_oid.size() * sizeof(oid));
  // The NOTIFICATION-TYPE's OBJECTS, in order; scalars, so instance .0.
  add_integer(&vars, join(root, {1, 4, 13, 0}), static_cast<long>(run.status));
  add_gauge(&vars, join(root, {1, 4, 3, 0}), run.resources_failed);
  add_integer(&vars, join(root, {1, 2, 2, 0}), run.compile_ok ? 1 : 2);
  send_v2trap(vars);
  snmp_free_varbind(vars);
}

}  // namespace marionette::subagent
