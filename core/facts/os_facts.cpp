#include <sys/utsname.h>

#include <cctype>
#include <filesystem>

#include "facts/native_parts.hpp"

namespace marionette::facts::native {
namespace {

std::string value_of(const KeyValues& values, const std::string& key) {
  auto it = values.find(key);
  return it == values.end() ? "" : it->second;
}

/// Facter's os.name for an os-release ID (the distributions it names specially), else the ID
/// capitalised as Facter does.
std::string os_name(const std::string& id) {
  static const KeyValues kNames = {{"rhel", "RedHat"},         {"centos", "CentOS"},
                                   {"almalinux", "AlmaLinux"}, {"ol", "OracleLinux"},
                                   {"sles", "SLES"},           {"opensuse-leap", "OpenSuSE"},
                                   {"arch", "Archlinux"},      {"amzn", "Amazon"}};
  if (auto it = kNames.find(id); it != kNames.end()) return it->second;
  std::string name = id;
  if (!name.empty()) name[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(name[0])));
  return name;
}

/// Facter's os.family, from ID and ID_LIKE.
std::string os_family(const std::string& id, const std::string& id_like, const std::string& name) {
  std::string ids = " " + id + " " + id_like + " ";
  auto has = [&](const char* word) { return ids.find(std::string(" ") + word + " ") != ids.npos; };
  if (has("debian") || has("ubuntu")) return "Debian";
  if (has("rhel") || has("fedora") || has("centos")) return "RedHat";
  if (has("suse") || has("sles")) return "Suse";
  if (has("arch")) return "Archlinux";
  if (has("gentoo")) return "Gentoo";
  return name;
}

/// Debian's point release (12.8) is in /etc/debian_version, not in os-release; a testing or
/// unstable system has a codename there ("trixie/sid"), and then VERSION_ID is used.
std::string release_of(const std::string& family, const KeyValues& os_release,
                       std::string_view debian_version) {
  std::string debian = trim_text(debian_version);
  if (family == "Debian" && value_of(os_release, "ID") == "debian" && !debian.empty() &&
      std::isdigit(static_cast<unsigned char>(debian[0]))) {
    return debian;
  }
  return value_of(os_release, "VERSION_ID");
}

/// Debian names x86_64 amd64 (as dpkg does); other families keep the machine name.
std::string architecture_of(const std::string& family, std::string_view machine) {
  if (family != "Debian") return std::string(machine);
  if (machine == "x86_64") return "amd64";
  if (machine.size() == 4 && machine[0] == 'i' && machine.substr(2) == "86") return "i386";
  if (machine == "aarch64") return "arm64";
  return std::string(machine);
}

}  // namespace

KeyValues parse_os_release(std::string_view text) {
  KeyValues values;
  for (const auto line : lines_of(text)) {
    auto equals = line.find('=');
    if (line.empty() || line[0] == '#' || equals == std::string_view::npos) continue;
    std::string value = trim_text(line.substr(equals + 1));
    if (value.size() >= 2 && (value.front() == '"' || value.front() == '\'') &&
        value.back() == value.front()) {
      value = value.substr(1, value.size() - 2);
    }
    values[trim_text(line.substr(0, equals))] = value;
  }
  return values;
}

Facts release_fact(std::string_view full) {
  Facts release = {{"full", std::string(full)}};
  auto dot = full.find('.');
  release["major"] = std::string(full.substr(0, dot));
  if (dot != std::string_view::npos) {
    std::string minor(full.substr(dot + 1, full.find('.', dot + 1) - dot - 1));
    if (minor.size() == 2 && minor[0] == '0' && minor[1] != '0') minor.erase(0, 1);  // "04" -> "4"
    release["minor"] = minor;
  }
  return release;
}

Facts os_fact(const KeyValues& os_release, std::string_view debian_version,
              std::string_view machine) {
  const std::string id = value_of(os_release, "ID");
  const std::string name = os_name(id);
  const std::string family = os_family(id, value_of(os_release, "ID_LIKE"), name);
  const std::string release = release_of(family, os_release, debian_version);

  Facts os = {{"architecture", architecture_of(family, machine)},
              {"family", family},
              {"hardware", std::string(machine)},
              {"name", name}};
  if (!release.empty()) os["release"] = release_fact(release);
  Facts distro = {{"codename", value_of(os_release, "VERSION_CODENAME")},
                  {"description", value_of(os_release, "PRETTY_NAME")},
                  {"id", os_name(id)}};
  if (!release.empty()) distro["release"] = release_fact(release);
  os["distro"] = distro;
  os["selinux"] = {{"enabled", std::filesystem::exists("/sys/fs/selinux/enforce")}};
  return os;
}

void add_os_facts(Facts& facts) {
  utsname names{};
  if (::uname(&names) != 0) return;
  std::string os_release = read_text("/etc/os-release");
  if (os_release.empty()) os_release = read_text("/usr/lib/os-release");
  const Facts os =
      os_fact(parse_os_release(os_release), read_text("/etc/debian_version"), names.machine);
  facts["os"] = os;
  facts["architecture"] = os["architecture"];
  facts["osfamily"] = os["family"];
  facts["operatingsystem"] = os["name"];
  if (os.contains("release")) {
    facts["operatingsystemrelease"] = os["release"]["full"];
    facts["operatingsystemmajrelease"] = os["release"]["major"];
  }
  const Facts& distro = os["distro"];
  facts["lsbdistcodename"] = distro["codename"];
  facts["lsbdistdescription"] = distro["description"];
  facts["lsbdistid"] = distro["id"];
  if (distro.contains("release")) {
    facts["lsbdistrelease"] = distro["release"]["full"];
    facts["lsbmajdistrelease"] = distro["release"]["major"];
    if (distro["release"].contains("minor")) {
      facts["lsbminordistrelease"] = distro["release"]["minor"];
    }
  }
  facts["selinux"] = os["selinux"]["enabled"];
}

}  // namespace marionette::facts::native
