#include <algorithm>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include "cli/command.hpp"
#include "cli/dispatch.hpp"
#include "marionette/version.hpp"

namespace {

void print_overview() {
  std::cout << "Usage: marionette <subcommand> [options]\n\n"
               "A native configuration-management engine that speaks the Puppet language.\n\n"
               "Subcommands:\n";
  std::size_t width = 0;
  for (const auto& c : marionette::cli::commands())
    width = std::max(width, std::strlen(c.name) + 2);
  for (const auto& c : marionette::cli::commands())
    std::cout << "  " << c.name << std::string(width - std::strlen(c.name), ' ') << c.summary
              << "\n";
  std::cout
      << "\n`marionette <subcommand> --help` describes each one; --version prints the version.\n";
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> words(argv + 1, argv + argc);
  if (words.empty() || words[0] == "--help" || words[0] == "-h" || words[0] == "help") {
    if (words.size() >= 2)
      words = {words[1], "--help"};
    else {
      print_overview();
      return 0;
    }
  }
  if (words[0] == "--version" || words[0] == "-V") {
    std::cout << marionette::kVersion << "\n";
    return 0;
  }
  for (const auto& command : marionette::cli::commands())
    if (words[0] == command.name)
      return marionette::cli::run_command(command, {words.begin() + 1, words.end()});
  // puppet bogus: "Error: Unknown Puppet subcommand 'bogus'" and a hint, on stdout, exit 1.
  std::cout << "Error: Unknown marionette subcommand '" << words[0]
            << "'\nSee 'marionette help' for help on available marionette subcommands\n";
  return 1;
}
