// Puppet's service type over a provider (service_control.hpp): systemd, or debian's init
// scripts where systemd does not run.
#include "ral/params.hpp"
#include "ral/resource_type.hpp"
#include "ral/service_control.hpp"
#include "ral/types.hpp"

namespace marionette::ral {

namespace {

/// Puppet's service type: ensure (running/stopped), enable, refresh restarts; the custom
/// start/stop/restart/status commands win over the provider's.
class ServiceResource final : public ManagedResource {
 public:
  ServiceResource(ServiceSpec spec, Host host, std::unique_ptr<ServiceControl> control)
      : spec_(std::move(spec)), host_(host), control_(std::move(control)) {}

  /// Puppet's harness: when ensure changes (or would), no other property is synced on its own;
  /// starting or stopping brings `enable` along silently, as Puppet's ensure does.
  void evaluate(ResourceContext& context) override {
    if (auto why = control_->unusable()) return context.evaluation_failed(*why);
    if (spec_.running) {
      const bool running = is_running();
      if (running != *spec_.running) {
        const std::string is = single_quoted(running ? "running" : "stopped");
        const std::string should = single_quoted(*spec_.running ? "running" : "stopped");
        const std::string verb = *spec_.running ? "start" : "stop";
        std::string error;
        auto argv = commands(verb, error);
        // Puppet: "Could not start Service[x]: Execution of 'CMD' returned 1: OUTPUT"
        if (sync(context, "ensure", *spec_.running ? "service_started" : "service_stopped", is,
                 should, std::move(argv), error,
                 "Could not " + verb + " Service[" + spec_.name + "]: ",
                 *spec_.running ? "ensure changed 'stopped' to 'running'"
                                : "ensure changed 'running' to 'stopped'",
                 enable_along()) &&
            *spec_.running)
          context.invalidate_refreshes();
        return;
      }
    }
    if (spec_.enable) {
      const bool enabled = control_->enabled();
      if (enabled != *spec_.enable) {
        const std::string is = single_quoted(enabled ? "true" : "false");
        const std::string should = single_quoted(*spec_.enable ? "true" : "false");
        sync(context, "enable", "enable_changed", is, should,
             control_->enable_commands(*spec_.enable), "", "",
             "enable changed " + is + " to " + should);
      }
    }
  }

  bool refreshable() const override { return true; }

  /// Puppet restarts a service on refresh only when it is running now, whatever ensure asks
  /// ("Skipping restart; service is not running"); the refresh still counts as done.
  std::optional<std::string> refresh(ResourceContext& context) override {
    if (auto why = control_->unusable()) return why;
    if (!is_running()) {
      context.log("debug", "Skipping restart; service is not running");
      return std::nullopt;
    }
    if (context.noop()) return std::nullopt;
    std::string error;
    auto argv = commands("restart", error);
    if (argv.empty()) return error;
    for (auto& command : argv) {
      CommandResult result = run_service_command(host_, std::move(command));
      if (!result.error.empty()) return result.error;
      if (result.exit_code != 0)
        return "Could not restart Service[" + spec_.name + "]: " + result.output;
    }
    return std::nullopt;
  }

  std::string identity() const override { return spec_.name; }

  /// hasstatus always has a value (true by default); hasrestart only when given.
  std::optional<std::string> parameter(const std::string& name) override {
    if (name == "hasstatus") return single_quoted(spec_.hasstatus ? "true" : "false");
    if (name == "hasrestart" && spec_.hasrestart_given)
      return single_quoted(spec_.hasrestart ? "true" : "false");
    return std::nullopt;
  }

  std::vector<std::pair<std::string, std::string>> describe() override {
    if (control_->unusable()) return {};
    const bool enabled = control_->enabled();
    return {{"ensure", single_quoted(is_running() ? "running" : "stopped")},
            {"enable", single_quoted(enabled ? "true" : "false")},
            {"provider", single_quoted(control_->name())}};
  }

 private:
  std::vector<std::vector<std::string>> commands(const std::string& verb, std::string& error) {
    const std::optional<std::string>& custom = verb == "start"  ? spec_.start_command
                                               : verb == "stop" ? spec_.stop_command
                                                                : spec_.restart_command;
    if (custom) return {{"/bin/sh", "-c", *custom}};
    return control_->commands(verb, error);
  }

