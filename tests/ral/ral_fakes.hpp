#pragma once

// In-memory stand-ins for the RAL's seams (ral/host.hpp): files, accounts and a `crontab`
// command that keeps each user's crontab in a map.

#include <unistd.h>

#include <map>
#include <string>
#include <vector>

#include "ral/host.hpp"
#include "ral/resource_type.hpp"

namespace marionette::ral::testing {

class MemoryFiles final : public FileSystem {
 public:
  std::map<std::string, std::string> files;
  std::map<std::string, unsigned> modes;

  std::optional<FileInfo> lstat(const std::string& path) override { return stat(path); }
  std::optional<FileInfo> stat(const std::string& path) override {
    if (!files.count(path)) return std::nullopt;
    FileInfo info;
    info.mode = modes.count(path) ? modes[path] : 0644;
    return info;
  }
  std::optional<std::vector<std::string>> list_directory(const std::string&) override {
    return std::nullopt;
  }
  bool exists(const std::string& path) override { return files.count(path) > 0; }
  IoResult read(const std::string& path, std::string& content) override {
    if (!files.count(path)) return IoResult::failure("No such file or directory");
    content = files[path];
    return IoResult::success();
  }
  IoResult write_atomic(const std::string& path, const std::string& content,
                        const FileAttributes& attributes) override {
    files[path] = content;
    modes[path] = attributes.mode;
    return IoResult::success();
  }
  IoResult make_directory(const std::string&, unsigned) override { return IoResult::success(); }
  IoResult remove(const std::string& path, bool) override {
    files.erase(path);
    return IoResult::success();
  }
  IoResult change_mode(const std::string&, unsigned) override { return IoResult::success(); }
  IoResult change_owner(const std::string&, std::optional<uid_t>, std::optional<gid_t>) override {
    return IoResult::success();
  }
  bool is_executable_file(const std::string&) override { return false; }
  IoResult make_symlink(const std::string&, const std::string&) override {
    return IoResult::failure("not supported");
  }
  std::optional<std::string> read_link(const std::string&) override { return std::nullopt; }
};

/// Knows the users "alice" (who runs us) and "bob".
class TwoUsers final : public Accounts {
 public:
  std::optional<UserEntry> user(const std::string& name) override {
    if (name != "alice" && name != "bob") return std::nullopt;
    return UserEntry{name == "alice" ? 1000u : 1001u, 100, "", "/home/" + name, "/bin/sh"};
  }
  std::vector<std::string> groups_of(const std::string&) override { return {}; }
  std::optional<uid_t> user_id(const std::string&) override { return std::nullopt; }
  std::optional<gid_t> group_id(const std::string&) override { return std::nullopt; }
  std::optional<std::string> user_name(uid_t uid) override {
    return uid == ::geteuid() ? std::optional<std::string>("alice") : std::nullopt;
  }
  std::optional<std::string> group_name(gid_t) override { return std::nullopt; }
};

/// `crontab [-u USER] -l` and `crontab [-u USER] FILE` over `tabs`; every call is recorded.
class FakeCrontab final : public CommandRunner {
 public:
  explicit FakeCrontab(MemoryFiles& files) : files_(files) {}

  std::map<std::string, std::string> tabs;
  std::vector<std::string> calls;
  bool reads_fail = false;  ///< `-l` fails as a broken crontab(1) would

  CommandResult run(const CommandRequest& request) override {
    std::string line;
    for (const auto& word : request.argv) line += (line.empty() ? "" : " ") + word;
    calls.push_back(line);
    std::vector<std::string> argv = request.argv;
    std::string user = "alice";
    if (argv.size() == 4 && argv[1] == "-u") user = argv[2];
    const std::string& last = argv.back();
    if (last == "-l" && reads_fail) return {1, "crontab: cannot open spool\n", false, ""};
    if (last == "-l") {
      if (!tabs.count(user)) return {1, "no crontab for " + user + "\n", false, ""};
      return {0, tabs[user], false, ""};
    }
    tabs[user] = files_.files[last];
    return {0, "", false, ""};
  }

 private:
  MemoryFiles& files_;
};

/// A node of fakes, and what one resource's evaluation logged.
struct FakeNode {
  MemoryFiles files;
  TwoUsers accounts;
  FakeCrontab crontab{files};
  Host host{&files, &accounts, &crontab, nullptr};
  std::vector<std::string> logs;

  ResourceContext context(const std::string& path, bool noop = false) {
    return ResourceContext(
        host, noop,
        [this](const std::string& level, const std::string& message) {
          logs.push_back(level + ": " + message);
        },
        path);
  }
};

}  // namespace marionette::ral::testing
