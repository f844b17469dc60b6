#pragma once

#include <mutex>
#include <string>
#include <unordered_set>

#include "ral/host.hpp"

namespace marionette::ral {

/// The node's real file system, through POSIX calls.
class PosixFileSystem final : public FileSystem {
 public:
  std::optional<FileInfo> lstat(const std::string& path) override;
  std::optional<FileInfo> stat(const std::string& path) override;
  std::optional<std::vector<std::string>> list_directory(const std::string& path) override;
  bool exists(const std::string& path) override;
  IoResult read(const std::string& path, std::string& content) override;
  IoResult write_atomic(const std::string& path, const std::string& content,
                        const FileAttributes& attributes) override;
  IoResult make_directory(const std::string& path, unsigned mode) override;
  IoResult remove(const std::string& path, bool recursive) override;
  IoResult make_symlink(const std::string& target, const std::string& path) override;
  std::optional<std::string> read_link(const std::string& path) override;
  IoResult change_mode(const std::string& path, unsigned mode) override;
  IoResult change_owner(const std::string& path, std::optional<uid_t> uid,
                        std::optional<gid_t> gid) override;
  bool is_executable_file(const std::string& path) override;

 private:
  /// Removes the `.NAME.mrnt-XXXXXX` temporaries a killed write left in `dir`; once per
  /// directory per process (before its first write there).
  void sweep_stale_temporaries(const std::string& dir);

  std::mutex swept_mutex_;
  std::unordered_set<std::string> swept_dirs_;
};

/// getpwnam_r / getgrnam_r and friends.
class PosixAccounts final : public Accounts {
 public:
  std::optional<UserEntry> user(const std::string& name) override;
  std::vector<std::string> groups_of(const std::string& user) override;
  std::optional<uid_t> user_id(const std::string& name) override;
  std::optional<gid_t> group_id(const std::string& name) override;
  std::optional<std::string> user_name(uid_t uid) override;
  std::optional<std::string> group_name(gid_t gid) override;
  std::vector<std::string> all_user_names() override;
  std::vector<std::string> all_group_names() override;
};

/// fork/exec with stdout and stderr on one pipe, a timeout, and the process group killed on it.
class PosixCommandRunner final : public CommandRunner {
 public:
  CommandResult run(const CommandRequest& request) override;
};

}  // namespace marionette::ral
