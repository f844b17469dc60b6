#include "server/tls.hpp"

#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>

#include <algorithm>
#include <cstring>
#include <map>

#include "ca/openssl_handles.hpp"
#include "ca/puppet_oids.hpp"

namespace marionette::server {

namespace fs = std::filesystem;

namespace {

/// An extension's value as Puppet gives it to $trusted: the string inside a DER string, else
/// the raw bytes.
std::string extension_value(X509_EXTENSION* extension) {
  const ASN1_OCTET_STRING* data = X509_EXTENSION_get_data(extension);
  const unsigned char* bytes = ASN1_STRING_get0_data(data);
  long length = ASN1_STRING_length(data);
  const unsigned char* cursor = bytes;
  ASN1_STRING* inner = d2i_ASN1_UTF8STRING(nullptr, &cursor, length);
  if (!inner) {
    ERR_clear_error();
    cursor = bytes;
    inner = reinterpret_cast<ASN1_STRING*>(d2i_ASN1_PRINTABLESTRING(nullptr, &cursor, length));
  }
  if (!inner) {
    ERR_clear_error();
    cursor = bytes;
    inner = reinterpret_cast<ASN1_STRING*>(d2i_ASN1_IA5STRING(nullptr, &cursor, length));
  }
  ERR_clear_error();
  if (inner) {
    std::string text(reinterpret_cast<const char*>(ASN1_STRING_get0_data(inner)),
                     static_cast<std::size_t>(ASN1_STRING_length(inner)));
    ASN1_STRING_free(inner);
    return text;
  }
  return std::string(reinterpret_cast<const char*>(bytes), static_cast<std::size_t>(length));
}

}  // namespace

TlsContext::TlsContext(TlsFiles files) : files_(std::move(files)) { current(); }

std::shared_ptr<SSL_CTX> TlsContext::build() const {
  std::shared_ptr<SSL_CTX> context(SSL_CTX_new(TLS_server_method()), SSL_CTX_free);
  if (!context) ca::throw_openssl("cannot make a TLS context");
  SSL_CTX_set_min_proto_version(context.get(), TLS1_2_VERSION);
  if (SSL_CTX_use_certificate_chain_file(context.get(), files_.certificate.c_str()) != 1 ||
      SSL_CTX_use_PrivateKey_file(context.get(), files_.private_key.c_str(), SSL_FILETYPE_PEM) !=
          1 ||
      SSL_CTX_check_private_key(context.get()) != 1)
    ca::throw_openssl("cannot use the server's certificate " + files_.certificate.string());
  if (SSL_CTX_load_verify_locations(context.get(), files_.ca_certificate.c_str(), nullptr) != 1)
    ca::throw_openssl("cannot read the CA certificate " + files_.ca_certificate.string());
  X509_STORE* store = SSL_CTX_get_cert_store(context.get());
  if (X509_STORE_load_file(store, files_.crl.c_str()) != 1)
    ca::throw_openssl("cannot read the CRL " + files_.crl.string());
  X509_STORE_set_flags(store, X509_V_FLAG_CRL_CHECK);
  // Clients may come without a certificate (to get one); one that is sent must verify.
  SSL_CTX_set_verify(context.get(), SSL_VERIFY_PEER, nullptr);
  SSL_CTX_set_verify_depth(context.get(), 4);
  // The client CAs a TLS client sees named: ours.
  SSL_CTX_set_client_CA_list(context.get(), SSL_load_client_CA_file(files_.ca_certificate.c_str()));
  SSL_CTX_set_session_cache_mode(context.get(), SSL_SESS_CACHE_OFF);
  SSL_CTX_set_options(context.get(), SSL_OP_NO_TICKET);
  ERR_clear_error();
  return context;
}

std::shared_ptr<SSL_CTX> TlsContext::current() {
  std::error_code error;
  auto time = fs::last_write_time(files_.crl, error);
  auto size = fs::file_size(files_.crl, error);
  std::lock_guard<std::mutex> lock(mutex_);
  if (!context_ || (!error && (time != crl_time_ || size != crl_size_))) {
    context_ = build();
    crl_time_ = time;
    crl_size_ = size;
  }
  return context_;
}

void TlsContext::reload() {
  std::error_code error;
  auto time = fs::last_write_time(files_.crl, error);
  auto size = fs::file_size(files_.crl, error);
  std::shared_ptr<SSL_CTX> fresh = build();
  std::lock_guard<std::mutex> lock(mutex_);
  context_ = std::move(fresh);
  crl_time_ = time;
  crl_size_ = size;
}

TlsConnection::TlsConnection(int fd, std::shared_ptr<SSL_CTX> context)
    : context_(std::move(context)), ssl_(SSL_new(context_.get())) {
  if (!ssl_) return;
  SSL_set_fd(ssl_, fd);
  SSL_set_mode(ssl_, SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER);
  SSL_set_options(ssl_, SSL_OP_NO_RENEGOTIATION);
}

TlsConnection::~TlsConnection() {
  if (ssl_) {
    if (established_) SSL_shutdown(ssl_);  // one try: the socket does not block
    SSL_free(ssl_);
  }
  ERR_clear_error();
}

TlsWait TlsConnection::wait_for(int result) {
  int reason = SSL_get_error(ssl_, result);
  ERR_clear_error();
  switch (reason) {
    case SSL_ERROR_WANT_READ: return TlsWait::readable;
    case SSL_ERROR_WANT_WRITE: return TlsWait::writable;
    case SSL_ERROR_ZERO_RETURN: return TlsWait::closed;
    default:
      established_ = false;  // after a fatal error no close_notify may be sent
      return TlsWait::failed;
  }
}

TlsWait TlsConnection::handshake(std::string& why) {
  if (!ssl_) {
    why = "cannot make a TLS connection";
    return TlsWait::failed;
  }
  int result = SSL_accept(ssl_);
  if (result == 1) {
    established_ = true;
    return TlsWait::none;
  }
  int reason = SSL_get_error(ssl_, result);
  if (reason == SSL_ERROR_WANT_READ || reason == SSL_ERROR_WANT_WRITE) {
    ERR_clear_error();
    return reason == SSL_ERROR_WANT_READ ? TlsWait::readable : TlsWait::writable;
  }
  long verify = SSL_get_verify_result(ssl_);
  why = verify != X509_V_OK ? X509_verify_cert_error_string(verify) : "TLS handshake failed";
  unsigned long code = ERR_get_error();
  if (code && verify == X509_V_OK) {
    char text[256];
    ERR_error_string_n(code, text, sizeof text);
    why = text;
  }
  ERR_clear_error();
  return TlsWait::failed;
}

TlsWait TlsConnection::read_some(char* buffer, std::size_t size, std::size_t& got) {
  got = 0;
  int result = SSL_read(ssl_, buffer, static_cast<int>(size));
  if (result > 0) {
    got = static_cast<std::size_t>(result);
    return TlsWait::none;
  }
  return wait_for(result);
}

TlsWait TlsConnection::write_some(const char* bytes, std::size_t size, std::size_t& put) {
  put = 0;
  int result = SSL_write(ssl_, bytes, static_cast<int>(std::min<std::size_t>(size, 1 << 30)));
  if (result > 0) {
    put = static_cast<std::size_t>(result);
    return TlsWait::none;
  }
  return wait_for(result);
}

PeerIdentity TlsConnection::peer() const {
  PeerIdentity identity;
  X509* certificate = SSL_get0_peer_certificate(ssl_);
  if (!certificate || SSL_get_verify_result(ssl_) != X509_V_OK) return identity;
  identity.authenticated = true;
  identity.certname = ca::common_name(X509_get_subject_name(certificate));
  for (int i = 0; i < X509_get_ext_count(certificate); ++i) {
    X509_EXTENSION* extension = X509_get_ext(certificate, i);
    char oid[128];
    OBJ_obj2txt(oid, sizeof oid, X509_EXTENSION_get_object(extension), 1);
    if (std::strncmp(oid, "1.3.6.1.4.1.34380.1.", 20) != 0) continue;
    const char* name = ca::puppet_extension_name(oid);
    identity.extensions[name ? name : oid] = extension_value(extension);
  }
  return identity;
}

}  // namespace marionette::server
