#include "https_client/https_client.hpp"

#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>

#include "ca/openssl_handles.hpp"
#include "https_client/tcp_connect.hpp"

namespace marionette::https_client {

const char* HttpsError::kind_name() const {
  switch (kind_) {
    case Kind::setup: return "setup";
    case Kind::connect: return "connect";
    case Kind::tls: return "tls";
    case Kind::verify: return "verify";
    case Kind::timeout: return "timeout";
    case Kind::protocol: return "protocol";
  }
  return "unknown";
}

namespace {

std::string subject_of(X509* certificate) {
  if (!certificate) return "";
  ca::BioPtr bio(BIO_new(BIO_s_mem()));
  X509_NAME_print_ex(bio.get(), X509_get_subject_name(certificate), 0,
                     XN_FLAG_RFC2253 & ~ASN1_STRFLGS_ESC_MSB);
  char* data = nullptr;
  long size = BIO_get_mem_data(bio.get(), &data);
  return std::string(data, static_cast<std::size_t>(size));
}

/// Puppet's CertMismatchError: "Server hostname 'H' did not match server certificate; expected
/// one of NAME, DNS:a, IP Address:b" (or "expected NAME").
std::string mismatch_message(X509* certificate, const std::string& host) {
  std::vector<std::string> names = {ca::common_name(X509_get_subject_name(certificate))};
  int index = X509_get_ext_by_NID(certificate, NID_subject_alt_name, -1);
  if (index >= 0) {
    std::string alts = ca::alt_names_text(X509_get_ext(certificate, index));
    std::size_t start = 0;
    while (start < alts.size()) {
      std::size_t comma = alts.find(',', start);
      if (comma == std::string::npos) comma = alts.size();
      std::string name = alts.substr(start, comma - start);
      name.erase(0, name.find_first_not_of(' '));
      bool seen = false;
      for (const std::string& known : names) seen = seen || known == name;
      if (!name.empty() && !seen) names.push_back(name);
      start = comma + 1;
    }
  }
  std::string expected = names.size() > 1 ? "expected one of " : "expected ";
  for (std::size_t i = 0; i < names.size(); ++i) expected += (i ? ", " : "") + names[i];
  return "Server hostname '" + host + "' did not match server certificate; " + expected;
}

/// What verification saw, kept by the callback below (OpenSSL forgets the server's certificate
/// when the handshake fails): the first certificate that failed and the server's own.
struct VerifyFailure {
  int error = X509_V_OK;
  ca::X509Ptr failed;
  ca::X509Ptr leaf;
};

int failure_slot() {
  static const int slot = SSL_get_ex_new_index(0, nullptr, nullptr, nullptr, nullptr);
  return slot;
}

int remember_failure(int preverify_ok, X509_STORE_CTX* store) {
  if (preverify_ok) return 1;
  auto* ssl = static_cast<SSL*>(
      X509_STORE_CTX_get_ex_data(store, SSL_get_ex_data_X509_STORE_CTX_idx()));
  auto* failure = ssl ? static_cast<VerifyFailure*>(SSL_get_ex_data(ssl, failure_slot())) : nullptr;
  if (failure && failure->error == X509_V_OK) {
    failure->error = X509_STORE_CTX_get_error(store);
    if (X509* current = X509_STORE_CTX_get_current_cert(store)) {
      X509_up_ref(current);
      failure->failed.reset(current);
    }
    if (STACK_OF(X509)* chain = X509_STORE_CTX_get0_chain(store); chain && sk_X509_num(chain) > 0) {
      X509* leaf = sk_X509_value(chain, 0);
      X509_up_ref(leaf);
      failure->leaf.reset(leaf);
    }
  }
  return 0;
}

}  // namespace

/// OpenSSL's client context for one server: its CA (and CRL), our certificate.
struct HttpsClient::Context {
  std::shared_ptr<SSL_CTX> ssl;

