// The agent of a server (`marionette agent --server HOST`), in marionette-fleet: the settings
// of Puppet's agent (server, serverport, ca_server, ca_port, ssldir, certname, keylength,
// dns_alt_names, csr_attributes, waitforcert, maxwaitforcert, certificate_revocation,
// http_connect_timeout, http_read_timeout, runinterval bounding a Retry-After) made into a remote run (remote/remote_run.hpp)
// that the agent loop runs as it runs a local one.
#include "cli/remote_agent.hpp"
#include "cli/settings_from_arguments.hpp"
#include "remote/remote_run.hpp"

namespace marionette::cli {

std::string host_certname(const config::AgentConfig& config);
std::filesystem::path ssldir_of(const config::AgentConfig& config);

daemon::OneRun remote_run_for(const config::AgentConfig& config, const Arguments& args) {
  remote::RemoteSettings remote;
  remote.server = *config.server;
  remote.port = config.serverport;
  remote.connect_timeout = config.http_connect_timeout;
  remote.read_timeout = config.http_read_timeout;
  remote.retries.max_retry_after = config.runinterval;  // as Puppet's agent bounds Retry-After
  remote.retries.reconnect_for = config.http_connect_timeout;
  remote::HostCertificateSettings& certificate = remote.certificate;
  certificate.ssldir = ssldir_of(config);
  certificate.certname = host_certname(config);
  certificate.ca_host = config.ca_server.value_or(remote.server);
  certificate.ca_port = config.ca_port.value_or(remote.port);
  certificate.key_bits = config.keylength;
  certificate.waitforcert = config.waitforcert;
  certificate.maxwaitforcert = config.maxwaitforcert;
  certificate.revocation = https_client::revocation_from_setting(config.certificate_revocation);
  certificate.connect_timeout = remote.connect_timeout;
  certificate.read_timeout = remote.read_timeout;
  certificate.max_retry_after = config.runinterval;
  std::filesystem::path confdir = args.value("confdir").value_or("/etc/marionette");
  std::filesystem::path attributes =
      config.csr_attributes.value_or(confdir / "csr_attributes.yaml");
  certificate.csr_attributes = attributes.string();
  certificate.dns_alt_names = config.dns_alt_names;
  return [remote](const daemon::RunSettings& run, const daemon::RunLog& log,
                  const std::function<void()>& before_apply) {
    daemon::RunSettings settings = run;
    settings.certname = remote.certificate.certname;
    remote::RemoteSettings each = remote;
    each.certificate.stop_requested = run.stop_requested;
    return remote::remote_run(each, settings, log, before_apply);
  };
}

}  // namespace marionette::cli
