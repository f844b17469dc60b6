#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <list>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "http/message_parser.hpp"
#include "server/api.hpp"
#include "server/tls.hpp"
#include "server/worker_pool.hpp"

namespace marionette::server {

/// The one thread that owns every client socket (epoll, non-blocking): it accepts, does the TLS
/// handshake, reads and parses whole requests, hands complete ones to the WorkerPool and writes
/// their answers, then waits for the next request of a kept-alive connection. No client can
/// hold a worker by being slow: each step has its deadline (handshake, request line and headers,
/// each read of a body, the whole message, each write, a kept-alive connection's silence), and
/// connections not being served are bounded in number, overall and per client address (the one
/// waiting longest is closed first). A request beyond the pool's queue is answered 503 with
/// Retry-After, as puppetserver answers beyond max-queued-requests.
class ConnectionLoop {
 public:
  ConnectionLoop(const ServerSettings& settings, int listen_fd, TlsContext& tls,
                 ServerMetrics& metrics, std::function<void(const std::string&)> log);
  ~ConnectionLoop();
  ConnectionLoop(const ConnectionLoop&) = delete;
  ConnectionLoop& operator=(const ConnectionLoop&) = delete;

  /// Serves until stop(); complete requests go to `pool`.
  void run(WorkerPool& pool);
  /// From any thread: run() returns soon.
  void stop();
  /// From any thread (a worker that has an answer ready): run() collects it.
  void wake();

 private:
  using Clock = std::chrono::steady_clock;
  enum class State { handshake, reading, served, writing, draining };
  struct Connection;

  void accept_all();
  void admit(int fd, const std::string& address);
  void progress(Connection& connection);
  void handshake(Connection& connection);
  void read(Connection& connection);
  bool parse(Connection& connection);
  void dispatch(Connection& connection);
  void write(Connection& connection);
  void drain(Connection& connection);
  /// Writes `bytes` from `sent` on (what a worker wrote already), then closes or reads on.
  void answer(Connection& connection, std::string bytes, bool keep_alive, std::size_t sent = 0);
  void refuse(Connection& connection, int status, const std::string& why);
  void collect_answers();
  void sweep(Clock::time_point now);
  void start_waiting(Connection& connection);
  void stop_waiting(Connection& connection);
  void watch(Connection& connection, std::uint32_t events);
  void close(std::uint64_t id);
  /// Closes the connection waiting longest (of `address`, unless empty); false if none waits.
  bool close_oldest_waiting(const std::string& address);

  const ServerSettings& settings_;
  int listen_fd_;
  TlsContext& tls_;
  ServerMetrics& metrics_;
  std::function<void(const std::string&)> log_;
  WorkerPool* pool_ = nullptr;
  int epoll_fd_ = -1;
  int wake_fd_ = -1;
  bool listening_ = true;
  std::atomic<bool> stopping_{false};
  std::uint64_t next_id_ = 2;  ///< 0 is the listening socket's, 1 the wake-up's
  std::unordered_map<std::uint64_t, std::unique_ptr<Connection>> connections_;
  std::list<std::uint64_t> waiting_;  ///< connections not being served, longest waiting first
  std::map<std::string, std::size_t> per_address_;
  std::vector<std::uint64_t> unfinished_;  ///< stopped reading to let others in; go on at once
};

}  // namespace marionette::server
