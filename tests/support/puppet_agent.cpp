#include "support/puppet_agent.hpp"

namespace marionette::testing {

CommandResult run_puppet_agent(const std::filesystem::path& home, const std::string& certname,
                               const std::string& port, std::chrono::milliseconds timeout,
                               const std::vector<std::string>& extra, const std::string& puppet) {
  std::vector<std::string> argv = {
      puppet, "agent", "-t", "--server", "127.0.0.1", "--serverport", port, "--certname", certname,
      "--confdir", (home / "conf").string(), "--vardir", (home / "var").string(), "--ssldir",
      (home / "ssl").string(), "--codedir", (home / "code").string(), "--logdir",
      (home / "log").string(), "--rundir", (home / "run").string(),
      // OpenVox 8's default is /opt/puppetlabs/puppet/public, whose
      // parent a Debian machine does not have
      "--publicdir", (home / "public").string(), "--keylength", "2048", "--waitforcert", "0",
      "--no-daemonize", "--color", "false"};
  argv.insert(argv.end(), extra.begin(), extra.end());
  return run_command(argv, timeout);
}

}  // namespace marionette::testing
