#include "support/piped_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <stdexcept>

#include "support/wait_until.hpp"

namespace marionette::testing {

PipedProcess::PipedProcess(std::vector<std::string> argv,
                           const std::filesystem::path& stderr_file) {
  int in[2], out[2];
  if (pipe2(in, O_CLOEXEC) != 0 || pipe2(out, O_CLOEXEC) != 0) throw std::runtime_error("pipe");
  pid_ = fork();
  if (pid_ < 0) throw std::runtime_error("fork failed");
  if (pid_ == 0) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    dup2(in[0], 0);
    dup2(out[1], 1);
    int err = open(stderr_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (err >= 0) dup2(err, 2);
    std::vector<char*> args;
    for (auto& arg : argv) args.push_back(arg.data());
    args.push_back(nullptr);
    execv(args[0], args.data());
    _exit(127);
  }
  close(in[0]);
  close(out[1]);
  to_ = in[1];
  from_ = out[0];
}

PipedProcess::~PipedProcess() {
  if (to_ >= 0) close(to_);
  close(from_);
  if (pid_ > 0 && waitpid(pid_, nullptr, WNOHANG) == 0) {
    kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
  }
}

bool PipedProcess::send(const std::string& line) {
  const std::string text = line + "\n";
  // A child that exited must fail the write, not kill the test with SIGPIPE.
  sigset_t pipe_signal, previous;
  sigemptyset(&pipe_signal);
  sigaddset(&pipe_signal, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &pipe_signal, &previous);
  const ssize_t written = to_ >= 0 ? write(to_, text.data(), text.size()) : -1;
  const timespec no_wait{0, 0};
  while (sigtimedwait(&pipe_signal, nullptr, &no_wait) > 0) {
  }
  pthread_sigmask(SIG_SETMASK, &previous, nullptr);
  return written == static_cast<ssize_t>(text.size());
}

std::string PipedProcess::read_line(std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (true) {
    const auto newline = buffer_.find('\n');
    if (newline != std::string::npos) {
      std::string line = buffer_.substr(0, newline);
      buffer_.erase(0, newline + 1);
      return line;
    }
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return "";
    pollfd ready{from_, POLLIN, 0};
    if (poll(&ready, 1, static_cast<int>(left.count())) <= 0) return "";
    char chunk[4096];
    const ssize_t got = read(from_, chunk, sizeof chunk);
    if (got <= 0) return "";
    buffer_.append(chunk, static_cast<std::size_t>(got));
  }
}

std::optional<int> PipedProcess::finish(std::chrono::milliseconds timeout) {
  if (to_ >= 0) close(to_);
  to_ = -1;
  std::optional<int> code;
  bool exited = wait_until(
      [&] {
        int status = 0;
        if (pid_ <= 0 || waitpid(pid_, &status, WNOHANG) != pid_) return false;
        pid_ = -1;
        if (WIFEXITED(status)) code = WEXITSTATUS(status);
        return true;
      },
      timeout, std::chrono::milliseconds(10));
  return exited ? code : std::nullopt;
}

}  // namespace marionette::testing
