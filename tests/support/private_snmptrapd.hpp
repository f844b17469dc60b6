#pragma once

#include <chrono>
#include <filesystem>
#include <memory>
#include <string>

#include "support/child_process.hpp"

namespace marionette::testing {

/// A private Net-SNMP snmptrapd for tests: UDP on 127.0.0.1 at a free port, every community
/// accepted (disableAuthorization), no system configuration (-C), no MIBs loaded, numeric OIDs
/// (-On), each notification logged to stdout. Stopped and its temp dir removed by the
/// destructor.
///
///   PrivateSnmptrapd traps;
///   snmpd.set_extra_config("trap2sink " + traps.address() + " public");
///   EXPECT_TRUE(traps.wait_for(".1.3.6.1.4.1.8072.9999.9999.4242.0.1", 5s));
class PrivateSnmptrapd {
 public:
  static constexpr const char* kDefaultPath = "/usr/sbin/snmptrapd";
  static bool available(const std::filesystem::path& snmptrapd = kDefaultPath);

  /// Starts it and waits until it listens; throws std::runtime_error with its log if it does not.
  explicit PrivateSnmptrapd(std::filesystem::path snmptrapd = kDefaultPath);
  ~PrivateSnmptrapd();
  PrivateSnmptrapd(const PrivateSnmptrapd&) = delete;
  PrivateSnmptrapd& operator=(const PrivateSnmptrapd&) = delete;

  std::string address() const { return "127.0.0.1:" + std::to_string(port_); }
  /// Everything it logged so far: one block per notification received.
  std::string log() const;
  /// Polls the log until `text` appears `count` times; false at the deadline.
  bool wait_for(const std::string& text, std::chrono::milliseconds timeout, int count = 1) const;
  /// How often `text` appears in the log.
  int count(const std::string& text) const;

 private:
  std::filesystem::path dir_;
  int port_ = 0;
  std::unique_ptr<ChildProcess> process_;
};

}  // namespace marionette::testing
