#pragma once

#include <functional>
#include <memory>
#include <string>

#include "server/api.hpp"
#include "server/fleet_view.hpp"
#include "server/periodic_task.hpp"
#include "server/tls.hpp"
#include "server/worker_pool.hpp"

namespace marionette::server {

class ConnectionLoop;
class CrlRefresher;

/// `marionette server`: listens on bind_address:port; one event loop (ConnectionLoop) owns the
/// connections, does their TLS and reads whole requests, which a pool of worker threads
/// (WorkerPool) serves through the Api. Makes the CA and the server's certificate on first
/// start; without a CA (certificate_authority false) it uses the certificate the CA server
/// signed and keeps the CA's CRL current (CrlRefresher).
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
  /// A SIGHUP, as puppetserver's reload: every cached environment is read again at its next
  /// compile, the TLS files (the CRL with them) are read again now, and a compile server
  /// fetches the CA's CRL at once; with `settings` (puppet.conf read again), the settings a
  /// reload may change (ReloadableSettings) are taken for the requests that follow. Returns
  /// what it did, for the log; throws when the TLS files cannot be read or a setting is refused
  /// (the server goes on with the ones it had).
  std::string reload(const ReloadableSettings* settings = nullptr);
  ServerMetrics& metrics() { return api_->metrics(); }
  /// The fleet table read from Redis (empty without it): server/fleet_view.hpp.
  const metrics::FleetRegistry& fleet() const { return fleet_->fleet(); }

 private:
  /// A worker's part: the request through the Api, the response's bytes.
  Answer serve(Job& job);

  ServerSettings settings_;
  std::function<void(const std::string&)> log_;
  std::unique_ptr<Api> api_;
  std::unique_ptr<TlsContext> tls_;
  int listen_fd_ = -1;
  int port_ = 0;
  std::unique_ptr<ConnectionLoop> loop_;
  std::unique_ptr<FleetView> fleet_;
  std::unique_ptr<CrlRefresher> crl_refresher_;  ///< a compile server's
  std::unique_ptr<PeriodicTask> puppetdb_gc_;    ///< node-ttl, node-purge-ttl, report-ttl
  std::unique_ptr<PeriodicTask> memory_trim_;    ///< Api::give_back_freed_memory, every second
};

}  // namespace marionette::server
