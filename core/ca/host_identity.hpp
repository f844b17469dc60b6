#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "ca/certificate_authority.hpp"

namespace marionette::ca {

/// A host's own files in Puppet's ssldir layout: its key, its certificate, the CA's certificate
/// and CRL as the agent keeps them.
struct HostFiles {
  std::filesystem::path ssldir;
  std::string certname;
  std::filesystem::path private_key() const {
    return ssldir / "private_keys" / (certname + ".pem");
  }
  std::filesystem::path public_key() const { return ssldir / "public_keys" / (certname + ".pem"); }
  std::filesystem::path certificate() const { return ssldir / "certs" / (certname + ".pem"); }
  std::filesystem::path ca_certificate() const { return ssldir / "certs" / "ca.pem"; }
  std::filesystem::path crl() const { return ssldir / "crl.pem"; }
};

/// Writes one of a host's SSL files, creating its directory: a secret (a private key) mode 0600
/// from the start, anything else atomically. Throws CaError.
void write_host_file(const std::filesystem::path& path, const std::string& text, bool secret);

/// Puppet's dns_alt_names ("puppet, IP:127.0.0.1") as subjectAltName entries ("DNS:puppet",
/// "IP:127.0.0.1"); empty text: puppetserver's default for its own certificate, DNS:puppet and
/// DNS:CERTNAME.
std::vector<std::string> alt_names_from_setting(const std::string& dns_alt_names,
                                                const std::string& certname);

/// The server's own identity, made on first start as puppetserver does: the CA (when missing)
/// issues the server a certificate with `alt_names` and pp_cli_auth "true" (puppetserver's
/// create-master-extensions: the certificate that may use certificate_status); the CA's
/// certificate and CRL are copied beside it. Returns the host's files.
HostFiles ensure_server_identity(CertificateAuthority& ca, const std::filesystem::path& ssldir,
                                 const std::string& certname,
                                 const std::vector<std::string>& alt_names);

}  // namespace marionette::ca
