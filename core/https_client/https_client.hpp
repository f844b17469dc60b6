#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "http/http_message.hpp"

namespace marionette::https_client {

/// Puppet's certificate_revocation: none, the server's certificate only (leaf), or every
/// certificate of its chain (chain, Puppet's default).
enum class Revocation { none, leaf, chain };

/// The certificate_revocation setting's value ("false", "leaf", anything else: chain).
Revocation revocation_from_setting(const std::string& setting);

/// What the client trusts and shows, as Puppet's agent: the CA's certificate (and CRL) to
/// verify the server with, and its own certificate and key when it has them.
struct TlsSettings {
  /// Empty: the server is not verified at all (Puppet's insecure context, used only to fetch
  /// the CA's certificate the first time).
  std::filesystem::path ca_certificate;
  std::filesystem::path crl;  ///< used when revocation is not none
  Revocation revocation = Revocation::chain;
  std::filesystem::path certificate;  ///< empty: no client certificate
  std::filesystem::path private_key;
};

struct ClientOptions {
  std::string host;  ///< a name or an IP address; checked against the server's certificate
  int port = 8140;
  TlsSettings tls;
  std::chrono::milliseconds connect_timeout{120'000};  ///< Puppet's http_connect_timeout
  std::chrono::milliseconds read_timeout{600'000};     ///< Puppet's http_read_timeout
  http::HttpLimits limits;  ///< of a response (message_timeout is set from read_timeout)
};

/// Why a request failed, by kind (the load tool counts them by kind).
class HttpsError : public std::runtime_error {
 public:
  enum class Kind { setup, connect, tls, verify, timeout, protocol };
  HttpsError(Kind kind, const std::string& what) : std::runtime_error(what), kind_(kind) {}
  Kind kind() const { return kind_; }
  const char* kind_name() const;

 private:
  Kind kind_;
};

/// One HTTPS connection to a Puppet server, kept alive between requests and opened again when
/// the server closed it. Not thread-safe: one client per thread (they may share nothing).
class HttpsClient {
 public:
  /// Reads the TLS files; throws HttpsError (setup) when one cannot be used. Ignores SIGPIPE
  /// from then on in the whole process (a server hanging up is reported, not fatal).
  explicit HttpsClient(ClientOptions options);
  ~HttpsClient();
  HttpsClient(const HttpsClient&) = delete;
  HttpsClient& operator=(const HttpsClient&) = delete;

  /// Sends one request (`target`: path and query, already encoded) and reads its response,
  /// whatever its status. A kept-alive connection the server had closed is opened again once.
  /// Throws HttpsError.
  http::HttpResponse request(const std::string& method, const std::string& target,
                             const std::string& body = "",
                             const std::vector<std::pair<std::string, std::string>>& headers = {});

  void close();
  /// How many TCP connections were opened (keep-alive tests, the load tool).
  std::uint64_t connections_opened() const { return connections_opened_; }

 private:
  struct Connection;
  struct Context;
  Connection& connected();

  ClientOptions options_;
  std::unique_ptr<Context> context_;
  std::unique_ptr<Connection> connection_;
  std::uint64_t connections_opened_ = 0;
};

}  // namespace marionette::https_client
