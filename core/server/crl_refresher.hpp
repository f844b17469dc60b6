#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

#include "ca/host_identity.hpp"

namespace marionette::server {

/// Where a compile server gets the CA's CRL from, and how often (Puppet's ca_server, ca_port,
/// crl_refresh_interval).
struct CrlSource {
  std::string ca_server;
  int ca_port = 8140;
  std::chrono::seconds interval{300};
};

/// A compile server's CRL kept current: every interval it asks the CA server for
/// /puppet-ca/v1/certificate_revocation_list/ca (with its own certificate) and, when the CA
/// signed the answer and it differs, replaces the ssldir's crl.pem atomically; the TLS context
/// re-reads that file at the next connection, so a certificate revoked at the CA is refused.
/// A failed fetch is logged and the CRL kept.
class CrlRefresher {
 public:
  CrlRefresher(ca::HostFiles host, CrlSource source, std::function<void(const std::string&)> log);
  ~CrlRefresher();
  CrlRefresher(const CrlRefresher&) = delete;
  CrlRefresher& operator=(const CrlRefresher&) = delete;

  /// One fetch now: whether crl.pem changed. Throws std::runtime_error on any failure.
  bool refresh_once();

  /// Wakes the refresher's thread to fetch at once (a server's SIGHUP), logged as the
  /// interval's fetches are; the interval starts again after it.
  void refresh_soon();

 private:
  void run();

  ca::HostFiles host_;
  CrlSource source_;
  std::function<void(const std::string&)> log_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  bool refresh_requested_ = false;
  std::thread thread_;
};

}  // namespace marionette::server
