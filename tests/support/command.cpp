#include "support/command.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>

extern char** environ;

namespace marionette::testing {
namespace {

using Clock = std::chrono::steady_clock;

/// environ, with `env` overriding or adding entries; built before spawning (no setenv).
std::vector<std::string> environment_with(
    const std::vector<std::pair<std::string, std::string>>& env) {
  std::vector<std::string> result;
  for (char** entry = environ; *entry; ++entry) {
    std::string_view text = *entry;
    bool overridden = false;
    for (const auto& [name, value] : env) {
      if (text.starts_with(name + "=")) overridden = true;
    }
    if (!overridden) result.emplace_back(text);
  }
  for (const auto& [name, value] : env) result.push_back(name + "=" + value);
  return result;
}

std::vector<char*> pointers_to(std::vector<std::string>& strings) {
  std::vector<char*> pointers;
  for (std::string& s : strings) pointers.push_back(s.data());
  pointers.push_back(nullptr);
  return pointers;
}

/// Reads both pipes until they close or the deadline passes; false on timeout.
bool drain(int out_fd, int err_fd, std::string& out, std::string& err, Clock::time_point deadline) {
  pollfd fds[2] = {{out_fd, POLLIN, 0}, {err_fd, POLLIN, 0}};
  std::string* sinks[2] = {&out, &err};
  int open = 2;
  while (open > 0) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    if (left.count() <= 0) return false;
    if (poll(fds, 2, static_cast<int>(left.count())) < 0 && errno != EINTR) return false;
    for (int i = 0; i < 2; ++i) {
      if (fds[i].fd < 0 || fds[i].revents == 0) continue;
      char buffer[4096];
      ssize_t n = read(fds[i].fd, buffer, sizeof buffer);
      if (n > 0) {
        sinks[i]->append(buffer, static_cast<size_t>(n));
      } else if (n == 0 || errno != EINTR) {
        fds[i].fd = -1;
        --open;
      }
    }
  }
  return true;
}

}  // namespace

CommandResult run_command(const std::vector<std::string>& argv, std::chrono::milliseconds timeout,
                          const std::vector<std::pair<std::string, std::string>>& env) {
  CommandResult result;
  int out_pipe[2], err_pipe[2];
  if (pipe2(out_pipe, O_CLOEXEC) != 0) return result;
  if (pipe2(err_pipe, O_CLOEXEC) != 0) {
    close(out_pipe[0]);
    close(out_pipe[1]);
    return result;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, out_pipe[1], 1);
  posix_spawn_file_actions_adddup2(&actions, err_pipe[1], 2);

  std::vector<std::string> args = argv;
  std::vector<std::string> environment = environment_with(env);
  std::vector<char*> arg_pointers = pointers_to(args);
  std::vector<char*> env_pointers = pointers_to(environment);
  pid_t pid = -1;
  int spawned = posix_spawnp(&pid, arg_pointers[0], &actions, nullptr, arg_pointers.data(),
                             env_pointers.data());
  posix_spawn_file_actions_destroy(&actions);
  close(out_pipe[1]);
  close(err_pipe[1]);
  if (spawned != 0) {
    result.err = std::string("cannot run ") + argv[0] + ": " + std::strerror(spawned);
    close(out_pipe[0]);
    close(err_pipe[0]);
    return result;
  }

  bool finished = drain(out_pipe[0], err_pipe[0], result.out, result.err, Clock::now() + timeout);
  close(out_pipe[0]);
  close(err_pipe[0]);
  if (!finished) {
    kill(pid, SIGKILL);
    result.timed_out = true;
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (!finished) return result;
  if (WIFEXITED(status)) result.exit_code = WEXITSTATUS(status);
  return result;
}

std::filesystem::path find_executable(const std::string& name) {
  std::string path = std::getenv("PATH") ? std::getenv("PATH") : "";
  path += ":/usr/sbin:/sbin";
  size_t start = 0;
  while (start <= path.size()) {
    size_t end = path.find(':', start);
    if (end == std::string::npos) end = path.size();
    std::filesystem::path candidate = std::filesystem::path(path.substr(start, end - start)) / name;
    if (end > start && access(candidate.c_str(), X_OK) == 0) return candidate;
    start = end + 1;
  }
  return {};
}

}  // namespace marionette::testing
