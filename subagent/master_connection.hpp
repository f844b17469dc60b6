#pragma once

#include <chrono>
#include <string>

#include "retry/backoff.hpp"

namespace marionette::subagent {

/// The AgentX session to the master agent (snmpd), kept up with backoff.
///
/// Net-SNMP's own reconnect retries every ping interval at the same pace forever and logs each
/// failure; it is turned off here (ping interval 0 for Net-SNMP) and replaced by: an attempt at
/// once when the master goes away, then after 1 s, doubling up to 30 s, back to 1 s after a
/// success, with one warning per outage. While connected, the master is pinged every
/// `ping_interval_s` so that a master that stops answering is noticed too.
/// Construct after init_agent and before init_snmp (whose first connection attempt it sees);
/// every call on the SNMP thread.
class MasterConnection {
 public:
  using Clock = retry::Backoff::Clock;
  static constexpr std::chrono::milliseconds kFirstRetry{1000};
  static constexpr std::chrono::milliseconds kLongestRetry{30000};

  MasterConnection(std::string master, int ping_interval_s);
  ~MasterConnection();
  MasterConnection(const MasterConnection&) = delete;
  MasterConnection& operator=(const MasterConnection&) = delete;

  /// Call after init_snmp: registers with the master its first attempt reached, or warns.
  void started(Clock::time_point now);
  /// Reconnects when the master is away and the backoff says it is time. Call often.
  void poll(Clock::time_point now);
  bool connected() const { return session_ != nullptr; }

 private:
  static int on_session_start(int major, int minor, void* session, void* self);
  static int on_session_stop(int major, int minor, void* session, void* self);
  static void on_ping(unsigned int alarm, void* self);
  void warn_once(const char* what);

  std::string master_;
  int ping_interval_s_;
  void* session_ = nullptr;  ///< Net-SNMP's netsnmp_session while connected
  retry::Backoff backoff_{kFirstRetry, kLongestRetry};
  bool warned_ = false;
  unsigned int ping_alarm_ = 0;
};

}  // namespace marionette::subagent