  explicit Context(const TlsSettings& tls) {
    ssl.reset(SSL_CTX_new(TLS_client_method()), SSL_CTX_free);
    auto fail = [](const std::string& what) {
      std::string errors = ca::openssl_errors();
      return HttpsError(HttpsError::Kind::setup, errors.empty() ? what : what + ": " + errors);
    };
    if (!ssl) throw fail("cannot make a TLS context");
    SSL_CTX_set_min_proto_version(ssl.get(), TLS1_2_VERSION);
    if (tls.ca_certificate.empty()) {
      SSL_CTX_set_verify(ssl.get(), SSL_VERIFY_NONE, nullptr);
    } else {
      if (SSL_CTX_load_verify_locations(ssl.get(), tls.ca_certificate.c_str(), nullptr) != 1)
        throw fail("cannot read the CA certificate " + tls.ca_certificate.string());
      if (tls.revocation != Revocation::none) {
        X509_STORE* store = SSL_CTX_get_cert_store(ssl.get());
        if (X509_STORE_load_file(store, tls.crl.c_str()) != 1)
          throw fail("cannot read the CRL " + tls.crl.string());
        X509_STORE_set_flags(store, tls.revocation == Revocation::chain
                                        ? X509_V_FLAG_CRL_CHECK | X509_V_FLAG_CRL_CHECK_ALL
                                        : X509_V_FLAG_CRL_CHECK);
      }
      SSL_CTX_set_verify(ssl.get(), SSL_VERIFY_PEER, remember_failure);
    }
    if (!tls.certificate.empty()) {
      if (SSL_CTX_use_certificate_chain_file(ssl.get(), tls.certificate.c_str()) != 1 ||
          SSL_CTX_use_PrivateKey_file(ssl.get(), tls.private_key.c_str(), SSL_FILETYPE_PEM) != 1 ||
          SSL_CTX_check_private_key(ssl.get()) != 1)
        throw fail("cannot use the client certificate " + tls.certificate.string());
    }
    ERR_clear_error();
  }
};

/// One TLS connection and the reader of its responses.
struct HttpsClient::Connection {
  int fd = -1;
  SSL* ssl = nullptr;
  std::unique_ptr<http::HttpReader> reader;
  std::uint64_t requests = 0;
  bool timed_out = false;  ///< the last read or write failed by SO_RCVTIMEO/SO_SNDTIMEO

  bool established = false;  ///< the handshake completed: a close_notify is owed
  VerifyFailure failure;
  std::string tls_error;  ///< what OpenSSL said when a read failed

  ~Connection() {
    if (ssl) {
      if (established) SSL_shutdown(ssl);
      SSL_free(ssl);
    }
    if (fd >= 0) ::close(fd);
    ERR_clear_error();
  }

  long read_some(char* buffer, std::size_t size) {
    errno = 0;
    int got = SSL_read(ssl, buffer, static_cast<int>(size));
    if (got > 0) return got;
    int reason = SSL_get_error(ssl, got);
    timed_out = errno == EAGAIN || errno == EWOULDBLOCK;
    // TLS 1.3: the server refuses our certificate (revoked, unknown) after the handshake, with
    // an alert read here.
    if (reason == SSL_ERROR_SSL) tls_error = ca::openssl_errors();
    ERR_clear_error();
    return reason == SSL_ERROR_ZERO_RETURN ? 0 : (timed_out || !tls_error.empty() ? -1 : 0);
  }

