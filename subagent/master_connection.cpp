#include "subagent/master_connection.hpp"

#include <spdlog/spdlog.h>

// clang-format off
#include <net-snmp/net-snmp-config.h>
#include <net-snmp/net-snmp-includes.h>
#include <net-snmp/agent/net-snmp-agent-includes.h>
#include <net-snmp/agent/agent_callbacks.h>
// clang-format on

// Exported by libnetsnmpagent (agent/mibgroup/agentx/subagent.c) but declared in no installed
// header: the two steps of Net-SNMP's own reconnect alarm, which is off here.
extern "C" int subagent_open_master_session(void);
extern "C" void agentx_check_session(unsigned int clientreg, void* clientarg);

namespace marionette::subagent {

MasterConnection::MasterConnection(std::string master, int ping_interval_s)
    : master_(std::move(master)), ping_interval_s_(ping_interval_s) {
  // 0: Net-SNMP neither pings nor schedules its own reconnects; poll() reconnects instead.
  netsnmp_ds_set_int(NETSNMP_DS_APPLICATION_ID, NETSNMP_DS_AGENT_AGENTX_PING_INTERVAL, 0);
  netsnmp_ds_set_boolean(NETSNMP_DS_APPLICATION_ID, NETSNMP_DS_AGENT_NO_CONNECTION_WARNINGS, 1);
  snmp_register_callback(SNMP_CALLBACK_APPLICATION, SNMPD_CALLBACK_INDEX_START,
                         &MasterConnection::on_session_start, this);
  snmp_register_callback(SNMP_CALLBACK_APPLICATION, SNMPD_CALLBACK_INDEX_STOP,
                         &MasterConnection::on_session_stop, this);
  if (ping_interval_s_ > 0) {
    ping_alarm_ = snmp_alarm_register(static_cast<unsigned int>(ping_interval_s_), SA_REPEAT,
                                      &MasterConnection::on_ping, this);
  }
}

MasterConnection::~MasterConnection() {
  if (ping_alarm_ != 0) snmp_alarm_unregister(ping_alarm_);
  snmp_unregister_callback(SNMP_CALLBACK_APPLICATION, SNMPD_CALLBACK_INDEX_START,
                           &MasterConnection::on_session_start, this, 0);
  snmp_unregister_callback(SNMP_CALLBACK_APPLICATION, SNMPD_CALLBACK_INDEX_STOP,
                           &MasterConnection::on_session_stop, this, 0);
}

int MasterConnection::on_session_start(int, int, void* session, void* self) {
  static_cast<MasterConnection*>(self)->session_ = session;
  return 0;
}

int MasterConnection::on_session_stop(int, int, void*, void* self) {
  auto& connection = *static_cast<MasterConnection*>(self);
  connection.session_ = nullptr;
  connection.warn_once("lost the AgentX master");
  return 0;
}

void MasterConnection::on_ping(unsigned int, void* self) {
  auto& connection = *static_cast<MasterConnection*>(self);
  // On a failed ping Net-SNMP closes the session (on_session_stop) and tries once to reopen it.
  if (connection.session_) agentx_check_session(0, connection.session_);
}

void MasterConnection::warn_once(const char* what) {
  if (warned_) return;
  warned_ = true;
  spdlog::warn("snmp: {} ({}); retrying after {} s, backing off up to {} s", what, master_,
               kFirstRetry.count() / 1000, kLongestRetry.count() / 1000);
}

void MasterConnection::started(Clock::time_point now) {
  if (connected()) {
    // Without a ping interval, init_snmp's connection does not send the registrations made
    // before it: send them now.
    register_mib_reattach();
    return;
  }
  backoff_.failed(now);
  warn_once("Failed to connect to the AgentX master");
}

void MasterConnection::poll(Clock::time_point now) {
  if (connected() || !backoff_.due(now)) return;
  if (subagent_open_master_session() != 0) {
    backoff_.failed(now);
    spdlog::debug(
        "snmp: no AgentX master at {}; next attempt in {} ms", master_,
        std::chrono::duration_cast<std::chrono::milliseconds>(backoff_.next_attempt() - now)
            .count());
    return;
  }
  register_mib_reattach();  // the master forgot our registrations with the old session
  backoff_.succeeded();
  if (warned_) spdlog::info("snmp: connected to the AgentX master ({})", master_);
  warned_ = false;
}

}  // namespace marionette::subagent
