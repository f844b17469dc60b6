#pragma once

#include "metrics/fleet_snapshot.hpp"
#include "subagent/oid.hpp"
#include "subagent/run_notifier.hpp"

namespace marionette::subagent {

/// Sends mrnRunFailed or mrnRunRecovered with its objects (mrnLastRunStatus, mrnLastRunFailed,
/// mrnCompileLastOk: the values of the run it is about) through the AgentX master, which
/// forwards it to its trap sinks (trap2sink, informsink, trapsess in snmpd.conf). Call on the
/// SNMP thread only, while connected to a master (without one, Net-SNMP drops it).
void send_run_notification(const Oid& root, const PendingNotification& notification);

/// Sends mrnNodeRunFailed, mrnNodeBecameStale or mrnNodeRecovered with the node's row objects
/// (mrnNodeName, mrnNodeStatus, mrnNodeLastReport, mrnNodeFailed, instance: the certname's
/// row index) as the event tells them. As send_run_notification.
void send_fleet_notification(const Oid& root, const metrics::FleetEvent& event);

}  // namespace marionette::subagent
