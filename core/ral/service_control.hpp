#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ral/host.hpp"

namespace marionette::ral {

/// What a service resource asks of its provider, as Puppet's service type does.
struct ServiceSpec {
  std::string name;
  std::optional<bool> running;  ///< ensure: running (true) or stopped (false); unmanaged if unset
  std::optional<bool> enable;
  bool hasstatus = true;
  bool hasrestart = false;
  bool hasrestart_given = false;
  std::optional<std::string> pattern;  ///< what the process table is searched for (hasstatus false)
  std::optional<std::string> status_command, start_command, stop_command, restart_command;
};

/// One service provider: how it finds out a service's state and which commands change it.
class ServiceControl {
 public:
  virtual ~ServiceControl() = default;
  /// "systemd", "debian": as `provider => …` and puppet resource name it.
  virtual std::string name() const = 0;
  /// Why this provider cannot work on this node; nothing when it can.
  virtual std::optional<std::string> unusable() = 0;
  virtual bool running() = 0;
  virtual bool enabled() = 0;
  /// The commands of "start", "stop" or "restart", run in order until one fails; empty with a
  /// reason in `error` when there are none (no init script).
  virtual std::vector<std::vector<std::string>> commands(const std::string& verb,
                                                         std::string& error) = 0;
  /// The commands that enable (or disable) the service at boot.
  virtual std::vector<std::vector<std::string>> enable_commands(bool enable) = 0;
};

/// Runs argv with the PATH providers use.
CommandResult run_service_command(Host host, std::vector<std::string> argv);

/// systemctl, for nodes that systemd booted.
std::unique_ptr<ServiceControl> systemd_control(const ServiceSpec& spec, Host host);

/// Debian's init scripts (/etc/init.d, update-rc.d, invoke-rc.d), for Debian nodes that
/// systemd did not boot.
std::unique_ptr<ServiceControl> debian_control(const ServiceSpec& spec, Host host);

/// Where systemd marks a system it booted (sd_booted(3)).
inline constexpr const char* kSystemdBooted = "/run/systemd/system";
/// What marks a Debian system.
inline constexpr const char* kDebianVersion = "/etc/debian_version";
inline constexpr const char* kInitScripts = "/etc/init.d";

/// The provider Puppet would pick when none is given: systemd where systemd runs, debian on a
/// Debian node without it; systemd (which then says why it cannot work) otherwise.
std::string default_service_provider(Host host);

/// Puppet's init provider's instances: the executable scripts in /etc/init.d but those it
/// skips (rcS, halt, reboot, ...), sorted.
std::vector<std::string> init_script_instances(Host host);

}  // namespace marionette::ral
