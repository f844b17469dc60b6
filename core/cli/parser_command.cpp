#include <iostream>
#include <string>
#include <vector>

#include "cli/arguments.hpp"
#include "cli/command.hpp"
#include "lang/ast/dump.hpp"
#include "lang/diagnostic.hpp"
#include "lang/parser.hpp"

namespace marionette::cli {

namespace {

bool is_template(const std::string& path) {
  return path.size() > 4 && path.compare(path.size() - 4, 4, ".epp") == 0;
}

/// Parses one file (a template when it ends in .epp); prints the error and returns false when
/// it does not parse. With `dump`, prints its tree, one top-level statement a line.
bool parse_file(const std::string& path, bool dump) {
  try {
    auto source = lang::read_source(path);
    lang::ast::Arena arena;
    if (is_template(path)) {
      auto program = lang::parse_epp(source, arena);
      if (dump) std::cout << lang::ast::dump_statements(program.root) << "\n";
    } else {
      auto program = lang::parse(source, arena);
      if (dump) std::cout << lang::ast::dump_statements(program.body) << "\n";
    }
    return true;
  } catch (const lang::SourceError& e) {
    std::cerr << lang::render(e);
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
  }
  return false;
}

}  // namespace

int run_parser(const std::vector<std::string>& words) {
  if (words.empty()) throw UsageError("parser needs an action: validate or dump");
  const std::string& action = words[0];
  Arguments arguments(std::vector<std::string>(words.begin() + 1, words.end()), {}, {});
  const auto& files = arguments.positionals();
  if (action == "validate") {
    if (files.empty()) throw UsageError("parser validate needs at least one FILE");
    bool all_good = true;
    for (const auto& file : files) all_good = parse_file(file, false) && all_good;
    return all_good ? 0 : 1;
  }
  if (action == "dump") {
    if (files.size() != 1) throw UsageError("parser dump needs exactly one FILE");
    return parse_file(files[0], true) ? 0 : 1;
  }
  throw UsageError("unknown parser action '" + action + "' (validate or dump)");
}

}  // namespace marionette::cli
