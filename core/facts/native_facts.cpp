#include <algorithm>
#include <atomic>
#include <thread>
#include <utility>
#include <vector>

#include "facts/facts.hpp"
#include "facts/native_parts.hpp"

namespace marionette::facts {

namespace native {

Facts sorted_facts(const Facts& value) {
  return sorted_facts(Facts(value));
}

Facts sorted_facts(Facts&& value) {
  if (!value.is_object()) return std::move(value);
  std::vector<std::pair<std::string, Facts>> items;
  items.reserve(value.size());
  for (auto& [key, item] : value.get_ref<Facts::object_t&>()) {
    items.emplace_back(key, sorted_facts(std::move(item)));
  }
  std::sort(items.begin(), items.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  Facts result = Facts::object();
  auto& object = result.get_ref<Facts::object_t&>();
  object.reserve(items.size());
  for (auto& [key, item] : items) object.emplace_back(std::move(key), std::move(item));
  return result;
}

// Ordered so that the costly groups start first when two threads share them.
const std::vector<FactGroup>& fact_groups() {
  static const std::vector<FactGroup> kGroups = {
      {"augeas", add_augeas_facts, {"augeas", "augeasversion"}},
      {"storage",
       add_storage_facts,
       {"mountpoints", "filesystems", "disks", "blockdevice*", "partitions"}},
      {"networking",
       add_networking_facts,
       {"networking", "hostname", "fqdn", "domain", "interfaces", "dhcp_servers", "ipaddress*",
        "macaddress*", "netmask*", "network*", "mtu_*", "scope6*"}},
      {"host",
       add_host_facts,
       {"load_averages", "system_uptime", "uptime*", "fips_enabled", "dmi", "bios_*", "board*",
        "chassis*", "productname", "serialnumber", "uuid", "manufacturer", "virtual", "is_virtual",
        "hypervisors"}},
      {"system",
       add_system_facts,
       {"memory*", "swap*", "processor*", "physicalprocessorcount", "hardwareisa", "identity", "id",
        "gid", "path", "timezone", "facterversion", "puppetversion", "marionetteversion"}},
      {"os",
       add_os_facts,
       {"os", "architecture", "osfamily", "operatingsystem*", "lsb*", "selinux"}},
      {"ssh", add_ssh_facts, {"ssh*"}},
      {"kernel",
       add_kernel_facts,
       {"kernel", "kernelrelease", "kernelversion", "kernelmajversion", "hardwaremodel"}},
  };
  return kGroups;
}

bool group_provides(const FactGroup& group, std::string_view name) {
  return std::any_of(group.provides.begin(), group.provides.end(), [&](std::string_view pattern) {
    if (pattern.ends_with('*')) return name.starts_with(pattern.substr(0, pattern.size() - 1));
    return name == pattern;
  });
}

}  // namespace native

namespace {

std::vector<const native::FactGroup*> groups_for(const std::vector<std::string>& names) {
  std::vector<const native::FactGroup*> chosen;
  for (const auto& group : native::fact_groups()) {
    const bool wanted =
        names.empty() || std::any_of(names.begin(), names.end(), [&](const std::string& path) {
          return native::group_provides(group, std::string_view(path).substr(0, path.find('.')));
        });
    if (wanted) chosen.push_back(&group);
  }
  return chosen;
}

/// Runs the groups on this thread and, for the whole set, on one more (the machines we aim at
/// have two cores; for a few groups a thread costs more than it saves); each group fills its
/// own hash, merged in the table's order.
Facts run_groups(const std::vector<const native::FactGroup*>& groups) {
  std::vector<Facts> parts(groups.size(), Facts::object());
  std::atomic<std::size_t> next{0};
  auto work = [&] {
    for (std::size_t i; (i = next.fetch_add(1)) < groups.size();) {
      try {
        groups[i]->add(parts[i]);
      } catch (const std::exception&) {
        parts[i] = Facts::object();  // as Facter does with a failing resolver: its facts are absent
      }
    }
  };
  if (groups.size() == native::fact_groups().size()) {
    std::thread helper(work);
    work();
    helper.join();
  } else {
    work();
  }
  Facts facts = Facts::object();
  for (auto& part : parts) {
    for (auto& [name, value] : part.get_ref<Facts::object_t&>()) facts[name] = std::move(value);
  }
  return native::sorted_facts(std::move(facts));
}

}  // namespace

Facts gather_native() {
  return run_groups(groups_for({}));
}

Facts gather_native(const std::vector<std::string>& names) {
  return run_groups(groups_for(names));
}

}  // namespace marionette::facts
