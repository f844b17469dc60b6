#include "cli/compile_server_bootstrap.hpp"

#include <iostream>

#include "ca/host_identity.hpp"
#include "remote/host_certificate.hpp"

namespace marionette::cli {

namespace {

bool has_identity(const ca::HostFiles& host) {
  std::error_code error;
  for (const std::filesystem::path& file :
       {host.private_key(), host.certificate(), host.ca_certificate(), host.crl()})
    if (!std::filesystem::is_regular_file(file, error)) return false;
  return true;
}

/// The state machine's lines as the server prints its own: notices and the waiting message on
/// stdout, warnings and errors on stderr, info and debug with --verbose.
void say(bool verbose, const std::string& level, const std::string& message) {
  if (level == "plain" || level == "notice") {
    std::cout << (level == "notice" ? "Notice: " : "") << message << std::endl;
  } else if (level == "warning" || level == "err") {
    std::cerr << (level == "err" ? "Error: " : "Warning: ") << message << std::endl;
  } else if (verbose) {
    std::cout << (level == "debug" ? "Debug: " : "Info: ") << message << std::endl;
  }
}

}  // namespace

void bootstrap_compile_server(const config::AgentConfig& config,
                              const server::ServerSettings& settings,
                              const std::string& csr_attributes, bool verbose,
                              const std::function<bool()>& stop_requested) {
  if (settings.certificate_authority || has_identity({settings.ssldir, settings.certname})) return;
  remote::HostCertificateSettings certificate;
  certificate.ssldir = settings.ssldir;
  certificate.certname = settings.certname;
  certificate.ca_host = settings.ca_server;
  certificate.ca_port = settings.ca_port;
  certificate.key_bits = config.keylength;
  certificate.dns_alt_names = config.dns_alt_names;
  certificate.csr_attributes = csr_attributes;
  certificate.waitforcert = config.waitforcert;
  certificate.maxwaitforcert = config.maxwaitforcert;
  // The server's TLS context checks clients against the CRL: it must have one.
  certificate.revocation = https_client::Revocation::chain;
  certificate.connect_timeout = config.http_connect_timeout;
  certificate.read_timeout = config.http_read_timeout;
  certificate.stop_requested = stop_requested;
  std::cout << "Notice: " << settings.certname << " has no certificate yet; asking the CA at "
            << settings.ca_server << ":" << settings.ca_port << " for one" << std::endl;
  try {
    remote::ensure_host_certificate(
        certificate, [verbose](const std::string& level, const std::string& message) {
          if (level != "err") say(verbose, level, message);  // err is thrown, and printed once
        });
  } catch (const remote::CertificateError& e) {
    throw std::runtime_error(std::string("could not get this compile server's certificate: ") +
                             e.what());
  }
  std::cout << "Notice: Got the certificate of " << settings.certname << " from "
            << settings.ca_server << ":" << settings.ca_port << std::endl;
}

}  // namespace marionette::cli
