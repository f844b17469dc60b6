#include "remote/host_certificate.hpp"

#include <fstream>
#include <sstream>
#include <thread>

#include "ca/host_identity.hpp"
#include "ca/openssl_handles.hpp"
#include "remote/server_retries.hpp"

namespace marionette::remote {

namespace fs = std::filesystem;

namespace {

using https_client::HttpsClient;
using https_client::HttpsError;

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

fs::path request_path(const HostCertificateSettings& settings) {
  return settings.ssldir / "certificate_requests" / (settings.certname + ".pem");
}

class StateMachine {
 public:
  StateMachine(const HostCertificateSettings& settings, const Say& say)
      : settings_(settings), say_(say), files_{settings.ssldir, settings.certname} {}

  https_client::TlsSettings run() {
    ensure_ca_certificate();
    ensure_crl();
    ca::KeyPtr key = ensure_key();
    auto deadline = std::chrono::steady_clock::now() + settings_.maxwaitforcert;
    while (!usable_certificate(key.get())) {
      submit_request(key.get());
      if (download_certificate(key.get())) break;
      wait(deadline);
    }
    https_client::TlsSettings tls = trusting();
    tls.certificate = files_.certificate();
    tls.private_key = files_.private_key();
    return tls;
  }

 private:
  std::string url() const {
    return "https://" + settings_.ca_host + ":" + std::to_string(settings_.ca_port) +
           "/puppet-ca/v1";
  }

  https_client::TlsSettings trusting() const {
    https_client::TlsSettings tls;
    tls.ca_certificate = files_.ca_certificate();
    tls.crl = files_.crl();
    tls.revocation = settings_.revocation;
    return tls;
  }

  HttpsClient client(https_client::TlsSettings tls) const {
    https_client::ClientOptions options;
    options.host = settings_.ca_host;
    options.port = settings_.ca_port;
    options.tls = std::move(tls);
    options.connect_timeout = settings_.connect_timeout;
    options.read_timeout = settings_.read_timeout;
    return HttpsClient(options);
  }

  /// One request to the CA, a busy CA's Retry-After waited out as Puppet's HTTP client does;
  /// throws HttpsError as the client does, and CertificateError when stopped or past
  /// retry_limit.
  http::HttpResponse ask(
      https_client::TlsSettings tls, const std::string& method, const std::string& target,
      const std::string& body = "",
      const std::vector<std::pair<std::string, std::string>>& headers = {}) const {
    HttpsClient connection = client(std::move(tls));
    for (int retries = 0;; ++retries) {
      http::HttpResponse response = connection.request(method, target, body, headers);
      if (response.status != 429 && response.status != 503) return response;
      std::optional<long> seconds;
      for (const auto& [name, value] : response.headers)
        if (name == "retry-after") seconds = parse_retry_after(value);
      if (!seconds) return response;
      if (retries >= settings_.retry_limit)
        fail("Too many HTTP retries for https://" + settings_.ca_host + ":" +
             std::to_string(settings_.ca_port) + target);
      long interval = std::min<long>(*seconds, settings_.max_retry_after.count());
      connection.close();
      say_("warning",
           "Sleeping for " + std::to_string(interval) + " seconds before retrying the request");
      pause(std::chrono::seconds(interval));
    }
  }

  /// Waits `time`, ended early (CertificateError) when the agent is asked to stop.
  void pause(std::chrono::seconds time) const {
    auto until = std::chrono::steady_clock::now() + time;
    while (std::chrono::steady_clock::now() < until) {
      if (settings_.stop_requested && settings_.stop_requested())
        throw CertificateError("interrupted while waiting for the certificate");
      std::this_thread::sleep_for(std::min<std::chrono::steady_clock::duration>(
          until - std::chrono::steady_clock::now(), std::chrono::milliseconds(200)));
    }
  }

  void write_file(const fs::path& path, const std::string& text, bool secret) const {
    try {
      ca::write_host_file(path, text, secret);
    } catch (const ca::CaError& e) {
      fail(e.what());
    }
  }

  [[noreturn]] void fail(const std::string& message) const {
    say_("err", message);
    throw CertificateError(message);
  }

  void ensure_ca_certificate() {
    std::error_code error;
    if (fs::exists(files_.ca_certificate(), error)) return;
    http::HttpResponse response;
    try {
      // Puppet's insecure context: nothing to verify the server with yet.
      response = ask({}, "GET", "/puppet-ca/v1/certificate/ca");
    } catch (const HttpsError& e) {
      fail(std::string("Could not download CA certificate: ") + e.what());
    }
    if (response.status == 404) fail("CA certificate is missing from the server");
    if (response.status != 200 || !ca::certificate_from_pem(response.body))
      fail("Could not download CA certificate: the server answered " +
           std::to_string(response.status));
    write_file(files_.ca_certificate(), response.body, false);
    say_("debug", "Downloaded certificate for ca from " + url());
  }

  void ensure_crl() {
    if (settings_.revocation == https_client::Revocation::none) {
      say_("info", "Certificate revocation is disabled, skipping CRL download");
      return;
    }
    std::error_code error;
    bool present = fs::exists(files_.crl(), error);
    if (present) {
      auto age = fs::file_time_type::clock::now() - fs::last_write_time(files_.crl(), error);
      if (error || age < settings_.crl_refresh_interval) return;
      say_("info", "Refreshing CRL");
    }
    https_client::TlsSettings tls = trusting();
    tls.revocation = https_client::Revocation::none;  // the CRL is what we are fetching
    try {
      http::HttpResponse response = ask(tls, "GET", "/puppet-ca/v1/certificate_revocation_list/ca");
      if (response.status == 404 && !present) fail("CRL is missing from the server");
      if (response.status != 200 || !ca::crl_from_pem(response.body))
        throw HttpsError(HttpsError::Kind::protocol,
                         "the server answered " + std::to_string(response.status));
      write_file(files_.crl(), response.body, false);
      if (!present) say_("debug", "Downloaded certificate revocation list for ca from " + url());
    } catch (const HttpsError& e) {
      if (!present) fail(std::string("Could not download CRLs: ") + e.what());
      say_("warning", std::string("Failed to refresh CRL, using existing CRL: ") + e.what());
    }
  }

