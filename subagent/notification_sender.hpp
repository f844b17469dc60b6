#pragma once

#include "subagent/oid.hpp"
#include "subagent/run_notifier.hpp"

namespace marionette::subagent {

/// Sends mrnRunFailed or mrnRunRecovered with its objects (mrnLastRunStatus, mrnLastRunFailed,
/// mrnCompileLastOk: the values of the run it is about) through the AgentX master, which
/// forwards it to its trap sinks (trap2sink, informsink, trapsess in snmpd.conf). Call on the
/// SNMP thread only, while connected to a master (without one, Net-SNMP drops it).
void send_run_notification(const Oid& root, const PendingNotification& notification);

}  // namespace marionette::subagent
