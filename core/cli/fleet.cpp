#include "cli/fleet.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <iostream>

#include "cli/run_log.hpp"
#include "paths/private_file.hpp"

namespace marionette::cli {

int exec_fleet(const std::string& subcommand, const std::vector<std::string>& words) {
  std::string path = paths::private_file(kFleetFileName, "MARIONETTE_FLEET").string();
  std::vector<std::string> arguments = {path, subcommand};
  arguments.insert(arguments.end(), words.begin(), words.end());
  std::vector<char*> argv;
  for (auto& argument : arguments) argv.push_back(argument.data());
  argv.push_back(nullptr);
  std::cout.flush();
  std::cerr.flush();
  ::execv(path.c_str(), argv.data());
  print_error("cannot run " + path + ": " + std::strerror(errno) + " (`marionette " + subcommand +
              "` runs in it; is marionette fully installed?)");
  return 1;
}

int run_server_in_fleet(const std::vector<std::string>& words) {
  return exec_fleet("server", words);
}

int run_ca_in_fleet(const std::vector<std::string>& words) {
  return exec_fleet("ca", words);
}

int run_query_in_fleet(const std::vector<std::string>& words) {
  return exec_fleet("query", words);
}

}  // namespace marionette::cli
