#include "server/crl_refresher.hpp"

#include <openssl/x509.h>

#include <stdexcept>

#include "ca/openssl_handles.hpp"
#include "https_client/https_client.hpp"
#include "storage/durable_file.hpp"

namespace marionette::server {

namespace {

std::string read_text(const std::filesystem::path& path) {
  std::string text, error;
  if (!storage::read_file(path, &text, &error)) throw std::runtime_error(error);
  return text;
}

/// Whether `pem` is a CRL signed by the CA whose certificate is `ca_pem`.
bool signed_by_ca(const std::string& pem, const std::string& ca_pem) {
  ca::X509CrlPtr crl = ca::crl_from_pem(pem);
  ca::X509Ptr authority = ca::certificate_from_pem(ca_pem);
  return crl && authority && X509_CRL_verify(crl.get(), X509_get0_pubkey(authority.get())) == 1;
}

}  // namespace

CrlRefresher::CrlRefresher(ca::HostFiles host, CrlSource source,
                           std::function<void(const std::string&)> log)
    : host_(std::move(host)), source_(std::move(source)), log_(std::move(log)) {
  if (!log_) log_ = [](const std::string&) {};
  thread_ = std::thread([this] { run(); });
}

CrlRefresher::~CrlRefresher() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

bool CrlRefresher::refresh_once() {
  https_client::ClientOptions options;
  options.host = source_.ca_server;
  options.port = source_.ca_port;
  options.tls.ca_certificate = host_.ca_certificate();
  options.tls.crl = host_.crl();
  options.tls.certificate = host_.certificate();
  options.tls.private_key = host_.private_key();
  options.connect_timeout = std::chrono::seconds(10);
  options.read_timeout = std::chrono::seconds(30);
  https_client::HttpsClient client(options);
  http::HttpResponse answer = client.request("GET", "/puppet-ca/v1/certificate_revocation_list/ca",
                                             "", {{"Accept", "text/plain"}});
  if (answer.status != 200)
    throw std::runtime_error("the CA answered " + std::to_string(answer.status));
  if (!signed_by_ca(answer.body, read_text(host_.ca_certificate())))
    throw std::runtime_error("the CA's answer is not a CRL it signed");
  if (answer.body == read_text(host_.crl())) return false;
  std::string error;
  if (!storage::write_file_atomically(host_.crl(), answer.body, &error))
    throw std::runtime_error(error);
  return true;
}

void CrlRefresher::refresh_soon() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    refresh_requested_ = true;
  }
  wake_.notify_all();
}

void CrlRefresher::run() {
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    // The interval ran out, or refresh_soon() asked, or the refresher stops.
    wake_.wait_for(lock, source_.interval, [this] { return stopping_ || refresh_requested_; });
    if (stopping_) return;
    refresh_requested_ = false;
    lock.unlock();
    const std::string from = source_.ca_server + ":" + std::to_string(source_.ca_port);
    try {
      if (refresh_once()) log_("Refreshed the CRL from " + from);
    } catch (const std::exception& e) {
      log_("Could not refresh the CRL from " + from + ": " + e.what());
    }
    lock.lock();
  }
}

}  // namespace marionette::server
