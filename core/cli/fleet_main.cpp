// marionette-fleet: the subcommands that link OpenSSL, exec'ed by `marionette server|ca` and by
// `marionette agent` with a server (cli/fleet.hpp). Their usage and errors are the main
// executable's, through run_command.
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "cli/command.hpp"
#include "cli/dispatch.hpp"
#include "cli/remote_agent.hpp"

namespace marionette::cli {
daemon::OneRun remote_run_for(const config::AgentConfig& config, const Arguments& args);
}

int main(int argc, char** argv) {
  using Run = int (*)(const std::vector<std::string>&);
  static const std::map<std::string, Run> kFleetCommands = {
      {"server", marionette::cli::run_server},
      {"ca", marionette::cli::run_ca},
      {"query", marionette::cli::run_query},  // PuppetDB's API over HTTPS
      {"agent", marionette::cli::run_agent},  // the agent of a server
  };
  marionette::cli::make_remote_run = marionette::cli::remote_run_for;
  std::vector<std::string> words(argv + 1, argv + argc);
  auto run = words.empty() ? kFleetCommands.end() : kFleetCommands.find(words[0]);
  if (run == kFleetCommands.end()) {
    std::cerr << "marionette-fleet runs `marionette server`, `marionette ca`, `marionette "
                 "query` and `marionette agent --server`: use those\n";
    return 1;
  }
  for (marionette::cli::Command command : marionette::cli::commands()) {
    if (words[0] != command.name) continue;
    command.run = run->second;
    return marionette::cli::run_command(command, {words.begin() + 1, words.end()});
  }
  return 1;
}
