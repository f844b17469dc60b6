#include "ral/params.hpp"
#include "ral/resource_type.hpp"
#include "ral/types.hpp"

namespace marionette::ral {

namespace {

/// Where systemd marks a system it booted (sd_booted(3)).
constexpr const char* kSystemdBooted = "/run/systemd/system";

struct ServiceSpec {
  std::string name;
  std::optional<bool> running;  ///< ensure: running (true) or stopped (false); unmanaged if unset
  std::optional<bool> enable;
  bool hasstatus = true;
  std::optional<std::string> status_command, start_command, stop_command, restart_command;
};

/// Puppet's service type with the systemd provider (systemctl).
class ServiceResource final : public ManagedResource {
 public:
  ServiceResource(ServiceSpec spec, Host host) : spec_(std::move(spec)), host_(host) {}

  void evaluate(ResourceContext& context) override {
    if (auto why = systemd_missing()) return context.evaluation_failed(*why);
    if (spec_.running) {
      const bool running = is_running();
      if (running != *spec_.running) {
        const std::string is = single_quoted(running ? "running" : "stopped");
        const std::string should = single_quoted(*spec_.running ? "running" : "stopped");
        sync(context, "ensure", *spec_.running ? "service_started" : "service_stopped", is, should,
             *spec_.running ? command("start") : command("stop"),
             *spec_.running ? "ensure changed 'stopped' to 'running'"
                            : "ensure changed 'running' to 'stopped'");
      }
    }
    if (spec_.enable) {
      const bool enabled = run({"/bin/systemctl", "is-enabled", "--quiet", unit()}).exit_code == 0;
      if (enabled != *spec_.enable) {
        const std::string is = single_quoted(enabled ? "true" : "false");
        const std::string should = single_quoted(*spec_.enable ? "true" : "false");
        sync(context, "enable", "enable_changed", is, should,
             {"/bin/systemctl", *spec_.enable ? "enable" : "disable", unit()},
             "enable changed " + is + " to " + should);
      }
    }
  }

  bool refreshable() const override { return true; }

  /// Puppet restarts a service on refresh only when it is (meant to be) running.
  std::optional<std::string> refresh(ResourceContext& context) override {
    if (auto why = systemd_missing()) return why;
    if (spec_.running == false || (!spec_.running && !is_running())) return std::nullopt;
    if (context.noop()) return std::nullopt;
    CommandResult result = run(command("restart"));
    if (!result.error.empty()) return result.error;
    if (result.exit_code != 0)
      return "Could not restart Service[" + spec_.name + "]: " + result.output;
    return std::nullopt;
  }

  std::string identity() const override { return spec_.name; }

  std::vector<std::pair<std::string, std::string>> describe() override {
    if (systemd_missing()) return {};
    const bool enabled = run({"/bin/systemctl", "is-enabled", "--quiet", unit()}).exit_code == 0;
    return {{"ensure", single_quoted(is_running() ? "running" : "stopped")},
            {"enable", single_quoted(enabled ? "true" : "false")},
            {"provider", "'systemd'"}};
  }

 private:
  std::string unit() const {
    return spec_.name.find('.') == std::string::npos ? spec_.name + ".service" : spec_.name;
  }

  std::optional<std::string> systemd_missing() const {
    if (host_.files->exists(kSystemdBooted)) return std::nullopt;
    return "systemd is not running on this node (no " + std::string(kSystemdBooted) +
           "), so the systemd provider cannot manage Service[" + spec_.name +
           "] (in a container, manage the process another way or run systemd as PID 1)";
  }

  std::vector<std::string> command(const std::string& verb) const {
    const std::optional<std::string>& custom = verb == "start"  ? spec_.start_command
                                               : verb == "stop" ? spec_.stop_command
                                                                : spec_.restart_command;
    if (custom) return {"/bin/sh", "-c", *custom};
    return {"/bin/systemctl", verb, unit()};
  }

  bool is_running() {
    if (spec_.status_command) return run({"/bin/sh", "-c", *spec_.status_command}).exit_code == 0;
    return run({"/bin/systemctl", "is-active", "--quiet", unit()}).exit_code == 0;
  }

  CommandResult run(std::vector<std::string> argv) {
    CommandRequest request;
    request.argv = std::move(argv);
    request.environment["PATH"] = "/usr/sbin:/usr/bin:/sbin:/bin";
    return host_.commands->run(request);
  }

  void sync(ResourceContext& context, const std::string& property, const std::string& event,
            const std::string& is, const std::string& should, std::vector<std::string> argv,
            const std::string& message) {
    if (context.noop()) return context.would_change(property, event, is, should);
    CommandResult result = run(std::move(argv));
    if (!result.error.empty() || result.exit_code != 0) {
      std::string why = result.error.empty() ? result.output : result.error;
      while (!why.empty() && why.back() == '\n') why.pop_back();
      return context.change_failed(property, is, should,
                                   "Could not set " + should + " on " + property + ": " + why);
    }
    context.changed(property, event, message);
  }

  ServiceSpec spec_;
  Host host_;
};

}  // namespace

std::unique_ptr<ManagedResource> make_service(const catalog::Resource& resource, Host host,
                                              std::string& error) {
  ServiceSpec spec;
  spec.name = params::text(resource, "name").value_or(resource.title);
  if (auto ensure = params::text(resource, "ensure")) {
    if (*ensure == "running" || *ensure == "true") {
      spec.running = true;
    } else if (*ensure == "stopped" || *ensure == "false") {
      spec.running = false;
    } else {
      error = "Parameter ensure failed on " + resource.ref() + ": Invalid value \"" + *ensure +
              "\". Valid values are stopped, running.";
      return nullptr;
    }
  }
  if (auto enable = params::text(resource, "enable")) {
    if (*enable != "true" && *enable != "false") {
      error = "Validation of " + resource.ref() + " failed: marionette supports enable => " +
              "true or false, not '" + *enable + "'";
      return nullptr;
    }
    spec.enable = *enable == "true";
  }
  if (auto provider = params::text(resource, "provider"); provider && *provider != "systemd") {
    error = "Validation of " + resource.ref() + " failed: marionette has the systemd service " +
            "provider only, not '" + *provider + "'";
    return nullptr;
  }
  spec.hasstatus = params::boolean(resource, "hasstatus").value_or(true);
  spec.status_command = params::text(resource, "status");
  spec.start_command = params::text(resource, "start");
  spec.stop_command = params::text(resource, "stop");
  spec.restart_command = params::text(resource, "restart");
  return std::make_unique<ServiceResource>(std::move(spec), host);
}

}  // namespace marionette::ral
