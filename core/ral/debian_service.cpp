// Puppet's debian service provider: init scripts in /etc/init.d started and stopped directly,
// status from `service NAME status` (or the process table with hasstatus => false), enabled
// when invoke-rc.d says so or, when it cannot tell, when four rc directories start it.
#include <algorithm>
#include <iterator>
#include <regex>
#include <sstream>

#include "ral/service_control.hpp"

namespace marionette::ral {

namespace {

/// invoke-rc.d --query's answers (invoke-rc.d(8)).
constexpr int kQueryStartAllowed = 104;
constexpr int kQueryFallback = 106;
constexpr int kQueryNotAllowed = 101;
constexpr int kQueryUnknown = 105;

/// Scripts Puppet's init provider never lists as services.
constexpr const char* kExcludedScripts[] = {
    "functions.sh",
    "reboot.sh",
    "shutdown.sh",
    "functions",
    "halt",
    "killall",
    "single",
    "linuxconf",
    "reboot",
    "boot",
    "wait-for-state",
    "portmap-wait",
    "rcS",
    "module-init-tools",
    "plymouth-ready",
    "idmapd-mounting",
    "startpar-bridge",
    "cryptdisks-udev",
    "statd-mounting",
    "gssd-mounting",
};

class DebianControl final : public ServiceControl {
 public:
  DebianControl(const ServiceSpec& spec, Host host) : spec_(spec), host_(host) {}

  std::string name() const override { return "debian"; }

  std::optional<std::string> unusable() override { return std::nullopt; }

  bool running() override {
    if (spec_.hasstatus)
      return run_service_command(host_, {"/usr/sbin/service", spec_.name, "status"}).exit_code == 0;
    return in_process_table();
  }

  bool enabled() override {
    CommandResult query = run_service_command(
        host_, {"/usr/sbin/invoke-rc.d", "--quiet", "--query", spec_.name, "start"});
    if (query.exit_code == kQueryStartAllowed || query.exit_code == kQueryFallback) return true;
    if (query.exit_code == kQueryNotAllowed || query.exit_code == kQueryUnknown)
      return start_link_count() >= 4;
    return false;
  }

  std::vector<std::vector<std::string>> commands(const std::string& verb,
                                                 std::string& error) override {
    const std::string script = std::string(kInitScripts) + "/" + spec_.name;
    if (!host_.files->exists(script)) {
      error = "Could not find init script for '" + spec_.name + "'";
      return {};
    }
    if (verb == "restart" && !spec_.hasrestart) return {{script, "stop"}, {script, "start"}};
    return {{script, verb}};
  }

  /// Debian 12's sysv-rc (>= 2.88) has `update-rc.d NAME disable`, which Puppet uses there.
  std::vector<std::vector<std::string>> enable_commands(bool enable) override {
    if (!enable) return {{"/usr/sbin/update-rc.d", spec_.name, "disable"}};
    return {{"/usr/sbin/update-rc.d", "-f", spec_.name, "remove"},
            {"/usr/sbin/update-rc.d", spec_.name, "defaults"}};
  }

 private:
  /// /etc/rc*.d/S??NAME, as Puppet globs them.
  int start_link_count() {
    int count = 0;
    auto dirs = host_.files->list_directory("/etc");
    if (!dirs) return 0;
    for (const std::string& dir : *dirs) {
      if (dir.size() < 4 || dir.compare(0, 2, "rc") != 0 || dir.compare(dir.size() - 2, 2, ".d"))
        continue;
      auto links = host_.files->list_directory("/etc/" + dir);
      if (!links) continue;
      count += static_cast<int>(std::count_if(links->begin(), links->end(), [&](const auto& link) {
        return link.size() == spec_.name.size() + 3 && link[0] == 'S' &&
               link.compare(3, std::string::npos, spec_.name) == 0;
      }));
    }
    return count;
  }

  /// Puppet's base provider without a status command: a line of `ps -ef` that matches the
  /// pattern (by default the service's name) means it runs.
  bool in_process_table() {
    CommandResult ps = run_service_command(host_, {"ps", "-ef"});
    if (!ps.error.empty() || ps.exit_code != 0) return false;
    std::regex pattern;
    try {
      pattern = std::regex(spec_.pattern.value_or(spec_.name));
    } catch (const std::regex_error&) {
      return false;
    }
    std::istringstream lines(ps.output);
    for (std::string line; std::getline(lines, line);)
      if (std::regex_search(line, pattern)) return true;
    return false;
  }

  ServiceSpec spec_;
  Host host_;
};

}  // namespace

std::unique_ptr<ServiceControl> debian_control(const ServiceSpec& spec, Host host) {
  return std::make_unique<DebianControl>(spec, host);
}

std::string default_service_provider(Host host) {
  if (host.files->exists(kSystemdBooted)) return "systemd";
  if (host.files->exists(kDebianVersion)) return "debian";
  return "systemd";
}

std::vector<std::string> init_script_instances(Host host) {
  std::vector<std::string> names;
  auto entries = host.files->list_directory(kInitScripts);
  if (!entries) return names;
  for (const std::string& name : *entries) {
    if (name.empty() || name[0] == '.') continue;
    if (std::find(std::begin(kExcludedScripts), std::end(kExcludedScripts), name) !=
        std::end(kExcludedScripts))
      continue;
    if (host.files->is_executable_file(std::string(kInitScripts) + "/" + name))
      names.push_back(name);
  }
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace marionette::ral