  bool write_all(const std::string& bytes) {
    std::size_t written = 0;
    while (written < bytes.size()) {
      errno = 0;
      int n = SSL_write(ssl, bytes.data() + written, static_cast<int>(bytes.size() - written));
      if (n <= 0) {
        timed_out = errno == EAGAIN || errno == EWOULDBLOCK;
        if (SSL_get_error(ssl, n) == SSL_ERROR_SSL) tls_error = ca::openssl_errors();
        ERR_clear_error();
        // TLS 1.3: a server refusing our certificate has sent its alert and closed; read it.
        if (!timed_out && tls_error.empty()) {
          char ignored[256];
          read_some(ignored, sizeof ignored);
        }
        return false;
      }
      written += static_cast<std::size_t>(n);
    }
    return true;
  }
};

HttpsClient::HttpsClient(ClientOptions options) : options_(std::move(options)) {
  ::signal(SIGPIPE, SIG_IGN);  // a server that hangs up is an error to report, not our end
  options_.limits.message_timeout = options_.read_timeout;
  context_ = std::make_unique<Context>(options_.tls);
}

HttpsClient::~HttpsClient() = default;

void HttpsClient::close() { connection_.reset(); }

HttpsClient::Connection& HttpsClient::connected() {
  if (connection_) return *connection_;
  auto connection = std::make_unique<Connection>();
  connection->fd = tcp_connect(options_.host, options_.port, options_.connect_timeout,
                               options_.read_timeout);
  ++connections_opened_;
  connection->ssl = SSL_new(context_->ssl.get());
  if (!connection->ssl) throw HttpsError(HttpsError::Kind::tls, "cannot make a TLS connection");
  SSL_set_fd(connection->ssl, connection->fd);
  SSL_set_ex_data(connection->ssl, failure_slot(), &connection->failure);
  const std::string& host = options_.host;
  if (!options_.tls.ca_certificate.empty()) {
    X509_VERIFY_PARAM* param = SSL_get0_param(connection->ssl);
    if (is_ip_address(host))
      X509_VERIFY_PARAM_set1_ip_asc(param, host.c_str());
    else
      X509_VERIFY_PARAM_set1_host(param, host.c_str(), 0);
  }
  if (!is_ip_address(host)) SSL_set_tlsext_host_name(connection->ssl, host.c_str());
  errno = 0;
  if (SSL_connect(connection->ssl) != 1) {
    bool timed_out = errno == EAGAIN || errno == EWOULDBLOCK;
    const VerifyFailure& failure = connection->failure;
    std::string errors = ca::openssl_errors();
    if ((failure.error == X509_V_ERR_HOSTNAME_MISMATCH ||
         failure.error == X509_V_ERR_IP_ADDRESS_MISMATCH) && failure.leaf)
      throw HttpsError(HttpsError::Kind::verify, mismatch_message(failure.leaf.get(), host));
    if (failure.error != X509_V_OK)
      throw HttpsError(HttpsError::Kind::verify,
                       std::string("certificate verify failed [") +
                           X509_verify_cert_error_string(failure.error) + " for " +
                           subject_of(failure.failed.get()) + "]");
    if (timed_out) throw HttpsError(HttpsError::Kind::timeout, "TLS handshake timed out");
    // A server refusing our certificate (revoked, unknown CA) ends the handshake with an alert.
    throw HttpsError(HttpsError::Kind::tls,
                     "TLS handshake with " + host + ":" + std::to_string(options_.port) +
                         " failed" + (errors.empty() ? "" : ": " + errors));
  }
  connection->established = true;
  Connection* raw = connection.get();
  connection->reader = std::make_unique<http::HttpReader>(
      [raw](char* buffer, std::size_t size) { return raw->read_some(buffer, size); },
      options_.limits);
  connection_ = std::move(connection);
  return *connection_;
}

http::HttpResponse HttpsClient::request(
    const std::string& method, const std::string& target, const std::string& body,
    const std::vector<std::pair<std::string, std::string>>& headers) {
  const std::string host_header =
      (options_.host.find(':') != std::string::npos ? "[" + options_.host + "]" : options_.host) +
      ":" + std::to_string(options_.port);
  for (int attempt = 0;; ++attempt) {
    bool reused = connection_ && connection_->requests > 0;
    Connection& connection = connected();
    bool stale_retry = reused && attempt == 0;
    if (!connection.write_all(http::serialize_request(method, target, host_header, headers, body,
                                                      true))) {
      bool timed_out = connection.timed_out;
      std::string tls_error = connection.tls_error;
      close();
      if (!tls_error.empty())
        throw HttpsError(HttpsError::Kind::tls, "SSL_write: " + tls_error);
      if (stale_retry && !timed_out) continue;
      throw HttpsError(timed_out ? HttpsError::Kind::timeout : HttpsError::Kind::protocol,
                       "cannot send " + method + " " + target + " to " + options_.host);
    }
    try {
      http::HttpResponse response = connection.reader->next_response(method == "HEAD");
      ++connection.requests;
      if (!response.keep_alive) close();
      return response;
    } catch (const http::HttpReadError& e) {
      bool timed_out = connection.timed_out;
      std::string tls_error = connection.tls_error;
      close();
      if (!tls_error.empty())
        throw HttpsError(HttpsError::Kind::tls, "SSL_read: " + tls_error);
      if (timed_out)
        throw HttpsError(HttpsError::Kind::timeout,
                         "Net::ReadTimeout: no response to " + method + " " + target + " in time");
      if (e.status == 0 && stale_retry) continue;  // the server closed the idle connection
      throw HttpsError(HttpsError::Kind::protocol,
                       e.status == 0 ? "the server closed the connection without answering " +
                                           method + " " + target
                                     : "cannot read the response to " + method + " " + target +
                                           ": " + e.why);
    }
  }
}

Revocation revocation_from_setting(const std::string& setting) {
  if (setting == "false") return Revocation::none;
  if (setting == "leaf") return Revocation::leaf;
  return Revocation::chain;
}

}  // namespace marionette::https_client
