#pragma once

#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <string>

namespace marionette::testing {

/// A private Net-SNMP snmpd for tests, run as an ordinary process: UDP on 127.0.0.1 at a free
/// high port, community "public", AgentX master on a unix socket in its own temp dir, no
/// system configuration (-C), MIB loading and persistent state kept inside the temp dir.
/// The destructor stops it and removes the dir; if the test process dies first, snmpd gets
/// SIGTERM (PR_SET_PDEATHSIG: construct and start() it on a thread that outlives it).
///
///   PrivateSnmpd snmpd;                       // started, socket ready
///   options.agentx_socket = snmpd.agentx_socket();
///   run_command({"snmpbulkwalk", "-v2c", "-c", "public", "-On", snmpd.address(), root});
class PrivateSnmpd {
 public:
  static constexpr const char* kDefaultPath = "/usr/sbin/snmpd";

  /// Whether `snmpd` exists and is executable (tests skip otherwise).
  static bool available(const std::filesystem::path& snmpd = kDefaultPath);

  /// Starts snmpd; throws std::runtime_error (with snmpd's log) if it does not come up.
  explicit PrivateSnmpd(std::filesystem::path snmpd = kDefaultPath, bool start_now = true);
  ~PrivateSnmpd();
  PrivateSnmpd(const PrivateSnmpd&) = delete;
  PrivateSnmpd& operator=(const PrivateSnmpd&) = delete;

  /// Starts (again) on the same port and socket, and waits for the AgentX socket to appear.
  void start(std::chrono::milliseconds timeout = std::chrono::seconds(5));
  /// SIGTERM, then SIGKILL if it has not exited after `timeout`. Safe when not running.
  void stop(std::chrono::milliseconds timeout = std::chrono::seconds(5));
  bool running() const { return pid_ > 0; }
  /// Lines added to snmpd.conf (for instance "trap2sink 127.0.0.1:162 public"); they take
  /// effect at the next start(), so construct with start_now = false to use them at once.
  void set_extra_config(std::string lines);

  const std::filesystem::path& dir() const { return dir_; }
  std::string agentx_socket() const { return (dir_ / "agentx.sock").string(); }
  int port() const { return port_; }
  std::string address() const { return "127.0.0.1:" + std::to_string(port_); }
  std::string log() const;  ///< what snmpd printed so far (-Lo)

 private:
  void write_config() const;

  std::filesystem::path snmpd_;
  std::filesystem::path dir_;
  int port_ = 0;
  pid_t pid_ = -1;
  std::string extra_config_;
};

/// A UDP port on 127.0.0.1 that was free a moment ago.
int free_udp_port();

}  // namespace marionette::testing
