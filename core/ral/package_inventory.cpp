#include "ral/package_inventory.hpp"

#include <sstream>

namespace marionette::ral {

std::map<std::string, InstalledPackage> parse_dpkg_query(const std::string& output) {
  std::map<std::string, InstalledPackage> packages;
  std::istringstream in(output);
  for (std::string line; std::getline(in, line);) {
    std::size_t first_tab = line.find('\t');
    if (first_tab == std::string::npos) continue;
    std::size_t second_tab = line.find('\t', first_tab + 1);
    if (second_tab == std::string::npos) continue;
    std::istringstream status_words(line.substr(0, first_tab));
    std::string want, flag, status;
    status_words >> want >> flag >> status;
    std::string name = line.substr(first_tab + 1, second_tab - first_tab - 1);
    if (std::size_t colon = name.find(':'); colon != std::string::npos) name.resize(colon);
    if (status.empty() || status == "not-installed" || name.empty()) continue;
    packages[name] = {status, line.substr(second_tab + 1)};
  }
  return packages;
}

bool PackageInventory::load(std::string& error) {
  CommandRequest request;
  request.argv = {"dpkg-query", "-W", "--showformat", "${Status}\\t${Package}\\t${Version}\\n"};
  request.environment["PATH"] = "/usr/sbin:/usr/bin:/sbin:/bin";
  CommandResult result = commands_.run(request);
  ++queries_;
  if (!result.error.empty() || result.exit_code != 0) {
    error = "Could not list installed packages with dpkg-query: " +
            (result.error.empty() ? result.output : result.error);
    return false;
  }
  packages_ = parse_dpkg_query(result.output);
  loaded_ = true;
  return true;
}

std::optional<InstalledPackage> PackageInventory::find(const std::string& name,
                                                       std::string& error) {
  if (!loaded_ && !load(error)) return std::nullopt;
  auto found = packages_.find(name);
  if (found == packages_.end()) return std::nullopt;
  return found->second;
}

std::vector<std::string> PackageInventory::names(std::string& error) {
  if (!loaded_ && !load(error)) return {};
  std::vector<std::string> out;
  out.reserve(packages_.size());
  for (const auto& entry : packages_) out.push_back(entry.first);
  return out;
}

std::shared_ptr<PackageInventory> PackageInventory::shared(CommandRunner& commands) {
  static std::weak_ptr<PackageInventory> current;
  static CommandRunner* owner = nullptr;
  auto inventory = current.lock();
  if (!inventory || owner != &commands) {
    inventory = std::make_shared<PackageInventory>(commands);
    current = inventory;
    owner = &commands;
  }
  return inventory;
}

}  // namespace marionette::ral
