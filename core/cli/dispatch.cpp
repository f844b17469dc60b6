#include "cli/dispatch.hpp"

#include <exception>
#include <iostream>

#include "cli/arguments.hpp"
#include "cli/run_log.hpp"
#include "compiler/ruby_workers.hpp"
#include "lang/diagnostic.hpp"

namespace marionette::cli {

namespace {

bool asks_for_help(const std::vector<std::string>& words) {
  for (const auto& w : words) {
    if (w == "--") return false;
    if (w == "--help" || w == "-h") return true;
  }
  return false;
}

}  // namespace

int run_command(const Command& command, const std::vector<std::string>& rest) {
  if (asks_for_help(rest)) {
    std::cout << command.usage;
    return 0;
  }
  try {
    return command.run(rest);
  } catch (const OptionParseError& e) {
    print_error(e.what());  // Puppet's one line, nothing after it
    return 1;
  } catch (const UsageError& e) {
    print_error(std::string(e.what()) + "\nTry 'marionette " + command.name + " --help'.");
    return 1;  // Puppet exits 1 on every usage error
  } catch (const lang::SourceError& e) {
    // A manifest's, a YAML or JSON file's: `file:line:column: error: …`, its line and a caret.
    std::cerr << lang::render(e);
    return 1;
  } catch (const std::exception& e) {
    print_error(e.what());  // e.g. an environment that does not exist
    return 1;
  } catch (const compiler::RubyExit& exit) {
    return exit.status;  // a module's Ruby called exit N: Puppet ends with N, silently
  }
}

}  // namespace marionette::cli
