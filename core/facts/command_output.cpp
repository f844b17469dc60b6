#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>

#include "facts/native_parts.hpp"

extern char** environ;

namespace marionette::facts::native {

std::string command_output(const std::vector<std::string>& argv, bool join_stderr) {
  if (argv.empty()) return "";
  int pipe_fds[2];
  if (::pipe2(pipe_fds, O_CLOEXEC) != 0) return "";
  posix_spawn_file_actions_t actions;
  ::posix_spawn_file_actions_init(&actions);
  ::posix_spawn_file_actions_adddup2(&actions, pipe_fds[1], STDOUT_FILENO);
  if (join_stderr) ::posix_spawn_file_actions_adddup2(&actions, pipe_fds[1], STDERR_FILENO);
  ::posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  std::vector<char*> args;
  for (const auto& arg : argv) args.push_back(const_cast<char*>(arg.c_str()));
  args.push_back(nullptr);
  // The agent blocks the signals it waits for; the command must not inherit that mask.
  posix_spawnattr_t attributes;
  ::posix_spawnattr_init(&attributes);
  sigset_t nothing_blocked;
  ::sigemptyset(&nothing_blocked);
  ::posix_spawnattr_setsigmask(&attributes, &nothing_blocked);
  ::posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK);
  pid_t pid = -1;
  const int spawned =
      ::posix_spawnp(&pid, argv[0].c_str(), &actions, &attributes, args.data(), environ);
  ::posix_spawn_file_actions_destroy(&actions);
  ::posix_spawnattr_destroy(&attributes);
  ::close(pipe_fds[1]);
  std::string output;
  if (spawned == 0) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    char buffer[4096];
    for (;;) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                            deadline - std::chrono::steady_clock::now())
                            .count();
      pollfd ready{pipe_fds[0], POLLIN, 0};
      if (left <= 0 || ::poll(&ready, 1, static_cast<int>(left)) <= 0) {
        ::kill(pid, SIGKILL);
        break;
      }
      const ssize_t n = ::read(pipe_fds[0], buffer, sizeof buffer);
      if (n <= 0) break;
      output.append(buffer, static_cast<std::size_t>(n));
    }
    ::waitpid(pid, nullptr, 0);
  }
  ::close(pipe_fds[0]);
  return output;
}

}  // namespace marionette::facts::native
