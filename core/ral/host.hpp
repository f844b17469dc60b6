#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace marionette::catalog {
struct Catalog;
}

namespace marionette::ral {

/// What lstat(2) says about a path; absent when the path does not exist.
struct FileInfo {
  enum class Kind { file, directory, link, other };
  Kind kind = Kind::file;
  unsigned mode = 0;  ///< permission bits only (07777)
  uid_t uid = 0;
  gid_t gid = 0;
  std::int64_t mtime = 0;  ///< seconds since the epoch
  std::int64_t mtime_nanoseconds = 0;  ///< within mtime's second (`diff -u` prints them)
  std::int64_t ctime = 0;
};

/// Routine file-system results: ok, or the reason in Puppet's words ("Is a directory").
struct IoResult {
  bool ok = true;
  std::string error;
  static IoResult success() { return {}; }
  static IoResult failure(std::string why) { return {false, std::move(why)}; }
};

/// Ownership and permissions to give a new or rewritten file.
struct FileAttributes {
  unsigned mode = 0644;
  std::optional<uid_t> uid;
  std::optional<gid_t> gid;
};

/// The file system under the providers (a seam: tests may substitute a fake).
class FileSystem {
 public:
  virtual ~FileSystem() = default;
  virtual std::optional<FileInfo> lstat(const std::string& path) = 0;
  /// Like lstat, but follows symbolic links (stat(2)).
  virtual std::optional<FileInfo> stat(const std::string& path) = 0;
  /// The names in a directory (no "." or ".."), sorted; nothing when it cannot be read.
  virtual std::optional<std::vector<std::string>> list_directory(const std::string& path) = 0;
  virtual bool exists(const std::string& path) = 0;
  virtual IoResult read(const std::string& path, std::string& content) = 0;
  /// Writes a temp file beside `path`, sets attributes, fsyncs, then renames it over `path`.
  virtual IoResult write_atomic(const std::string& path, const std::string& content,
                                const FileAttributes& attributes) = 0;
  virtual IoResult make_directory(const std::string& path, unsigned mode) = 0;
  /// Removes a file or link; a directory only when `recursive`.
  virtual IoResult remove(const std::string& path, bool recursive) = 0;
  virtual IoResult change_mode(const std::string& path, unsigned mode) = 0;
  virtual IoResult change_owner(const std::string& path, std::optional<uid_t> uid,
                                std::optional<gid_t> gid) = 0;
  /// A regular file with an execute bit for us.
  virtual bool is_executable_file(const std::string& path) = 0;
  /// Creates a symbolic link at `path` pointing to `target`.
  virtual IoResult make_symlink(const std::string& target, const std::string& path) = 0;
  /// What the link at `path` points to; nothing when it is not a link.
  virtual std::optional<std::string> read_link(const std::string& path) = 0;
};

/// One passwd entry.
struct UserEntry {
  uid_t uid = 0;
  gid_t gid = 0;
  std::string comment;  ///< the GECOS field
  std::string home;
  std::string shell;
};

/// Users and groups by name or id (a seam: tests may substitute a fake).
class Accounts {
 public:
  virtual ~Accounts() = default;
  virtual std::optional<UserEntry> user(const std::string& name) = 0;
  /// The groups that list `user` as a member (supplementary groups), sorted.
  virtual std::vector<std::string> groups_of(const std::string& user) = 0;
  virtual std::optional<uid_t> user_id(const std::string& name) = 0;
  virtual std::optional<gid_t> group_id(const std::string& name) = 0;
  virtual std::optional<std::string> user_name(uid_t uid) = 0;
  virtual std::optional<std::string> group_name(gid_t gid) = 0;
  /// Every user (group) name the node's databases list, in their order; empty for fakes.
  virtual std::vector<std::string> all_user_names() { return {}; }
  virtual std::vector<std::string> all_group_names() { return {}; }
};

/// One process to run: argv[0] is a path or a name looked up in the PATH of `environment`.
struct CommandRequest {
  std::vector<std::string> argv;
  std::optional<std::string> cwd;
  std::map<std::string, std::string> environment;  ///< set on top of ours
  std::chrono::milliseconds timeout{300'000};
  std::optional<uid_t> uid;
  std::optional<gid_t> gid;
};

struct CommandResult {
  int exit_code = -1;
  std::string output;  ///< stdout and stderr, interleaved as written
  bool timed_out = false;
  std::string error;  ///< set when the process could not be started
};

/// Runs commands (a seam: tests may substitute a fake).
class CommandRunner {
 public:
  virtual ~CommandRunner() = default;
  virtual CommandResult run(const CommandRequest& request) = 0;
};

/// Where a run finds `puppet:///modules/` sources and keeps file backups.
struct RunPaths {
  std::vector<std::string> module_dirs;  ///< each holds <module>/files/<path>
  std::string clientbucket;              ///< the local filebucket; empty: backups to it fail
  std::string environment = "production";
};

/// Everything a provider touches on the node.
struct Host {
  FileSystem* files = nullptr;
  Accounts* accounts = nullptr;
  CommandRunner* commands = nullptr;
  const RunPaths* paths = nullptr;  ///< null: no modules, no filebucket
  /// The catalog being applied, for types that read other resources (concat_file collects its
  /// concat_fragments); null outside a run.
  const catalog::Catalog* catalog = nullptr;
};

/// The real node: POSIX file system, passwd/group databases, fork/exec.
Host real_host();

}  // namespace marionette::ral
