#include "indirector/classifier.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

#include "indirector/yaml_data.hpp"

namespace marionette::indirector::classifier {

namespace {

using Clock = std::chrono::steady_clock;

/// Reads both pipes until they close or the deadline passes.
bool drain(int out_fd, int err_fd, Output& output, Clock::time_point deadline) {
  pollfd fds[2] = {{out_fd, POLLIN, 0}, {err_fd, POLLIN, 0}};
  std::string* into[2] = {&output.out, &output.err};
  int open = 2;
  while (open > 0) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    if (left.count() <= 0) return false;
    int ready = ::poll(fds, 2, static_cast<int>(left.count()));
    if (ready < 0 && errno == EINTR) continue;
    if (ready == 0) return false;
    if (ready < 0) return true;
    for (int i = 0; i < 2; ++i) {
      if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      char buffer[4096];
      ssize_t n = ::read(fds[i].fd, buffer, sizeof buffer);
      if (n > 0) {
        into[i]->append(buffer, static_cast<std::size_t>(n));
      } else if (n == 0 || errno != EINTR) {
        fds[i].fd = -1;
        --open;
      }
    }
  }
  return true;
}

}  // namespace

Output run(const std::vector<std::string>& argv, std::chrono::milliseconds timeout) {
  if (argv.empty()) throw std::runtime_error("no command to run");
  std::vector<char*> args;
  for (const std::string& arg : argv) args.push_back(const_cast<char*>(arg.c_str()));
  args.push_back(nullptr);
  int out_pipe[2], err_pipe[2];
  if (::pipe2(out_pipe, O_CLOEXEC) != 0) throw std::runtime_error(std::strerror(errno));
  if (::pipe2(err_pipe, O_CLOEXEC) != 0) {
    ::close(out_pipe[0]);
    ::close(out_pipe[1]);
    throw std::runtime_error(std::strerror(errno));
  }
  pid_t child = ::fork();
  if (child < 0) {
    for (int fd : {out_pipe[0], out_pipe[1], err_pipe[0], err_pipe[1]}) ::close(fd);
    throw std::runtime_error(std::string("fork: ") + std::strerror(errno));
  }
  if (child == 0) {
    // The agent blocks the signals it waits for; the classifier must not inherit that mask.
    sigset_t nothing_blocked;
    ::sigemptyset(&nothing_blocked);
    ::sigprocmask(SIG_SETMASK, &nothing_blocked, nullptr);
    int null = ::open("/dev/null", O_RDONLY);
    if (null >= 0) ::dup2(null, STDIN_FILENO);
    ::dup2(out_pipe[1], STDOUT_FILENO);
    ::dup2(err_pipe[1], STDERR_FILENO);
    ::setpgid(0, 0);
    ::execvp(args[0], args.data());
    const char* why = std::strerror(errno);
    (void)!::write(STDERR_FILENO, why, std::strlen(why));
    ::_exit(127);
  }
  ::close(out_pipe[1]);
  ::close(err_pipe[1]);
  Output output;
  const auto deadline = Clock::now() + timeout;
  output.timed_out = !drain(out_pipe[0], err_pipe[0], output, deadline);
  ::close(out_pipe[0]);
  ::close(err_pipe[0]);
  int status = 0;
  while (!output.timed_out && ::waitpid(child, &status, WNOHANG) == 0) {
    if (Clock::now() >= deadline)
      output.timed_out = true;
    else
      ::usleep(1000);
  }
  if (output.timed_out) {
    ::kill(-child, SIGKILL);
    ::kill(child, SIGKILL);
    while (::waitpid(child, &status, 0) < 0 && errno == EINTR) {
    }
  }
  if (!output.timed_out && WIFEXITED(status)) output.exit_code = WEXITSTATUS(status);
  return output;
}

Node parse(const std::string& yaml, const std::string& name) {
  YAML::Node root;
  try {
    root = YAML::Load(yaml);
  } catch (const YAML::Exception& e) {
    throw std::runtime_error("its output is not valid YAML: " + e.msg + " at line " +
                             std::to_string(e.mark.line + 1));
  }
  if (!root.IsMap()) throw std::runtime_error("its output is not a YAML mapping");
  Node node;
  node.name = name;
  for (const auto& entry : root) {
    const std::string key = entry.first.Scalar();
    const YAML::Node& value = entry.second;
    if (key == "classes") {
      if (value.IsSequence()) {
        for (const auto& item : value) {
          if (!item.IsScalar()) throw std::runtime_error("a class in 'classes' is not a name");
          node.classes.emplace_back(item.Scalar(), facts::Facts::object());
        }
      } else if (value.IsMap()) {
        for (const auto& item : value) {
          facts::Facts parameters = data_of(item.second);
          if (parameters.is_null()) parameters = facts::Facts::object();
          if (!parameters.is_object())
            throw std::runtime_error("the parameters of class '" + item.first.Scalar() +
                                     "' are not a mapping");
          node.classes.emplace_back(item.first.Scalar(), std::move(parameters));
        }
      } else if (!value.IsNull()) {
        throw std::runtime_error("'classes' is neither a list nor a mapping");
      }
    } else if (key == "parameters") {
      facts::Facts parameters = data_of(value);
      if (parameters.is_null()) continue;
      if (!parameters.is_object()) throw std::runtime_error("'parameters' is not a mapping");
      node.parameters = std::move(parameters);
    } else if (key == "environment") {
      if (!value.IsScalar() || value.Scalar().empty())
        throw std::runtime_error("'environment' is not a name");
      node.environment = value.Scalar();
    }
    // Puppet ignores other keys.
  }
  return node;
}

}  // namespace marionette::indirector::classifier
