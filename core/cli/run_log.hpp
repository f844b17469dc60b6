#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "daemon/run_once.hpp"

namespace marionette::cli {

/// A log sink that prints Puppet-shaped lines (`Notice: …`, `Error: …`) through spdlog:
/// plain on the console for `apply`, with timestamps for the agent.
daemon::RunLog make_run_log(bool timestamps, bool debug);

/// Writes one of the SNMP module's log messages (subagent::ModuleLog) to spdlog's default logger,
/// which an AgentLog routes.
void log_from_snmp_module(int spdlog_level, const char* text, std::size_t size);

/// Prints an error the way every subcommand does: `Error: message` on stderr.
void print_error(const std::string& message);

/// Where the agent logs and from which level on (the logdest and log-level settings).
struct LogSettings {
  std::string destination = "console";  ///< console | syslog | a file path
  std::string level = "notice";         ///< debug | info | notice | warning | err
  bool color = false;                   ///< the console's levels in Puppet's colours (--color)
};

/// The agent's log: Puppet-shaped lines on the console as `puppet agent -t` prints them, without
/// timestamps (notices on stdout, warnings and errors on stderr), or appended to a file as
/// Puppet's log files (`2026-11-26 06:15:08 +0000 Puppet (notice): …`), or to syslog (ident
/// marionette, facility daemon, without the `Notice: ` prefix: syslog has the level). It also becomes
/// spdlog's default logger, so the SNMP subagent's messages go to the same place.
/// Construct it before starting threads; reconfigure() may be called while they run.
class AgentLog {
 public:
  /// Throws std::runtime_error naming the file when a log file cannot be opened.
  explicit AgentLog(const LogSettings& settings);
  ~AgentLog();

  /// Switches destination and level (SIGHUP); throws and keeps the current ones on failure.
  void reconfigure(const LogSettings& settings);

  daemon::RunLog run_log() const;

  struct Route;

 private:
  std::shared_ptr<Route> route_;
};

}  // namespace marionette::cli
