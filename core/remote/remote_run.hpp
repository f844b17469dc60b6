#pragma once

#include <chrono>
#include <functional>
#include <string>

#include "daemon/run_once.hpp"
#include "remote/host_certificate.hpp"
#include "remote/server_retries.hpp"

namespace marionette::remote {

/// Where the agent's server is and how the host gets its certificate.
struct RemoteSettings {
  std::string server;
  int port = 8140;
  HostCertificateSettings certificate;  ///< its ca_host/ca_port: Puppet's ca_server, ca_port
  std::chrono::milliseconds connect_timeout{120'000};
  std::chrono::milliseconds read_timeout{600'000};
  RetrySettings retries;  ///< its max_retry_after: Puppet's runinterval
};

/// "Error 500 on SERVER: MESSAGE" as Puppet's REST terminus words a failed response: the JSON
/// body's message, else the body, else the reason phrase.
std::string server_error(int status, const std::string& content_type, const std::string& body);

/// One agent run against a server, as Puppet's configurer does it: the host's certificate
/// (Puppet's SSL state machine), the facts (native or --facts), the node (whose environment
/// wins), the catalog POSTed for with the facts and cached in the state dir (when the server
/// fails, the cached catalog is applied if use_cache_on_failure allows), its puppet:///
/// sources fetched, applied with the transaction code, the report PUT to the server.
/// `run`'s environment is the agent's; its env_dir and modulepath are not used.
daemon::RunOutcome remote_run(const RemoteSettings& remote, const daemon::RunSettings& run,
                              const daemon::RunLog& log,
                              const std::function<void()>& before_apply);

}  // namespace marionette::remote
