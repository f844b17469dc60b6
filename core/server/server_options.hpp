#pragma once

#include <chrono>
#include <cstddef>
#include <filesystem>
#include <optional>

#include "ca/certificate_authority.hpp"

namespace marionette::server {

/// What `marionette server`'s own options set (cli/server_options.cpp, a row each): the bounds
/// of connections and queued requests by puppetserver's (and Jetty's) names, the workers, and
/// the CA's signing policy. A plain header, so that the option table's rows can set it in the
/// executable that has no OpenSSL.
struct ServerOptions {
  ca::CaOptions ca;
  unsigned workers = 4;  ///< requests served (and catalogs compiled) at once
  /// puppetserver's max-queued-requests: complete requests waiting for a worker; a request
  /// beyond them is answered 503 with Retry-After. 0: no limit.
  std::size_t queue_limit = 256;
  /// puppetserver's max-retry-delay: a 503's Retry-After is a random number of seconds below
  /// it; 0 leaves the header out.
  std::chrono::seconds max_retry_delay{1800};
  /// Jetty's idle-timeout-milliseconds: how long a kept-alive connection may be silent, and how
  /// long any read of a body or write of a response may wait for progress.
  std::chrono::milliseconds idle_timeout{5'000};
  std::chrono::milliseconds handshake_timeout{10'000};  ///< for the whole TLS handshake
  /// For the request line and headers, from their first byte.
  std::chrono::milliseconds header_timeout{10'000};
  /// Connections not being served (in their handshake, idle, or sending a request): beyond
  /// this many, the one waiting longest is closed.
  std::size_t max_idle_connections = 1000;
  /// Connections from one address: beyond this many, its connection waiting longest is closed
  /// (or the new one, when all of its others are being served).
  std::size_t max_connections_per_address = 256;
  /// PuppetDB's certificate-allowlist: a file of certnames, one a line, the only clients that
  /// may use the PuppetDB API (/pdb/…); without it any client with a certificate may.
  std::optional<std::filesystem::path> puppetdb_allowlist;
  /// Puppet's static_catalogs: file metadata inlined in the catalogs agents ask to be static.
  bool static_catalogs = true;
  /// false: a compile server (puppetserver with certificate-authority-disabled-service in its
  /// services.d/ca.cfg): no /puppet-ca/ endpoints, its certificate, the CA's certificate and
  /// CRL taken from the ssldir as an agent keeps them, the CRL refreshed from the CA server.
  bool certificate_authority = true;
  /// How often a compile server fetches the CA server's CRL (Puppet's crl_refresh_interval).
  std::chrono::seconds crl_refresh_interval{300};
};

}  // namespace marionette::server