  ca::KeyPtr ensure_key() {
    std::error_code error;
    if (fs::exists(files_.private_key(), error)) {
      ca::KeyPtr key = ca::private_key_from_pem(read_file(files_.private_key()));
      if (!key)
        fail("Failed to load private key for host '" + settings_.certname + "': not a PEM key");
      return key;
    }
    say_("info", "Creating a new RSA SSL key for " + settings_.certname);
    ca::KeyPtr key = ca::generate_rsa_key(settings_.key_bits);
    write_file(files_.private_key(), ca::private_pem_of(key.get()), true);
    write_file(files_.public_key(), ca::public_pem_of(key.get()), false);
    return key;
  }

  /// The saved certificate, when there is one: it must be for our key.
  bool usable_certificate(EVP_PKEY* key) const {
    std::error_code error;
    if (!fs::exists(files_.certificate(), error)) return false;
    ca::X509Ptr certificate = ca::certificate_from_pem(read_file(files_.certificate()));
    if (!certificate) fail("Failed to parse certificate: " + files_.certificate().string());
    check_matches(certificate.get(), key);
    return true;
  }

  void check_matches(X509* certificate, EVP_PKEY* key) const {
    if (X509_check_private_key(certificate, key) != 1) {
      ca::openssl_errors();
      fail("The certificate for 'CN=" + ca::common_name(X509_get_subject_name(certificate)) +
           "' does not match its private key");
    }
  }

  void submit_request(EVP_PKEY* key) {
    ca::X509ReqPtr request;
    try {
      RequestContents contents;
      if (!settings_.csr_attributes.empty()) {
        say_("info", "csr_attributes file loading from " + settings_.csr_attributes);
        contents = read_csr_attributes(settings_.csr_attributes);
      }
      contents.dns_alt_names = settings_.dns_alt_names;
      say_("info", "Creating a new SSL certificate request for " + settings_.certname);
      request = make_certificate_request(settings_.certname, key, contents);
    } catch (const ca::CaError& e) {
      fail(e.what());
    }
    say_("info",
         "Certificate Request fingerprint (SHA256): " + ca::sha256_fingerprint(request.get()));
    std::string pem = ca::pem_of(request.get());
    http::HttpResponse response;
    try {
      response =
          ask(trusting(), "PUT",
              "/puppet-ca/v1/certificate_request/" + settings_.certname + "?environment=production",
              pem, {{"Content-Type", "text/plain"}, {"Accept", "text/plain"}});
    } catch (const HttpsError& e) {
      fail(std::string("Failed to submit the CSR: ") + e.what());
    }
    // 400: the CA has a request or a certificate for us already; go and fetch it.
    if (response.status != 200 && response.status != 400)
      fail("Failed to submit the CSR, HTTP response was " + std::to_string(response.status));
    write_file(request_path(settings_), pem, false);
  }

  bool download_certificate(EVP_PKEY* key) {
    http::HttpResponse response;
    try {
      response = ask(trusting(), "GET",
                     "/puppet-ca/v1/certificate/" + settings_.certname + "?environment=production",
                     "", {{"Accept", "text/plain"}});
    } catch (const HttpsError& e) {
      fail("Failed to retrieve certificate for " + settings_.certname + ": " + e.what());
    }
    if (response.status == 404) {
      say_("info", "Certificate for " + settings_.certname + " has not been signed yet");
      say_("plain",
           "Couldn't fetch certificate from CA server; you might still need to sign "
           "this agent's certificate (" +
               settings_.certname + ").");
      return false;
    }
    if (response.status != 200)
      fail("Failed to retrieve certificate for " + settings_.certname + ": " +
           http::reason_phrase(response.status));
    ca::X509Ptr certificate = ca::certificate_from_pem(response.body);
    if (!certificate) fail("Failed to parse certificate: not a PEM certificate");
    check_matches(certificate.get(), key);
    write_file(files_.certificate(), response.body, false);
    std::error_code ignored;
    fs::remove(request_path(settings_), ignored);
    say_("info", "Downloaded certificate for " + settings_.certname + " from " + url());
    return true;
  }

  void wait(std::chrono::steady_clock::time_point deadline) {
    const auto time = settings_.waitforcert;
    if (time.count() < 1) fail("Exiting now because the waitforcert setting is set to 0.");
    if (settings_.maxwaitforcert.count() > 0 && std::chrono::steady_clock::now() > deadline)
      fail(
          "Couldn't fetch certificate from CA server; you might still need to sign this "
          "agent's certificate (" +
          settings_.certname +
          "). Exiting now because the maxwaitforcert timeout has been exceeded.");
    say_("info", "Will try again in " + std::to_string(time.count()) + " seconds.");
    pause(time);
  }

  const HostCertificateSettings& settings_;
  const Say& say_;
  ca::HostFiles files_;
};

}  // namespace

https_client::TlsSettings ensure_host_certificate(const HostCertificateSettings& settings,
                                                  const Say& say) {
  return StateMachine(settings, say).run();
}

}  // namespace marionette::remote
