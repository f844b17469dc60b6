#pragma once

#include <sys/types.h>

#include <filesystem>
#include <memory>
#include <mutex>
#include <string>

#include "facts/facts.hpp"

typedef struct ssl_ctx_st SSL_CTX;
typedef struct ssl_st SSL;

namespace marionette::server {

/// The server's certificate and key, and the CA it trusts clients of, with the CA's CRL.
struct TlsFiles {
  std::filesystem::path certificate;
  std::filesystem::path private_key;
  std::filesystem::path ca_certificate;
  std::filesystem::path crl;  ///< the CA's own, re-read whenever it changes
};

/// OpenSSL's server context: TLS 1.2 or later, client certificates asked for (not required: the
/// CA endpoints serve hosts without one) and checked against the CA and its CRL. When the CRL
/// file changes (a revocation by `marionette ca revoke` or another server), the next connection
/// gets a new context with it: a revoked certificate fails the handshake at once.
class TlsContext {
 public:
  explicit TlsContext(TlsFiles files);
  std::shared_ptr<SSL_CTX> current();
  /// Reads the certificate, key, CA certificate and CRL again now (a server's SIGHUP), changed
  /// or not. Throws (keeping the context it had) when they cannot be read.
  void reload();

 private:
  std::shared_ptr<SSL_CTX> build() const;

  TlsFiles files_;
  std::mutex mutex_;
  std::shared_ptr<SSL_CTX> context_;
  std::filesystem::file_time_type crl_time_{};
  std::uintmax_t crl_size_ = 0;
};

/// Who is on the other end: a verified client certificate's certname and Puppet extensions
/// (pp_role, … by their short names, other OIDs by number), as $trusted has them.
struct PeerIdentity {
  bool authenticated = false;
  std::string certname;
  facts::Facts extensions = facts::Facts::object();
};

/// What a non-blocking TLS step came to: done (or bytes moved), or the socket must become
/// readable or writable first, or the peer closed, or the connection failed.
enum class TlsWait { none, readable, writable, closed, failed };

/// One TLS connection over an accepted non-blocking socket, driven by the server's event loop:
/// every call returns at once.
class TlsConnection {
 public:
  TlsConnection(int fd, std::shared_ptr<SSL_CTX> context);
  ~TlsConnection();
  TlsConnection(const TlsConnection&) = delete;
  TlsConnection& operator=(const TlsConnection&) = delete;

  /// Advances the handshake: none when it is complete; failed with `why` (a revoked or foreign
  /// certificate, not TLS at all).
  TlsWait handshake(std::string& why);
  /// Reads into `buffer`: the bytes read in `got` (wait none), or what to wait for.
  TlsWait read_some(char* buffer, std::size_t size, std::size_t& got);
  /// Writes from `bytes`: the bytes written in `put` (wait none), or what to wait for.
  TlsWait write_some(const char* bytes, std::size_t size, std::size_t& put);
  PeerIdentity peer() const;

 private:
  TlsWait wait_for(int result);

  std::shared_ptr<SSL_CTX> context_;
  SSL* ssl_ = nullptr;
  bool established_ = false;
};

}  // namespace marionette::server
