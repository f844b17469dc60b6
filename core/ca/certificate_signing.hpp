#pragma once

// How the CA builds certificates and CRLs as puppetserver does (its extensions, validity from a
// day ago, SHA-256 signatures). Internal to core/ca.

#include <chrono>
#include <string>
#include <vector>

#include "ca/openssl_handles.hpp"

namespace marionette::ca {

/// The self-signed CA certificate, subject CN=`name`, serial 1, CA extensions.
X509Ptr make_ca_certificate(EVP_PKEY* key, const std::string& name, std::chrono::seconds ttl);

/// A certificate for `request`'s key, issued by the CA as puppetserver issues it: subject
/// CN=`name` alone (whatever else the request's subject holds), puppetserver's extensions for
/// agents and servers, the request's signable Puppet extensions (ca/csr_policy.hpp), when
/// `alt_names` is not empty a subjectAltName of them ("DNS:x", "IP:1.2.3.4"), and when
/// `ca_client` pp_cli_auth "true" (the server's own certificate, `ca generate --ca-client`).
X509Ptr issue_certificate(X509_REQ* request, const std::string& name, X509* ca_certificate,
                          EVP_PKEY* ca_key, long serial, const std::vector<std::string>& alt_names,
                          std::chrono::seconds ttl, bool ca_client = false);

/// A CSR for CN=`name` signed by `key` (for `ca generate` and the server's own certificate).
X509ReqPtr make_request(EVP_PKEY* key, const std::string& name);

/// The request's subjectAltName entries ("DNS:x", "IP:1.2.3.4"); empty without one.
std::vector<std::string> requested_alt_names(X509_REQ* request);
/// The certificate's subjectAltName entries, as above.
std::vector<std::string> certificate_alt_names(X509* certificate);

/// The CRL issued by the CA with `revoked` serials (each with its revocation time), CRL number
/// `number`.
struct RevokedSerial {
  long serial;
  std::int64_t revoked_at;  ///< seconds since the epoch
};
X509CrlPtr make_crl(X509* ca_certificate, EVP_PKEY* ca_key, const std::vector<RevokedSerial>& revoked,
                    long number, std::chrono::seconds ttl);
/// The serials of a CRL with their revocation times.
std::vector<RevokedSerial> revoked_in(X509_CRL* crl);
/// The CRL's number extension (0 without one).
long crl_number(X509_CRL* crl);

}  // namespace marionette::ca
