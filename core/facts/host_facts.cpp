#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdlib>
#include <cstring>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

#include "facts/native_parts.hpp"
#include "text/text.hpp"

namespace marionette::facts::native {
namespace {

std::string read_trimmed(const std::filesystem::path& path) {
  return std::string(text::trimmed_end(read_text(path.c_str()), "\n \r"));
}

void add_load_averages(Facts& facts) {
  const std::string text = read_text("/proc/loadavg");
  const auto words = words_of(text);
  if (words.size() < 3) return;
  auto number = [](std::string_view word) {
    return std::strtod(std::string(word).c_str(), nullptr);
  };
  facts["load_averages"] = {
      {"15m", number(words[2])}, {"1m", number(words[0])}, {"5m", number(words[1])}};
}

void add_uptime(Facts& facts) {
  const std::string text = read_text("/proc/uptime");
  if (text.empty() || !std::isdigit(static_cast<unsigned char>(text[0]))) return;
  const double seconds = std::strtod(text.c_str(), nullptr);
  Facts uptime = uptime_fact(static_cast<std::uint64_t>(seconds));
  facts["system_uptime"] = uptime;
  facts["uptime"] = uptime["uptime"];
  facts["uptime_days"] = uptime["days"];
  facts["uptime_hours"] = uptime["hours"];
  facts["uptime_seconds"] = uptime["seconds"];
}

/// Facter's names for DMI product names that reveal a hypervisor.
std::string hypervisor_of_product(const std::string& product) {
  static const std::pair<const char*, const char*> kProducts[] = {{"VMware", "vmware"},
                                                                  {"VirtualBox", "virtualbox"},
                                                                  {"Parallels", "parallels"},
                                                                  {"KVM", "kvm"},
                                                                  {"Virtual Machine", "hyperv"},
                                                                  {"RHEV Hypervisor", "rhev"},
                                                                  {"oVirt Node", "ovirt"},
                                                                  {"HVM domU", "xenhvm"},
                                                                  {"Bochs", "bochs"},
                                                                  {"OpenBSD", "vmm"},
                                                                  {"BHYVE", "bhyve"}};
  for (const auto& [needle, name] : kProducts) {
    if (product.find(needle) != std::string::npos) return name;
  }
  return "";
}

/// The hypervisor's CPUID signature (leaf 0x40000000), as virt-what reads it.
std::string hypervisor_of_cpuid() {
#if defined(__x86_64__) || defined(__i386__)
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx) || !(ecx & (1u << 31))) return "";
  __cpuid(0x40000000, eax, ebx, ecx, edx);
  std::array<char, 13> signature{};
  std::memcpy(signature.data(), &ebx, 4);
  std::memcpy(signature.data() + 4, &ecx, 4);
  std::memcpy(signature.data() + 8, &edx, 4);
  const std::string vendor = signature.data();
  if (vendor.starts_with("KVMKVMKVM")) return "kvm";
  if (vendor == "Microsoft Hv") return "hyperv";
  if (vendor == "VMwareVMware") return "vmware";
  if (vendor == "XenVMMXenVMM") return "xenhvm";
  if (vendor == "VBoxVBoxVBox") return "virtualbox";
  if (vendor == "bhyve bhyve ") return "bhyve";
#endif
  return "";
}

/// virtual as Facter decides it: a container first (docker, lxc, systemd-nspawn), then the
/// hypervisor (DMI product name, CPUID, /proc/xen), else "physical".
std::string virtual_fact(const Facts& dmi) {
  const std::string cgroup = read_text("/proc/1/cgroup");
  const std::string environ = read_text("/proc/1/environ");
  if (cgroup.find("docker/") != std::string::npos) return "docker";
  if (cgroup.find(":/lxc/") != std::string::npos ||
      environ.find("container=lxc") != std::string::npos) {
    return "lxc";
  }
  if (environ.find("container=systemd-nspawn") != std::string::npos) return "systemd_nspawn";
  if (dmi.contains("bios") && dmi["bios"].value("vendor", "").find("Google") != std::string::npos) {
    return "gce";
  }
  if (dmi.contains("product")) {
    std::string name = hypervisor_of_product(dmi["product"].value("name", ""));
    if (!name.empty()) return name;
  }
  if (std::string name = hypervisor_of_cpuid(); !name.empty()) return name;
  if (std::filesystem::exists("/proc/xen")) {
    return read_text("/proc/xen/capabilities").find("control_d") != std::string::npos ? "xen0"
                                                                                      : "xenu";
  }
  return "physical";
}

void add_virtual(Facts& facts) {
  const std::string name = virtual_fact(facts.contains("dmi") ? facts["dmi"] : Facts::object());
  static const char* kPhysical[] = {"physical",           "xen0",     "vmware_server",
                                    "vmware_workstation", "openvzhn", "vserver_host"};
  const bool is_virtual = std::none_of(std::begin(kPhysical), std::end(kPhysical),
                                       [&](const char* p) { return name == p; });
  facts["virtual"] = name;
  facts["is_virtual"] = is_virtual;
  if (!is_virtual) return;
  std::string hypervisor = name;
  if (name.starts_with("xen")) hypervisor = "xen";
  facts["hypervisors"] = {{hypervisor, Facts::object()}};
}

