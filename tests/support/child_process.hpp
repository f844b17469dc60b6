#pragma once

#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace marionette::testing {

/// A long-running program a test starts and stops itself (the agent, for instance), with its
/// stdout and stderr in a file. It gets SIGKILL if the test process dies; the destructor
/// stops it (SIGTERM, then SIGKILL) if the test did not.
class ChildProcess {
 public:
  ChildProcess(std::vector<std::string> argv, std::filesystem::path output_file);
  ~ChildProcess();
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  pid_t pid() const { return pid_; }
  void signal(int signal) const;
  /// Waits for it to exit; its exit status, or nullopt when it is still running at the deadline
  /// (or was killed by a signal).
  std::optional<int> wait(std::chrono::milliseconds timeout);
  /// Everything it printed so far.
  std::string output() const;

 private:
  std::filesystem::path output_file_;
  pid_t pid_ = -1;
};

}  // namespace marionette::testing
