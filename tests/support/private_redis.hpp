#pragma once

#include <sys/types.h>

#include <filesystem>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace marionette::testing {

/// A redis-server that belongs to one test: its own temp dir, listening on 127.0.0.1 at a free
/// high port or on a unix socket in that dir, no persistence unless stop() asks for it. It dies
/// with the test process (PDEATHSIG) and its destructor stops it and removes the dir.
class PrivateRedis {
 public:
  enum class Listen { tcp, unix_socket };

  /// True when a redis-server binary is on this machine (else tests GTEST_SKIP).
  static bool installed();
  /// Starts one and waits (at most 5 s) until it answers PING; nullptr and *why otherwise.
  static std::unique_ptr<PrivateRedis> start(Listen listen, std::string* why);

  ~PrivateRedis();
  PrivateRedis(const PrivateRedis&) = delete;
  PrivateRedis& operator=(const PrivateRedis&) = delete;

  /// redis://127.0.0.1:PORT or unix:///…/redis.sock
  std::string url() const;
  int port() const { return port_; }
  const std::filesystem::path& dir() const { return dir_; }
  bool running() const { return pid_ > 0; }

  /// Shuts it down with SHUTDOWN SAVE, so that restart() finds the same data.
  bool stop();
  /// Starts it again on the same port or socket, with the data stop() saved.
  bool restart(std::string* why);
  /// Freezes it (SIGSTOP): connections open, commands time out. resume() thaws it.
  void pause();
  void resume();

  /// Runs one command over a fresh connection (1 s timeout) and returns the reply as text:
  /// a status or integer as is, a bulk string's content, "(nil)", "-ERR …" for an error, an
  /// array's elements one per line. nullopt when it cannot be reached.
  std::optional<std::string> command(const std::vector<std::string>& args) const;

 private:
  PrivateRedis(std::filesystem::path dir, Listen listen, int port);
  bool launch(std::string* why);
  bool wait_for_exit(int timeout_ms);

  std::filesystem::path dir_;
  Listen listen_;
  int port_ = 0;
  pid_t pid_ = -1;
};

/// Starts the test's own redis-server into `redis`: skips the test where none is installed,
/// fails it where one does not start. `redis` stays empty then, so the caller returns.
void start_private_redis(std::unique_ptr<PrivateRedis>& redis,
                         PrivateRedis::Listen listen = PrivateRedis::Listen::tcp);

/// Names the transport in GoogleTest's output.
inline void PrintTo(PrivateRedis::Listen listen, std::ostream* out) {
  *out << (listen == PrivateRedis::Listen::tcp ? "tcp" : "unix_socket");
}

}  // namespace marionette::testing
