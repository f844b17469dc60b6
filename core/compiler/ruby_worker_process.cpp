#include "compiler/ruby_worker_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <climits>
#include <cstring>
#include <iostream>

extern char** environ;

namespace marionette::compiler {

namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

constexpr milliseconds kHelloTimeout = std::chrono::seconds(60);
/// How long a worker whose socket closed has to kill what it forked and itself.
constexpr milliseconds kSelfKillGrace{1000};

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

void set_nonblocking(int fd) {
  ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
}

/// Spawns the worker: own process group, default signal handling and none blocked, descriptors
/// 0 (/dev/null), 1 and 2 (the pipes), 3 (the socket) and no other.
pid_t spawn(const RubyWorkerLimits& limits, int socket, int out, int err, std::string& why_not) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, out, 1);
  posix_spawn_file_actions_adddup2(&actions, err, 2);
  posix_spawn_file_actions_adddup2(&actions, socket, ruby_worker::kWorkerSocket);
  posix_spawn_file_actions_addclosefrom_np(&actions, ruby_worker::kWorkerSocket + 1);
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  posix_spawnattr_setflags(&attributes,
                           POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
  posix_spawnattr_setpgroup(&attributes, 0);
  sigset_t none, all;
  sigemptyset(&none);
  sigfillset(&all);
  posix_spawnattr_setsigmask(&attributes, &none);
  posix_spawnattr_setsigdefault(&attributes, &all);
  std::string worker = limits.worker.string(), module = limits.module.string(),
              memory = std::to_string(limits.memory_bytes);
  char* argv[] = {worker.data(), module.data(), memory.data(), nullptr};
  pid_t pid = -1;
  int error = posix_spawn(&pid, worker.c_str(), &actions, &attributes, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  if (error != 0) {
    why_not = "cannot start " + worker + ": " + std::strerror(error);
    return -1;
  }
  return pid;
}

}  // namespace

std::unique_ptr<RubyWorkerProcess> RubyWorkerProcess::start(const RubyWorkerLimits& limits,
                                                            std::string& why_not) {
  int pair[2], out[2], err[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) != 0) {
    why_not = std::string("cannot make a socket for Ruby: ") + std::strerror(errno);
    return nullptr;
  }
  if (::pipe2(out, O_CLOEXEC) != 0 || ::pipe2(err, O_CLOEXEC) != 0) {
    why_not = std::string("cannot make a pipe for Ruby: ") + std::strerror(errno);
    ::close(pair[0]);
    ::close(pair[1]);
    return nullptr;
  }
  std::unique_ptr<RubyWorkerProcess> process(new RubyWorkerProcess);
  process->socket_ = pair[0];
  process->out_ = out[0];
  process->err_ = err[0];
  process->pid_ = spawn(limits, pair[1], out[1], err[1], why_not);
  ::close(pair[1]);
  ::close(out[1]);
  ::close(err[1]);
  if (process->pid_ < 0) return nullptr;
  process->pidfd_ = static_cast<int>(::syscall(SYS_pidfd_open, process->pid_, 0));
  for (int fd : {process->socket_, process->out_, process->err_}) set_nonblocking(fd);

  ruby_worker::Received hello;
  milliseconds budget = kHelloTimeout;
  Received got = process->receive(hello, budget);
  if (got != Received::frame || hello.kind != ruby_worker::Kind::hello) {
    why_not = got == Received::out_of_time
                  ? "the Ruby worker did not start within " +
                        std::to_string(kHelloTimeout.count() / 1000) + " s"
                  : "the Ruby worker " + limits.worker.string() + " ended before it started (" +
                        process->how_it_ended() + ")";
    return nullptr;
  }
  ruby_worker::Fields fields(hello.fields);
  if (fields.number() != 0) {
    why_not = fields.string();
    return nullptr;
  }
  return process;
}

RubyWorkerProcess::~RubyWorkerProcess() {
  kill();
  for (int* fd : {&socket_, &pidfd_, &out_, &err_}) close_fd(*fd);
}

void RubyWorkerProcess::kill() {
  if (pid_ <= 0) return;
  // The worker kills its descendants itself when its socket closes (even those that left its
  // process group), then its group; given a moment for that, the group is killed from here.
  if (socket_ >= 0 && pidfd_ >= 0) {
    ::shutdown(socket_, SHUT_RDWR);
    pollfd ended{pidfd_, POLLIN, 0};
    while (::poll(&ended, 1, static_cast<int>(kSelfKillGrace.count())) < 0 && errno == EINTR) {
    }
  }
  ::kill(-pid_, SIGKILL);  // the group: the worker and what Ruby forked (the pgid stays ours
  reap(true);              // until the worker is reaped)
}

