#include <iostream>
#include <string>
#include <vector>

#include "cli/arguments.hpp"
#include "cli/command.hpp"
#include "compiler/ruby_type_reader.hpp"
#include "lang/ast/dump.hpp"
#include "lang/diagnostic.hpp"
#include "lang/parser.hpp"

namespace marionette::cli {

namespace {

bool is_template(const std::string& path) {
  return path.size() > 4 && path.compare(path.size() - 4, 4, ".epp") == 0;
}

bool is_ruby_type(const std::string& path) {
  return path.size() > 3 && path.compare(path.size() - 3, 3, ".rb") == 0;
}

/// A type file (lib/puppet/type/NAME.rb) as the compiler reads it: its attributes, key
/// attributes and title patterns.
void dump_type(const compiler::ResourceTypeDefinition& type) {
  auto list = [](const std::vector<std::string>& names) {
    std::string text;
    for (const std::string& name : names) text += (text.empty() ? "" : ", ") + name;
    return text;
  };
  std::cout << "type " << type.name << "\n"
            << "attributes: " << list(type.attributes) << "\n"
            << "key attributes: " << list(type.key_attributes) << "\n";
  for (const auto& pattern : type.title_patterns)
    std::cout << "title pattern: /" << pattern.regex << "/" << (pattern.ignore_case ? "i" : "")
              << " => " << list(pattern.captures) << "\n";
}

/// Parses one file (a template when it ends in .epp, a resource type when it ends in .rb);
/// prints the error and returns false when it does not parse. With `dump`, prints its tree,
/// one top-level statement a line.
bool parse_file(const std::string& path, bool dump) {
  try {
    auto source = lang::read_source(path);
    lang::ast::Arena arena;
    if (is_ruby_type(path)) {
      std::string name = path.substr(path.rfind('/') + 1);
      auto type = compiler::read_ruby_type(source, name.substr(0, name.size() - 3));
      if (dump) dump_type(type);
    } else if (is_template(path)) {
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
