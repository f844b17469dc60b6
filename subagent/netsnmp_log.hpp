#pragma once

#include "subagent/repeat_filter.hpp"

namespace marionette::subagent {

/// Routes Net-SNMP's log messages to spdlog's default logger (prefixed "snmp: "), dropping
/// immediate repeats. Construct before init_agent; lives until after snmp_shutdown.
/// Net-SNMP's logging is process-wide: one instance at a time.
class NetSnmpLog {
 public:
  NetSnmpLog();
  ~NetSnmpLog();
  NetSnmpLog(const NetSnmpLog&) = delete;
  NetSnmpLog& operator=(const NetSnmpLog&) = delete;

 private:
  static int on_message(int major, int minor, void* message, void* unused);
  RepeatFilter filter_;
};

}  // namespace marionette::subagent
