#include "subagent/netsnmp_log.hpp"

#include <spdlog/spdlog.h>

#include <string_view>

// clang-format off
#include <net-snmp/net-snmp-config.h>
#include <net-snmp/net-snmp-includes.h>
// clang-format on

namespace marionette::subagent {
namespace {

spdlog::level::level_enum level_of(int syslog_priority) {
  if (syslog_priority <= LOG_ERR) return spdlog::level::err;
  if (syslog_priority == LOG_WARNING) return spdlog::level::warn;
  if (syslog_priority <= LOG_INFO) return spdlog::level::info;
  return spdlog::level::debug;
}

/// Net-SNMP's words for a reconnect it does not make here (MasterConnection reconnects, and
/// says so once).
bool misleading(std::string_view text) {
  return text.starts_with("AgentX master disconnected us");
}

/// The installed instance. Not passed as the callback's client argument: snmp_shutdown frees
/// client arguments.
NetSnmpLog* active = nullptr;

}  // namespace

NetSnmpLog::NetSnmpLog() {
  active = this;
  snmp_register_callback(SNMP_CALLBACK_LIBRARY, SNMP_CALLBACK_LOGGING, &NetSnmpLog::on_message,
                         nullptr);
  snmp_enable_calllog();
}

NetSnmpLog::~NetSnmpLog() {
  snmp_unregister_callback(SNMP_CALLBACK_LIBRARY, SNMP_CALLBACK_LOGGING, &NetSnmpLog::on_message,
                           nullptr, 1);
  active = nullptr;
}

int NetSnmpLog::on_message(int, int, void* message, void*) {
  if (!active) return 0;
  const auto* log_message = static_cast<const snmp_log_message*>(message);
  RepeatFilter& filter = active->filter_;
  std::string_view text = log_message->msg ? log_message->msg : "";
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.remove_suffix(1);
  if (text.empty() || misleading(text)) return 0;

  RepeatFilter::Verdict verdict = filter.admit(text);
  if (!verdict.log) return 0;
  if (verdict.previous_repeats > 0) {
    spdlog::info("snmp: (previous message repeated {} more times)", verdict.previous_repeats);
  }
  spdlog::log(level_of(log_message->priority), "snmp: {}", text);
  return 0;
}

}  // namespace marionette::subagent
