#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <map>

#include "ral/posix_host.hpp"

extern char** environ;

namespace marionette::ral {

namespace {

std::map<std::string, std::string> merged_environment(
    const std::map<std::string, std::string>& overrides) {
  std::map<std::string, std::string> env;
  for (char** entry = environ; entry && *entry; ++entry) {
    std::string text(*entry);
    auto equals = text.find('=');
    if (equals != std::string::npos) env[text.substr(0, equals)] = text.substr(equals + 1);
  }
  for (const auto& [name, value] : overrides) env[name] = value;
  return env;
}

bool executable(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(path.c_str(), X_OK) == 0;
}

/// argv[0] as execve needs it: kept when it has a slash, else found in `search_path`.
std::optional<std::string> resolve_program(const std::string& name,
                                           const std::string& search_path) {
  if (name.find('/') != std::string::npos) return name;
  std::size_t start = 0;
  while (start <= search_path.size()) {
    std::size_t end = search_path.find(':', start);
    if (end == std::string::npos) end = search_path.size();
    std::string dir = search_path.substr(start, end - start);
    std::string candidate = (dir.empty() ? std::string(".") : dir) + "/" + name;
    if (executable(candidate)) return candidate;
    start = end + 1;
  }
  return std::nullopt;
}

/// Reads everything the child writes until it closes the pipe or the deadline passes.
bool drain(int fd, std::chrono::steady_clock::time_point deadline, std::string& output) {
  char buffer[8192];
  for (;;) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return false;
    pollfd waiting{fd, POLLIN, 0};
    int ready = ::poll(&waiting, 1, static_cast<int>(std::min<long long>(left.count(), 1000)));
    if (ready < 0 && errno != EINTR) return true;
    if (ready <= 0) continue;
    ssize_t got = ::read(fd, buffer, sizeof buffer);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) return true;
    output.append(buffer, static_cast<std::size_t>(got));
  }
}

}  // namespace

CommandResult PosixCommandRunner::run(const CommandRequest& request) {
  CommandResult result;
  if (request.argv.empty()) {
    result.error = "empty command";
    return result;
  }
  if (request.cwd) {
    struct stat st {};
    if (::stat(request.cwd->c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) {
      result.error = "Working directory " + *request.cwd + " does not exist!";
      return result;
    }
  }
  auto env = merged_environment(request.environment);
  auto program = resolve_program(request.argv[0], env.count("PATH") ? env["PATH"] : "");
  if (!program) {
    result.error = "Could not find command '" + request.argv[0] + "'";
    return result;
  }

  // Everything the child needs is built before fork: after it, only async-signal-safe calls.
  std::vector<std::string> env_lines;
  for (const auto& [name, value] : env) env_lines.push_back(name + "=" + value);
  std::vector<char*> argv;
  for (const auto& arg : request.argv) argv.push_back(const_cast<char*>(arg.c_str()));
  argv.push_back(nullptr);
  std::vector<char*> envp;
  for (auto& line : env_lines) envp.push_back(line.data());
  envp.push_back(nullptr);
  const char* cwd = request.cwd ? request.cwd->c_str() : nullptr;

  int pipe_fds[2];
  if (::pipe2(pipe_fds, O_CLOEXEC) != 0) {
    result.error = std::string("pipe: ") + std::strerror(errno);
    return result;
  }
  pid_t pid = ::fork();
  if (pid < 0) {
    result.error = std::string("fork: ") + std::strerror(errno);
    ::close(pipe_fds[0]);
    ::close(pipe_fds[1]);
    return result;
  }
  if (pid == 0) {
    ::setpgid(0, 0);
    // The agent blocks SIGTERM/SIGINT/SIGHUP/SIGUSR1 to wait for them; a command must get the
    // default mask back, or it could not be stopped by a signal.
    sigset_t nothing_blocked;
    ::sigemptyset(&nothing_blocked);
    ::sigprocmask(SIG_SETMASK, &nothing_blocked, nullptr);
    int devnull = ::open("/dev/null", O_RDONLY);
    if (devnull >= 0) ::dup2(devnull, 0);
    ::dup2(pipe_fds[1], 1);
    ::dup2(pipe_fds[1], 2);
    if (cwd && ::chdir(cwd) != 0) ::_exit(127);
    if (request.gid && ::setgid(*request.gid) != 0) ::_exit(127);
    if (request.uid && ::setuid(*request.uid) != 0) ::_exit(127);
    ::execve(program->c_str(), argv.data(), envp.data());
    ::_exit(127);
  }
  ::close(pipe_fds[1]);
  auto deadline = std::chrono::steady_clock::now() + request.timeout;
  bool finished = drain(pipe_fds[0], deadline, result.output);
  ::close(pipe_fds[0]);
  if (!finished) {
    ::kill(-pid, SIGKILL);
    ::kill(pid, SIGKILL);
    result.timed_out = true;
  }
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(status)) {
    result.exit_code = WEXITSTATUS(status);
  } else if (WIFSIGNALED(status)) {
    result.exit_code = 128 + WTERMSIG(status);
  }
  return result;
}

}  // namespace marionette::ral
