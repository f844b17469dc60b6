#pragma once

#include <string>
#include <vector>

namespace marionette::cli {

/// One subcommand of `marionette`. run() returns the process exit code.
struct Command {
  const char* name;
  const char* summary;
  const char* usage;  ///< the full --help text
  int (*run)(const std::vector<std::string>& words);
};

const std::vector<Command>& commands();

int run_compile(const std::vector<std::string>& words);
int run_apply(const std::vector<std::string>& words);
int run_agent(const std::vector<std::string>& words);
int run_facts(const std::vector<std::string>& words);
int run_resource(const std::vector<std::string>& words);
int run_parser(const std::vector<std::string>& words);
int run_status(const std::vector<std::string>& words);
int run_lookup(const std::vector<std::string>& words);
int run_yamlresource(const std::vector<std::string>& words);
int run_mgmtgraph(const std::vector<std::string>& words);
int run_config(const std::vector<std::string>& words);
/// Defined in marionette-fleet only; the main executable execs it (cli/fleet.hpp).
int run_server(const std::vector<std::string>& words);
int run_ca(const std::vector<std::string>& words);
int run_query(const std::vector<std::string>& words);

}  // namespace marionette::cli
