// Puppet's systemd service provider: systemctl is-active / is-enabled / start / enable.
#include "ral/service_control.hpp"

namespace marionette::ral {

CommandResult run_service_command(Host host, std::vector<std::string> argv) {
  CommandRequest request;
  request.argv = std::move(argv);
  request.environment["PATH"] = "/usr/sbin:/usr/bin:/sbin:/bin";
  return host.commands->run(request);
}

namespace {

class SystemdControl final : public ServiceControl {
 public:
  SystemdControl(const ServiceSpec& spec, Host host) : spec_(spec), host_(host) {}

  std::string name() const override { return "systemd"; }

  std::optional<std::string> unusable() override {
    if (host_.files->exists(kSystemdBooted)) return std::nullopt;
    return "systemd is not running on this node (no " + std::string(kSystemdBooted) +
           "), so the systemd provider cannot manage Service[" + spec_.name +
           "] (in a container, manage the process another way or run systemd as PID 1)";
  }

  bool running() override {
    return run_service_command(host_, {"/bin/systemctl", "is-active", "--quiet", unit()})
               .exit_code == 0;
  }

  bool enabled() override {
    return run_service_command(host_, {"/bin/systemctl", "is-enabled", "--quiet", unit()})
               .exit_code == 0;
  }

  std::vector<std::vector<std::string>> commands(const std::string& verb,
                                                 std::string& error) override {
    (void)error;
    return {{"/bin/systemctl", verb, unit()}};
  }

  std::vector<std::vector<std::string>> enable_commands(bool enable) override {
    return {{"/bin/systemctl", enable ? "enable" : "disable", unit()}};
  }

 private:
  std::string unit() const {
    return spec_.name.find('.') == std::string::npos ? spec_.name + ".service" : spec_.name;
  }

  ServiceSpec spec_;
  Host host_;
};

}  // namespace

std::unique_ptr<ServiceControl> systemd_control(const ServiceSpec& spec, Host host) {
  return std::make_unique<SystemdControl>(spec, host);
}

}  // namespace marionette::ral
