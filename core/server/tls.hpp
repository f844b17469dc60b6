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

/// One TLS connection over an accepted socket whose read and write timeouts are already set.
class TlsConnection {
 public:
  TlsConnection(int fd, std::shared_ptr<SSL_CTX> context);
  ~TlsConnection();
  TlsConnection(const TlsConnection&) = delete;
  TlsConnection& operator=(const TlsConnection&) = delete;

  /// False when the handshake failed (a revoked or foreign certificate, a timeout); `why` says.
  bool handshake(std::string& why);
  long read_some(char* buffer, std::size_t size);
  bool write_all(const std::string& bytes);
  PeerIdentity peer() const;

 private:
  std::shared_ptr<SSL_CTX> context_;
  SSL* ssl_ = nullptr;
};

}  // namespace marionette::server