  bool is_running() {
    if (spec_.status_command)
      return run_service_command(host_, {"/bin/sh", "-c", *spec_.status_command}).exit_code == 0;
    return control_->running();
  }

  /// The `enable` commands that ensure's change runs after its own (none when enable is in
  /// sync or not managed); their failure fails ensure's change, worded as enable's.
  struct Along {
    std::vector<std::vector<std::string>> argvs;
    std::string should;
  };
  std::optional<Along> enable_along() {
    if (!spec_.enable || control_->enabled() == *spec_.enable) return std::nullopt;
    return Along{control_->enable_commands(*spec_.enable),
                 single_quoted(*spec_.enable ? "true" : "false")};
  }

  /// Runs the commands in order; the first that fails fails the change. With a
  /// `failure_prefix`, a failed command is worded as Puppet's ExecutionFailure after it;
  /// without, as "Could not set 'x' on property: OUTPUT". No command: `no_command` is why.
  /// `along`: enable's commands, run after ensure's. False when the change failed.
  bool sync(ResourceContext& context, const std::string& property, const std::string& event,
            const std::string& is, const std::string& should,
            std::vector<std::vector<std::string>> argvs, const std::string& no_command,
            const std::string& failure_prefix, const std::string& message,
            std::optional<Along> along = std::nullopt) {
    if (context.noop()) {
      context.would_change(property, event, is, should);
      return true;
    }
    if (argvs.empty()) {
      context.change_failed(property, is, should, no_command);
      return false;
    }
    if (!run(context, property, is, should, argvs, failure_prefix)) return false;
    if (along && !run(context, property, is, should, along->argvs, "", "enable", along->should))
      return false;
    context.changed(property, event, message);
    return true;
  }

  /// The commands of one change in order; false (the change failed, said) at the first that
  /// fails. Without a prefix the failure is Puppet's "Could not set 'x' on NAME: OUTPUT", NAME
  /// the property whose value is set (enable's, when ensure brings it along).
  bool run(ResourceContext& context, const std::string& property, const std::string& is,
           const std::string& should, std::vector<std::vector<std::string>>& argvs,
           const std::string& failure_prefix, std::string set_name = "",
           std::string set_value = "") {
    if (set_name.empty()) set_name = property;
    if (set_value.empty()) set_value = should;
    for (auto& argv : argvs) {
      std::string line;  // a custom command as the user wrote it, as Puppet names it
      if (argv.size() == 3 && argv[0] == "/bin/sh" && argv[1] == "-c")
        line = argv[2];
      else
        for (const std::string& word : argv) line += (line.empty() ? "" : " ") + word;
      CommandResult result = run_service_command(host_, std::move(argv));
      if (result.error.empty() && result.exit_code == 0) continue;
      std::string why = result.error.empty() ? result.output : result.error;
      while (!why.empty() && why.back() == '\n') why.pop_back();
      if (failure_prefix.empty()) {
        context.change_failed(property, is, should,
                              "Could not set " + set_value + " on " + set_name + ": " + why);
        return false;
      }
      if (result.error.empty())
        why =
            "Execution of '" + line + "' returned " + std::to_string(result.exit_code) + ": " + why;
      context.change_failed(property, is, should, failure_prefix + why);
      return false;
    }
    return true;
  }

  ServiceSpec spec_;
  Host host_;
  std::unique_ptr<ServiceControl> control_;
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
  const std::string provider =
      params::text(resource, "provider").value_or(default_service_provider(host));
  if (provider != "systemd" && provider != "debian") {
    error = "Validation of " + resource.ref() + " failed: marionette has the systemd and " +
            "debian service providers only, not '" + provider + "'";
    return nullptr;
  }
  spec.hasstatus = params::boolean(resource, "hasstatus").value_or(true);
  spec.hasrestart_given = params::boolean(resource, "hasrestart").has_value();
  spec.hasrestart = params::boolean(resource, "hasrestart").value_or(false);
  spec.pattern = params::text(resource, "pattern");
  spec.status_command = params::text(resource, "status");
  spec.start_command = params::text(resource, "start");
  spec.stop_command = params::text(resource, "stop");
  spec.restart_command = params::text(resource, "restart");
  auto control = provider == "debian" ? debian_control(spec, host) : systemd_control(spec, host);
  return std::make_unique<ServiceResource>(std::move(spec), host, std::move(control));
}

Provider service_type_provider() {
  return {make_service, service_instances};
}

}  // namespace marionette::ral
