#pragma once

#include <filesystem>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>

namespace marionette::server {

/// One mount of fileserver.conf that serves a directory (Puppet's Mount::File): its path may
/// hold %H (the client's certname), %h (its first label) and %d (the rest, its domain), and
/// %% for a percent sign, expanded for each request.
struct DirectoryMount {
  std::string path;
  bool expandable = false;  ///< has a %-pattern: not checked when read

  /// The directory for `certname`.
  std::filesystem::path directory_for(const std::string& certname) const;
};

/// The mounts of a fileserver.conf by name, read as Puppet 7's parser reads it: `[name]`
/// (letters, digits, `_` and `-`), then `path DIR` lines, comments (`#`) and blank lines;
/// `allow *` is ignored and any other allow/deny logged as unsupported and ignored; any other
/// keyword, a `=` separator or a line that is none of these fails the whole file. A path
/// without a %-pattern that is not a readable directory removes its mount (logged). The
/// mounts Puppet names itself (modules, plugins, locales, scripts, tasks) take no path (a
/// warning) and are not in the map. Throws std::runtime_error with Puppet's words and line.
std::map<std::string, DirectoryMount> read_fileserver_config(
    const std::filesystem::path& file, const std::function<void(const std::string&)>& log);

/// fileserver.conf as the server keeps it: read again when the file changed (its mtime or
/// size), as Puppet's file server checks its configuration at each request; a file that fails
/// to parse keeps the mounts read before ("using old configuration"); no file, no mounts.
class FileServerConfig {
 public:
  FileServerConfig(std::filesystem::path file, std::function<void(const std::string&)> log);

  /// The mounts now (read again first when the file changed). Thread-safe.
  std::map<std::string, DirectoryMount> mounts();

 private:
  std::filesystem::path file_;
  std::function<void(const std::string&)> log_;
  std::mutex mutex_;
  std::optional<std::pair<std::filesystem::file_time_type, std::uintmax_t>> seen_;
  std::map<std::string, DirectoryMount> mounts_;
};

}  // namespace marionette::server
