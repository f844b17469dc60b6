#pragma once

#include <atomic>
#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "server/api.hpp"
#include "server/tls.hpp"

namespace marionette::server {

/// `marionette server`: listens on bind_address:port, hands each accepted connection to a pool
/// of worker threads (a bounded queue; a connection beyond it gets 503), where it is served
/// over TLS, one HTTP/1.1 request after another (keep-alive, bounded by idle_timeout and the
/// HTTP limits), through the Api. Makes the CA and the server's certificate on first start.
class HttpsServer {
 public:
  /// Throws std::runtime_error (or ca::CaError) when the port cannot be bound or the TLS files
  /// cannot be made or read.
  explicit HttpsServer(ServerSettings settings,
                       std::function<void(const std::string&)> log = nullptr);
  ~HttpsServer();

  /// The port bound (useful with port 0).
  int port() const { return port_; }
  /// Serves until stop() is called (from a signal handler's thread or another thread).
  void run();
  void stop();
  ServerMetrics& metrics() { return api_->metrics(); }

 private:
  void accept_loop();
  void worker();
  void serve(int fd, const std::string& client_ip);

  ServerSettings settings_;
  std::function<void(const std::string&)> log_;
  std::unique_ptr<Api> api_;
  std::unique_ptr<TlsContext> tls_;
  int listen_fd_ = -1;
  int port_ = 0;
  int wake_[2] = {-1, -1};  ///< stop() writes here to end accept_loop's poll
  std::atomic<bool> stopping_{false};
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<std::pair<int, std::string>> queue_;
  std::vector<std::thread> workers_;
};

}  // namespace marionette::server
