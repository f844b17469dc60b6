#pragma once

// OpenSSL objects owned by std::unique_ptr, PEM in and out, and OpenSSL's error queue as text.
// Only core/ca, core/server and core/https_client include OpenSSL's headers.

#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

#include <memory>
#include <stdexcept>
#include <string>

namespace marionette::ca {

template <auto Free>
struct OpenSslDeleter {
  template <typename T>
  void operator()(T* object) const {
    Free(object);
  }
};

using X509Ptr = std::unique_ptr<X509, OpenSslDeleter<X509_free>>;
using X509ReqPtr = std::unique_ptr<X509_REQ, OpenSslDeleter<X509_REQ_free>>;
using X509CrlPtr = std::unique_ptr<X509_CRL, OpenSslDeleter<X509_CRL_free>>;
using KeyPtr = std::unique_ptr<EVP_PKEY, OpenSslDeleter<EVP_PKEY_free>>;
using BioPtr = std::unique_ptr<BIO, OpenSslDeleter<BIO_free_all>>;
using ExtensionPtr = std::unique_ptr<X509_EXTENSION, OpenSslDeleter<X509_EXTENSION_free>>;
inline void free_extensions(STACK_OF(X509_EXTENSION) * extensions) {
  sk_X509_EXTENSION_pop_free(extensions, X509_EXTENSION_free);
}
using ExtensionsPtr = std::unique_ptr<STACK_OF(X509_EXTENSION), OpenSslDeleter<free_extensions>>;

/// A failure of the CA: what() says what could not be done and, when OpenSSL knows, why.
class CaError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// `what`, then OpenSSL's queued errors (the queue is emptied).
[[noreturn]] void throw_openssl(const std::string& what);
/// OpenSSL's queued errors, "; "-separated ("" when none); the queue is emptied.
std::string openssl_errors();

X509Ptr certificate_from_pem(const std::string& pem);      ///< nullptr when it is not one
X509ReqPtr request_from_pem(const std::string& pem);       ///< nullptr when it is not one
X509CrlPtr crl_from_pem(const std::string& pem);           ///< nullptr when it is not one
KeyPtr private_key_from_pem(const std::string& pem);       ///< nullptr when it is not one
std::string pem_of(X509* certificate);
std::string pem_of(X509_REQ* request);
std::string pem_of(X509_CRL* crl);
std::string private_pem_of(EVP_PKEY* key);
std::string public_pem_of(EVP_PKEY* key);

/// A new RSA key of `bits` bits (Puppet's keylength, 4096 by default).
KeyPtr generate_rsa_key(int bits);

/// The subject's CN ("" when it has none).
std::string common_name(X509_NAME* name);

/// The SHA-256 fingerprint as puppetserver prints it: "AB:CD:…".
std::string sha256_fingerprint(X509* certificate);
std::string sha256_fingerprint(X509_REQ* request);

/// The subjectAltName entries as OpenSSL prints them: "DNS:puppet", "IP Address:127.0.0.1".
std::string alt_names_text(const X509_EXTENSION* extension);

}  // namespace marionette::ca
