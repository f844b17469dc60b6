#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "http/http_message.hpp"
#include "server/server_metrics.hpp"
#include "server/tls.hpp"

namespace marionette::server {

/// A complete request, parsed by the event loop, for a worker to serve.
struct Job {
  std::uint64_t connection = 0;
  http::HttpRequest request;
  PeerIdentity peer;
  std::string client_ip;
  /// The connection's TLS, the worker's alone until its answer goes back: the loop leaves a
  /// connection being served alone.
  TlsConnection* tls = nullptr;
};

/// A served request's response bytes, for the event loop to write from `sent` on.
struct Answer {
  std::uint64_t connection = 0;
  std::string bytes;
  bool keep_alive = false;
  std::size_t sent = 0;  ///< written by the worker already
  bool broken = false;   ///< the worker's write failed: the loop closes the connection
};

/// Writes what of `answer` the socket takes now (never waits), as the worker that made it: the
/// client has its answer without waiting for the event loop to wake; the loop writes the rest.
void write_what_fits(Answer& answer, TlsConnection& tls);

/// The worker threads that serve requests (compile catalogs, read files, sign certificates):
/// they never wait on a socket, so no client can hold one longer than its request takes (a
/// worker writes what of its answer the socket takes at once, the event loop the rest). Jobs
/// wait in a bounded queue; answers go back to the event loop, woken by `wake`.
class WorkerPool {
 public:
  WorkerPool(unsigned workers, std::size_t max_queued, std::function<Answer(Job&)> serve,
             std::function<void()> wake, ServerMetrics& metrics);
  ~WorkerPool();

  /// False when `max_queued` jobs already wait (0: no limit): the caller answers 503.
  bool submit(Job job);
  /// The answers ready since the last call.
  std::vector<Answer> answers();
  /// Lets the workers finish the job in hand, drops those waiting, joins the threads.
  void stop();

 private:
  void work();

  std::size_t max_queued_;
  std::function<Answer(Job&)> serve_;
  std::function<void()> wake_;
  ServerMetrics& metrics_;
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<Job> jobs_;
  std::vector<Answer> answers_;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace marionette::server