void RubyWorkerProcess::reap(bool wait) {
  if (pid_ <= 0) return;
  int status = 0;
  pid_t got;
  while ((got = ::waitpid(pid_, &status, wait ? 0 : WNOHANG)) < 0 && errno == EINTR) {
  }
  if (got == 0) return;
  if (got == pid_) {
    if (WIFEXITED(status)) exit_status_ = WEXITSTATUS(status);
    if (WIFSIGNALED(status)) signal_ = WTERMSIG(status);
  }
  ended_ = true;
  pid_ = -1;
}

std::string RubyWorkerProcess::how_it_ended() const {
  if (exit_status_ >= 0) return "exit status " + std::to_string(exit_status_);
  if (signal_ > 0) return "killed by signal " + std::to_string(signal_);
  return "its socket closed";
}

void RubyWorkerProcess::relay(int from, int to) {
  char chunk[65536];
  // A pipe holds 64 KiB: four reads take what was written before a frame, and a worker that
  // writes without end cannot keep this loop (and its deadline) from coming back.
  for (int reads = 0; reads < 4; ++reads) {
    ssize_t n = ::read(from, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n == 0) {  // the worker and all it forked closed it
      if (from == out_) close_fd(out_);
      if (from == err_) close_fd(err_);
      return;
    }
    if (n < 0) return;
    if (to == STDOUT_FILENO) std::cout.flush();  // what marionette printed comes first
    ruby_worker::write_all(to, {chunk, static_cast<std::size_t>(n)});
  }
}

bool RubyWorkerProcess::send(const std::string& frame) {
  std::string_view rest = frame;
  while (!rest.empty()) {
    if (ended_) return false;
    ssize_t n = ::send(socket_, rest.data(), rest.size(), MSG_NOSIGNAL);
    if (n > 0) {
      rest.remove_prefix(static_cast<std::size_t>(n));
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno != EAGAIN) {
      reap(false);
      return false;
    }
    pollfd fds[2] = {{socket_, POLLOUT, 0}, {pidfd_, POLLIN, 0}};
    if (::poll(fds, 2, -1) > 0 && fds[1].revents) {
      kill();
      return false;
    }
  }
  return true;
}

RubyWorkerProcess::Received RubyWorkerProcess::receive(ruby_worker::Received& frame,
                                                       milliseconds& budget) {
  for (;;) {
    if (ruby_worker::take_frame(buffer_, frame)) {
      // What the worker wrote before this frame is in its pipes now: out before what follows.
      if (out_ >= 0) relay(out_, STDOUT_FILENO);
      if (err_ >= 0) relay(err_, STDERR_FILENO);
      return Received::frame;
    }
    if (ended_) return Received::ended;
    if (budget.count() <= 0) return Received::out_of_time;
    pollfd fds[4] = {
        {socket_, POLLIN, 0}, {pidfd_, POLLIN, 0}, {out_, POLLIN, 0}, {err_, POLLIN, 0}};
    auto started = Clock::now();
    int ready = ::poll(fds, 4, static_cast<int>(std::min<long long>(budget.count(), INT_MAX)));
    budget -= std::chrono::duration_cast<milliseconds>(Clock::now() - started);
    if (ready < 0) continue;  // EINTR
    if (fds[2].revents) relay(out_, STDOUT_FILENO);
    if (fds[3].revents) relay(err_, STDERR_FILENO);
    bool worker_ended = fds[1].revents != 0;
    if (fds[0].revents) {
      char chunk[65536];
      for (;;) {
        ssize_t n = ::read(socket_, chunk, sizeof chunk);
        if (n > 0) {
          buffer_.append(chunk, static_cast<std::size_t>(n));
          continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n == 0) worker_ended = true;  // no process holds the worker's end any more
        break;
      }
    }
    if (worker_ended && !ruby_worker::take_frame(buffer_, frame)) {
      kill();
      return Received::ended;
    }
    if (worker_ended) {  // a last frame came before the end: it goes first
      if (out_ >= 0) relay(out_, STDOUT_FILENO);
      if (err_ >= 0) relay(err_, STDERR_FILENO);
      return Received::frame;
    }
  }
}

}  // namespace marionette::compiler
