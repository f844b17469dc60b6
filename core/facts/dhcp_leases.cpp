#include <unistd.h>

#include <utility>

#include "facts/native_parts.hpp"

/// Facter 4's Facter::Util::Linux::Dhcp, the same places in the same order; its regular
/// expressions are spelled out as plain searches (interface names hold no pattern characters).
namespace marionette::facts::native {
namespace {

namespace fs = std::filesystem;

/// The directories Facter lists for dhclient lease files, relative to the root.
constexpr const char* kNetworkManagerDir = "var/lib/NetworkManager/";
constexpr const char* kDhclientDirs[] = {"var/lib/dhclient/", "var/lib/dhcp/", "var/lib/dhcp3/",
                                         kNetworkManagerDir, "var/db/"};
constexpr const char* kNetworkdDir = "run/systemd/netif/leases";

/// /interface.*NAME/: a line where NAME follows "interface".
bool names_interface(std::string_view text, std::string_view interface) {
  for (std::size_t at = text.find("interface"); at != std::string_view::npos;
       at = text.find("interface", at + 1)) {
    const std::size_t line_end = text.find('\n', at);
    const std::string_view rest = text.substr(
        at + 9, line_end == std::string_view::npos ? std::string_view::npos : line_end - at - 9);
    if (rest.find(interface) != std::string_view::npos) return true;
  }
  return false;
}

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

/// /dhcp-server-identifier ([0-9]+\.[0-9]+\.[0-9]+\.[0-9]+)/: the first match's address.
std::string server_identifier(std::string_view text) {
  constexpr std::string_view kKey = "dhcp-server-identifier ";
  for (std::size_t at = text.find(kKey); at != std::string_view::npos;
       at = text.find(kKey, at + 1)) {
    std::size_t end = at + kKey.size();
    int numbers = 0;
    while (numbers < 4) {
      const std::size_t start = end;
      while (end < text.size() && is_digit(text[end])) ++end;
      if (end == start) break;
      if (++numbers < 4) {
        if (end >= text.size() || text[end] != '.') break;
        ++end;
      }
    }
    if (numbers == 4) return std::string(text.substr(at + kKey.size(), end - at - kKey.size()));
  }
  return "";
}

/// /internal.*NAME\.lease/ on a file name.
bool internal_lease_of(std::string_view file, const std::string& interface) {
  const std::size_t internal = file.find("internal");
  return internal != std::string_view::npos &&
         file.find(interface + ".lease", internal + 8) != std::string_view::npos;
}

}  // namespace

std::string lease_value(std::string_view text, std::string_view key) {
  const std::string needle = std::string(key) + "=";
  const std::size_t at = text.find(needle);
  if (at == std::string_view::npos) return "";
  const std::size_t start = at + needle.size();
  const std::size_t end = text.find('\n', start);
  return std::string(
      text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
}

DhcpLeases::DhcpLeases(fs::path root, RunCommand run, std::string path_env)
    : root_(std::move(root)), run_(std::move(run)), path_env_(std::move(path_env)) {}

std::string DhcpLeases::server_for(const std::string& interface, int index) {
  load_lease_files();
  if (index > 0 && networkd_leases_.count(std::to_string(index))) {
    const fs::path lease = root_ / kNetworkdDir / std::to_string(index);
    std::string server = lease_value(read_text(lease.c_str()), "SERVER_ADDRESS");
    if (!server.empty()) return server;
  }
  if (std::string server = from_dhclient(interface); !server.empty()) return server;
  if (std::string server = from_network_manager(interface); !server.empty()) return server;
  return from_dhcpcd(interface);
}

void DhcpLeases::load_lease_files() {
  if (loaded_) return;
  loaded_ = true;
  for (const auto& entry : list_directory((root_ / kNetworkdDir).c_str())) {
    networkd_leases_.insert(entry.name);
  }
  for (const char* dir : kDhclientDirs) {
    const fs::path path = root_ / dir;
    const auto entries = list_directory(path.c_str());
    if (std::string_view(dir) == kNetworkManagerDir) {
      for (const auto& entry : entries) network_manager_names_.push_back(entry.name);
    }
    for (const auto& entry : entries) {
      const std::size_t dhclient = entry.name.find("dhclient");
      if (dhclient == std::string::npos ||
          entry.name.find(".lease", dhclient) == std::string::npos) {
        continue;
      }
      dhclient_files_.push_back({entry.name, read_text((path / entry.name).c_str())});
    }
  }
}

std::string DhcpLeases::from_dhclient(const std::string& interface) {
  for (const auto& file : dhclient_files_) {
    if (!names_interface(file.text, interface)) continue;
    if (std::string server = server_identifier(file.text); !server.empty()) return server;
  }
  return "";
}

std::string DhcpLeases::from_network_manager(const std::string& interface) {
  for (const auto& name : network_manager_names_) {
    if (!internal_lease_of(name, interface)) continue;
    const fs::path lease = root_ / kNetworkManagerDir / name;
    return lease_value(read_text(lease.c_str()), "SERVER_ADDRESS");
  }
  return "";
}

std::string DhcpLeases::from_dhcpcd(const std::string& interface) {
  if (!dhcpcd_) {
    dhcpcd_ = "";
    for (std::size_t start = 0; start <= path_env_.size();) {
      std::size_t colon = path_env_.find(':', start);
      if (colon == std::string::npos) colon = path_env_.size();
      const std::string candidate = path_env_.substr(start, colon - start) + "/dhcpcd";
      if (colon > start && ::access(candidate.c_str(), X_OK) == 0) {
        dhcpcd_ = candidate;
        break;
      }
      start = colon + 1;
    }
  }
  if (dhcpcd_->empty()) return "";
  const std::string output = run_({*dhcpcd_, "-U", interface});
  // /dhcp_server_identifier='(.*)'/: up to the last quote on that line
  const std::size_t at = output.find("dhcp_server_identifier='");
  if (at == std::string::npos) return "";
  const std::size_t start = at + 24;
  const std::size_t line_end = output.find('\n', start);
  const std::size_t quote =
      output.rfind('\'', line_end == std::string::npos ? std::string::npos : line_end - 1);
  if (quote == std::string::npos || quote < start) return "";
  return output.substr(start, quote - start);
}

}  // namespace marionette::facts::native
