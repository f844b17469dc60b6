#pragma once

#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace marionette::testing {

/// A program driven over pipes, line by line (a pipe protocol such as `yamlresource receive`):
/// its stdin and stdout are the test's, its stderr goes to a file. It gets SIGKILL if the test
/// process dies; the destructor kills it if the test did not finish it.
class PipedProcess {
 public:
  PipedProcess(std::vector<std::string> argv, const std::filesystem::path& stderr_file);
  ~PipedProcess();
  PipedProcess(const PipedProcess&) = delete;
  PipedProcess& operator=(const PipedProcess&) = delete;

  /// Writes the text and a newline to its stdin; false when it could not (it exited).
  bool send(const std::string& line);
  /// The next line it writes, waiting at most `timeout`; empty when none came.
  std::string read_line(std::chrono::milliseconds timeout = std::chrono::seconds(20));
  /// Closes its stdin and waits for its exit status (nullopt: still running at the deadline,
  /// or killed by a signal).
  std::optional<int> finish(std::chrono::milliseconds timeout);

 private:
  pid_t pid_ = -1;
  int to_ = -1, from_ = -1;
  std::string buffer_;
};

}  // namespace marionette::testing
