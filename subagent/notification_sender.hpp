#pragma once

#include "metrics/snapshot.hpp"
#include "subagent/oid.hpp"
#include "subagent/run_notifier.hpp"

namespace marionette::subagent {

/// Sends mrnRunFailed or mrnRunRecovered with its objects (mrnLastRunStatus, mrnLastRunFailed,
/// mrnCompileLastOk, read from `snapshot`) through the AgentX master, which forwards it to its
/// trap sinks (trap2sink, informsink, trapsess in snmpd.conf). Call on the SNMP thread only.
void send_run_notification(const Oid& root, RunNotification notification,
                           const metrics::Snapshot& snapshot);

}  // namespace marionette::subagent
