#include <algorithm>
#include <regex>
#include <sstream>

#include "ral/package_inventory.hpp"
#include "ral/service_control.hpp"
#include "ral/types.hpp"

namespace marionette::ral {

namespace {

std::vector<std::string> sorted_unique(std::vector<std::string> names) {
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  return names;
}

}  // namespace

std::vector<std::string> user_instances(Host host, std::string& error) {
  (void)error;
  return sorted_unique(host.accounts->all_user_names());
}

std::vector<std::string> group_instances(Host host, std::string& error) {
  (void)error;
  return sorted_unique(host.accounts->all_group_names());
}

std::vector<std::string> package_instances(Host host, std::string& error) {
  PackageInventory inventory(*host.commands);
  return inventory.names(error);
}

/// Puppet's systemd instances: every unit `systemctl list-unit-files` lists with a state; the
/// debian provider's: the init scripts.
std::vector<std::string> service_instances(Host host, std::string& error) {
  if (default_service_provider(host) == "debian") return init_script_instances(host);
  if (!host.files->exists(kSystemdBooted)) {
    error = "systemd is not running on this node (no " + std::string(kSystemdBooted) + ")";
    return {};
  }
  CommandRequest request;
  request.argv = {"/bin/systemctl", "list-unit-files", "--type",    "service",
                  "--full",         "--all",           "--no-pager"};
  CommandResult result = host.commands->run(request);
  if (!result.error.empty() || result.exit_code != 0) {
    error = "Could not list services with systemctl: " +
            (result.error.empty() ? result.output : result.error);
    return {};
  }
  static const std::regex unit(
      R"(^(\S+)\s+(disabled|enabled|masked|indirect|bad|static|unknown)\b.*$)", std::regex::icase);
  std::vector<std::string> names;
  std::istringstream lines(result.output);
  for (std::string line; std::getline(lines, line);) {
    std::smatch match;
    if (std::regex_match(line, match, unit)) names.push_back(match[1]);
  }
  return sorted_unique(std::move(names));
}

}  // namespace marionette::ral
