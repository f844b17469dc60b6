#pragma once

#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <memory>
#include <string>

#include "ruby/worker_protocol.hpp"

namespace marionette::compiler {

/// How Ruby workers are started and bounded (ruby_workers.hpp).
struct RubyWorkerLimits {
  std::filesystem::path worker;  ///< marionette-ruby-worker
  std::filesystem::path module;  ///< marionette-ruby.so, which the worker loads
  std::chrono::milliseconds call_timeout{std::chrono::seconds(300)};
  std::uint64_t memory_bytes = 2ull << 30;  ///< the worker's address space (RLIMIT_AS); 0: none
};

/// One marionette-ruby-worker process: its own process group, the socket its frames travel on,
/// the pipes of its standard output and error (relayed to this process's own as they come, so
/// that no descendant of the worker ever holds this process's descriptors), and a pidfd that
/// tells when it ended even while something it forked still holds the socket.
class RubyWorkerProcess {
 public:
  /// Starts the worker and waits for its hello; nullptr with why in `why_not` when it cannot
  /// run Ruby (the module is missing, of another version, Ruby fails to start).
  static std::unique_ptr<RubyWorkerProcess> start(const RubyWorkerLimits& limits,
                                                  std::string& why_not);
  ~RubyWorkerProcess();
  RubyWorkerProcess(const RubyWorkerProcess&) = delete;
  RubyWorkerProcess& operator=(const RubyWorkerProcess&) = delete;

  /// Sends one frame; false when the worker has ended (or ends meanwhile).
  bool send(const std::string& frame);

  enum class Received { frame, out_of_time, ended };
  /// Waits for the worker's next frame, for at most `budget`, from which the time waited is
  /// taken; relays the worker's output meanwhile.
  Received receive(ruby_worker::Received& frame, std::chrono::milliseconds& budget);

  /// Kills the worker's process group (the worker and whatever it forked) and reaps the worker.
  void kill();
  /// Whether the worker ended or was killed.
  bool ended() const { return ended_; }
  /// How it ended, once it has: its exit status, or -1 when a signal ended it.
  int exit_status() const { return exit_status_; }
  /// "exit status 4", "signal 9", for errors.
  std::string how_it_ended() const;

  pid_t pid() const { return pid_; }
  /// Signals the worker alone without a race with its reaping (the pool's stop).
  int pidfd() const { return pidfd_; }

 private:
  RubyWorkerProcess() = default;
  void relay(int from, int to);
  void reap(bool wait);

  pid_t pid_ = -1;
  int socket_ = -1, pidfd_ = -1, out_ = -1, err_ = -1;
  std::string buffer_;  ///< bytes read from the socket, not yet a whole frame
  bool ended_ = false;
  int exit_status_ = -1;
  int signal_ = 0;
};

}  // namespace marionette::compiler
