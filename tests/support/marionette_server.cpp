#include "support/marionette_server.hpp"

#include <signal.h>

#include <regex>
#include <thread>

namespace marionette::testing {

using namespace std::chrono_literals;

MarionetteServer::MarionetteServer(const std::string& binary, const std::filesystem::path& env,
                                   const std::filesystem::path& dir, std::string alt_names,
                                   std::vector<std::string> extra_args, std::string autosign)
    : dir_(dir) {
  std::vector<std::string> argv = {binary,        "server",
                                   "--env-dir",   env.string(),
                                   "--modulepath", (env / "modules").string(),
                                   "--ssldir",    ssldir().string(),
                                   "--statedir",  statedir().string(),
                                   "--certname",  "server.test",
                                   "--dns-alt-names", alt_names,
                                   "--bindaddress", "127.0.0.1",
                                   "--serverport", "0",
                                   "--autosign",  autosign,
                                   "--keylength", "2048",
                                   "--workers",   "2"};
  argv.insert(argv.end(), extra_args.begin(), extra_args.end());
  process_ = std::make_unique<ChildProcess>(argv, dir / "server.log");
  std::regex listening("listening on 127\\.0\\.0\\.1:([0-9]+)");
  for (int i = 0; i < 300 && port_.empty(); ++i) {
    std::smatch match;
    std::string text = process_->output();
    if (std::regex_search(text, match, listening))
      port_ = match[1];
    else if ((exit_status_ = process_->wait(100ms)))
      break;  // it exited: output() says why
  }
}

MarionetteServer::~MarionetteServer() { stop(); }

int MarionetteServer::stop() {
  if (!exit_status_) {
    process_->signal(SIGTERM);
    exit_status_ = process_->wait(10s).value_or(-1);
  }
  return *exit_status_;
}

}  // namespace marionette::testing
