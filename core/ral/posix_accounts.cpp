#include <grp.h>
#include <pwd.h>
#include <unistd.h>

#include <algorithm>
#include <vector>

#include "ral/posix_host.hpp"

namespace marionette::ral {

namespace {

std::size_t buffer_size(int name) {
  long size = ::sysconf(name);
  return size > 0 ? static_cast<std::size_t>(size) : 16384;
}

}  // namespace

std::optional<UserEntry> PosixAccounts::user(const std::string& name) {
  std::vector<char> buffer(buffer_size(_SC_GETPW_R_SIZE_MAX));
  passwd entry{};
  passwd* found = nullptr;
  if (::getpwnam_r(name.c_str(), &entry, buffer.data(), buffer.size(), &found) != 0 || !found) {
    return std::nullopt;
  }
  return UserEntry{found->pw_uid, found->pw_gid, found->pw_gecos ? found->pw_gecos : "",
                   found->pw_dir ? found->pw_dir : "", found->pw_shell ? found->pw_shell : ""};
}

std::vector<std::string> PosixAccounts::groups_of(const std::string& user) {
  std::vector<std::string> names;
  ::setgrent();
  while (group* entry = ::getgrent()) {
    for (char** member = entry->gr_mem; member && *member; ++member) {
      if (user == *member) {
        names.emplace_back(entry->gr_name);
        break;
      }
    }
  }
  ::endgrent();
  std::sort(names.begin(), names.end());
  return names;
}

std::optional<uid_t> PosixAccounts::user_id(const std::string& name) {
  std::vector<char> buffer(buffer_size(_SC_GETPW_R_SIZE_MAX));
  passwd entry{};
  passwd* found = nullptr;
  if (::getpwnam_r(name.c_str(), &entry, buffer.data(), buffer.size(), &found) != 0 || !found) {
    return std::nullopt;
  }
  return found->pw_uid;
}

std::optional<gid_t> PosixAccounts::group_id(const std::string& name) {
  std::vector<char> buffer(buffer_size(_SC_GETGR_R_SIZE_MAX));
  group entry{};
  group* found = nullptr;
  if (::getgrnam_r(name.c_str(), &entry, buffer.data(), buffer.size(), &found) != 0 || !found) {
    return std::nullopt;
  }
  return found->gr_gid;
}

std::optional<std::string> PosixAccounts::user_name(uid_t uid) {
  std::vector<char> buffer(buffer_size(_SC_GETPW_R_SIZE_MAX));
  passwd entry{};
  passwd* found = nullptr;
  if (::getpwuid_r(uid, &entry, buffer.data(), buffer.size(), &found) != 0 || !found) {
    return std::nullopt;
  }
  return std::string(found->pw_name);
}

std::optional<std::string> PosixAccounts::group_name(gid_t gid) {
  std::vector<char> buffer(buffer_size(_SC_GETGR_R_SIZE_MAX));
  group entry{};
  group* found = nullptr;
  if (::getgrgid_r(gid, &entry, buffer.data(), buffer.size(), &found) != 0 || !found) {
    return std::nullopt;
  }
  return std::string(found->gr_name);
}

Host real_host() {
  static PosixFileSystem files;
  static PosixAccounts accounts;
  static PosixCommandRunner commands;
  return Host{&files, &accounts, &commands};
}

std::vector<std::string> PosixAccounts::all_user_names() {
  std::vector<std::string> names;
  ::setpwent();
  while (passwd* entry = ::getpwent()) names.emplace_back(entry->pw_name);
  ::endpwent();
  return names;
}

std::vector<std::string> PosixAccounts::all_group_names() {
  std::vector<std::string> names;
  ::setgrent();
  while (group* entry = ::getgrent()) names.emplace_back(entry->gr_name);
  ::endgrent();
  return names;
}

}  // namespace marionette::ral
