#pragma once

#include <functional>
#include <string>

#include "config/agent_config.hpp"
#include "server/https_server.hpp"

namespace marionette::cli {

/// A compile server (ca = false) that lacks its key, its certificate, the CA's certificate or
/// the CRL gets them from the CA server before it serves, as `puppet ssl bootstrap` does on
/// puppetserver's compilers: the CA's certificate and CRL downloaded, a key made, a CSR with
/// dns_alt_names and csr_attributes submitted to ca_server:ca_port, the signed certificate
/// fetched, waiting `waitforcert` between tries (autosign, or `marionette ca sign` at the CA).
/// Nothing is asked when the files are there. `stop_requested` ends the wait (a SIGTERM).
/// Throws std::runtime_error saying why when the certificate cannot be had.
void bootstrap_compile_server(const config::AgentConfig& config,
                              const server::ServerSettings& settings,
                              const std::string& csr_attributes, bool verbose,
                              const std::function<bool()>& stop_requested);

}  // namespace marionette::cli