/// Facter's names for the SMBIOS chassis type numbers.
std::string chassis_type_name(const std::string& number) {
  static const char* kTypes[] = {"Other",
                                 "Unknown",
                                 "Desktop",
                                 "Low Profile Desktop",
                                 "Pizza Box",
                                 "Mini Tower",
                                 "Tower",
                                 "Portable",
                                 "Laptop",
                                 "Notebook",
                                 "Hand Held",
                                 "Docking Station",
                                 "All in One",
                                 "Sub Notebook",
                                 "Space-Saving",
                                 "Lunch Box",
                                 "Main System Chassis",
                                 "Expansion Chassis",
                                 "SubChassis",
                                 "Bus Expansion Chassis",
                                 "Peripheral Chassis",
                                 "Storage Chassis",
                                 "Rack Mount Chassis",
                                 "Sealed-Case PC",
                                 "Multi-system",
                                 "CompactPCI",
                                 "AdvancedTCA",
                                 "Blade",
                                 "Blade Enclosure",
                                 "Tablet",
                                 "Convertible",
                                 "Detachable",
                                 "IoT Gateway",
                                 "Embedded PC",
                                 "Mini PC",
                                 "Stick PC"};
  int index = 0;
  try {
    index = std::stoi(number);
  } catch (const std::exception&) {
    return number;
  }
  if (index < 1 || index > static_cast<int>(std::size(kTypes))) return number;
  return kTypes[index - 1];
}

}  // namespace

Facts uptime_fact(std::uint64_t seconds) {
  const std::uint64_t hours = seconds / 3600;
  const std::uint64_t days = hours / 24;
  const std::uint64_t minutes = (seconds / 60) % 60;
  std::string text;
  if (days == 0) {
    char buffer[48];
    std::snprintf(buffer, sizeof buffer, "%llu:%02llu hours",
                  static_cast<unsigned long long>(hours), static_cast<unsigned long long>(minutes));
    text = buffer;
  } else {
    text = days == 1 ? "1 day" : std::to_string(days) + " days";
  }
  return {{"days", days}, {"hours", hours}, {"seconds", seconds}, {"uptime", text}};
}

Facts dmi_fact(const std::filesystem::path& dmi_dir) {
  struct Entry {
    const char* group;
    const char* key;
    const char* file;
  };
  static const Entry kEntries[] = {
      {"bios", "release_date", "bios_date"},      {"bios", "vendor", "bios_vendor"},
      {"bios", "version", "bios_version"},        {"board", "asset_tag", "board_asset_tag"},
      {"board", "manufacturer", "board_vendor"},  {"board", "product", "board_name"},
      {"board", "serial_number", "board_serial"}, {"chassis", "asset_tag", "chassis_asset_tag"},
      {"chassis", "type", "chassis_type"},        {"", "manufacturer", "sys_vendor"},
      {"product", "name", "product_name"},        {"product", "serial_number", "product_serial"},
      {"product", "uuid", "product_uuid"}};
  Facts dmi = Facts::object();
  const int dir = ::open(dmi_dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir < 0) return dmi;  // no DMI (a container, most ARM boards): one failed open, not 13
  for (const auto& entry : kEntries) {
    std::string value(text::trimmed_end(read_text_at(dir, entry.file), "\n \r"));
    if (value.empty()) continue;
    if (std::strcmp(entry.key, "type") == 0) value = chassis_type_name(value);
    if (*entry.group) {
      dmi[entry.group][entry.key] = value;
    } else {
      dmi[entry.key] = value;
    }
  }
  ::close(dir);
  return dmi;
}

void add_host_facts(Facts& facts) {
  add_load_averages(facts);
  add_uptime(facts);
  facts["fips_enabled"] = read_trimmed("/proc/sys/crypto/fips_enabled") == "1";

  Facts dmi = dmi_fact("/sys/class/dmi/id");
  if (!dmi.empty()) {
    facts["dmi"] = dmi;
    static const std::pair<const char*, std::pair<const char*, const char*>> kLegacy[] = {
        {"bios_release_date", {"bios", "release_date"}},
        {"bios_vendor", {"bios", "vendor"}},
        {"bios_version", {"bios", "version"}},
        {"boardassettag", {"board", "asset_tag"}},
        {"boardmanufacturer", {"board", "manufacturer"}},
        {"boardproductname", {"board", "product"}},
        {"boardserialnumber", {"board", "serial_number"}},
        {"chassisassettag", {"chassis", "asset_tag"}},
        {"chassistype", {"chassis", "type"}},
        {"productname", {"product", "name"}},
        {"serialnumber", {"product", "serial_number"}},
        {"uuid", {"product", "uuid"}}};
    for (const auto& [legacy, path] : kLegacy) {
      if (dmi.contains(path.first) && dmi[path.first].contains(path.second)) {
        facts[legacy] = dmi[path.first][path.second];
      }
    }
    if (dmi.contains("manufacturer")) facts["manufacturer"] = dmi["manufacturer"];
  }
  add_virtual(facts);
}

}  // namespace marionette::facts::native
