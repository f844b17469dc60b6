#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace marionette::cli {

/// The server's log file (logdest a path): stdout and stderr, where every line of the server
/// goes, appended to the file instead; reopen() opens the path again (after logrotate moved the
/// file: SIGUSR2 or SIGHUP), so that new lines go to a new file. console (the default: the
/// journal under systemd) and syslog leave stdout and stderr as they are.
class ServerLogFile {
 public:
  /// Throws std::runtime_error naming the file when it cannot be opened.
  explicit ServerLogFile(const std::string& logdest);

  /// Opens the path again; throws std::runtime_error (the old file kept) when it cannot.
  void reopen();

  /// The file, when logdest is one.
  const std::optional<std::filesystem::path>& path() const { return path_; }

 private:
  std::optional<std::filesystem::path> path_;
};

}  // namespace marionette::cli
