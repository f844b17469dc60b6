#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "support/child_process.hpp"

namespace marionette::testing {

/// `marionette server` on 127.0.0.1 and a port of its choosing, for tests of its clients:
/// serves ENV (an environment directory with manifests/ and modules/) from SSLDIR as
/// server.test (alt names localhost and 127.0.0.1 unless `alt_names` says otherwise), autosign
/// on unless `autosign` says otherwise, 2048-bit keys. The constructor waits (30 s at most) until it listens; the destructor
/// stops it.
class MarionetteServer {
 public:
  MarionetteServer(const std::string& binary, const std::filesystem::path& env,
                   const std::filesystem::path& dir,
                   std::string alt_names = "localhost,IP:127.0.0.1",
                   std::vector<std::string> extra_args = {}, std::string autosign = "true");
  ~MarionetteServer();

  /// Empty when it did not start; output() says why.
  const std::string& port() const { return port_; }
  std::string output() const { return process_->output(); }
  pid_t pid() const { return process_->pid(); }
  std::filesystem::path ssldir() const { return dir_ / "server-ssl"; }
  std::filesystem::path statedir() const { return dir_ / "server-state"; }
  std::filesystem::path ca_certificate() const { return ssldir() / "ca" / "ca_crt.pem"; }
  std::filesystem::path crl() const { return ssldir() / "ca" / "ca_crl.pem"; }
  /// Ends it with SIGTERM; its exit status (-1 when it had to be killed).
  int stop();

 private:
  std::filesystem::path dir_;
  std::unique_ptr<ChildProcess> process_;
  std::string port_;
  std::optional<int> exit_status_;
};

}  // namespace marionette::testing
