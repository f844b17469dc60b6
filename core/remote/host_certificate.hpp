#pragma once

#include <chrono>
#include <filesystem>
#include <functional>
#include <stdexcept>
#include <string>

#include "https_client/https_client.hpp"
#include "remote/certificate_request.hpp"

namespace marionette::remote {

/// Log sink: Puppet's levels (debug, info, notice, warning, err), and "plain" for what Puppet
/// prints on stdout as it is.
using Say = std::function<void(const std::string& level, const std::string& message)>;

/// Where and how a host gets its certificate (Puppet's ssldir, certname, ca_server, keylength,
/// dns_alt_names, csr_attributes, waitforcert, maxwaitforcert, certificate_revocation).
struct HostCertificateSettings {
  std::filesystem::path ssldir;
  std::string certname;
  std::string ca_host;
  int ca_port = 8140;
  int key_bits = 4096;
  std::string dns_alt_names;  ///< Puppet's dns_alt_names: the CSR asks for them
  /// csr_attributes.yaml, read when a CSR is made (as Puppet's agent does); empty: none.
  std::string csr_attributes;
  std::chrono::seconds waitforcert{120};
  std::chrono::seconds maxwaitforcert{0};  ///< 0: unlimited
  https_client::Revocation revocation = https_client::Revocation::chain;
  std::chrono::seconds crl_refresh_interval{24 * 3600};
  std::chrono::milliseconds connect_timeout{120'000};
  std::chrono::milliseconds read_timeout{600'000};
  std::function<bool()> stop_requested;  ///< asked while waiting for the certificate
  /// A busy CA's 429/503 Retry-After is waited out, up to this long each time, as Puppet's
  /// HTTP client does for every request (its agent bounds it by runinterval).
  std::chrono::seconds max_retry_after{1800};
  int retry_limit = 100;  ///< Puppet::HTTP::Client's retry_limit
};

/// The host cannot get a usable certificate: what() was already said through Say (or is to be
/// said, at err), and Puppet's agent exits 1.
class CertificateError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Puppet's SSL state machine: the CA's certificate (downloaded unverified the first time, as
/// Puppet does), its CRL, the host's key (made when missing), a CSR submitted and the signed
/// certificate downloaded, waiting `waitforcert` between tries; a 429 or 503 with Retry-After
/// is waited out and the request sent again ("Sleeping for N seconds before retrying the
/// request"). Returns the files a client presents and trusts. Throws CertificateError.
https_client::TlsSettings ensure_host_certificate(const HostCertificateSettings& settings,
                                                 const Say& say);

}  // namespace marionette::remote
