#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

#include "cli/arguments.hpp"
#include "cli/command.hpp"
#include "cli/run_log.hpp"
#include "cli/settings_from_arguments.hpp"
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
template <typename ReadSource>
bool parse_source(const std::string& path, const ReadSource& read, bool dump) {
  try {
    auto source = read();
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

bool parse_file(const std::string& path, bool dump) {
  return parse_source(
      path, [&] { return lang::read_source(path); }, dump);
}

namespace fs = std::filesystem;

/// A directory as Puppet validates it: every .pp file below it, in the order of their paths
/// as strings, up to the first that does not parse.
bool validate_directory(const fs::path& dir) {
  std::vector<std::string> files;
  std::error_code error;
  for (fs::recursive_directory_iterator
           it(dir, fs::directory_options::skip_permission_denied, error),
       end;
       !error && it != end; it.increment(error))
    if (it->path().extension() == ".pp" && it->is_regular_file(error))
      files.push_back(it->path().string());
  std::sort(files.begin(), files.end());
  return std::all_of(files.begin(), files.end(),
                     [](const std::string& file) { return parse_file(file, false); });
}

/// The environment's main manifest, which Puppet validates when given no FILE: environment.conf's
/// `manifest`, else site.pp (marionette's shortcut) or the manifests directory.
fs::path default_manifest(const Arguments& args) {
  config::AgentConfig config = config_from(args, config::RunMode::user);
  compiler::EnvironmentSettings where = environment_settings_from(config);
  if (config.env_dir)
    where.env_dir = existing_path(*config.env_dir, "--env-dir", true);
  compiler::ResolvedEnvironment resolved = compiler::resolve_environment(where);
  if (resolved.manifest) return *resolved.manifest;
  fs::path env_dir = resolved.env_dir.value_or(
      fs::path(where.environmentpath.substr(0, where.environmentpath.find(':'))) /
      where.environment);
  if (fs::exists(env_dir / "site.pp")) return env_dir / "site.pp";
  return env_dir / "manifests";
}

/// `parser validate` with no FILE: code piped on stdin, else (stdin a terminal) the
/// environment's main manifest, as Puppet does.
int validate_default(const Arguments& args) {
  if (!::isatty(STDIN_FILENO)) {
    std::string code{std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>()};
    return parse_source(
               "STDIN", [&] { return lang::make_source("STDIN", code); }, false)
               ? 0
               : 1;
  }
  fs::path manifest = default_manifest(args);
  std::cout << "Notice: No manifest specified. Validating the default manifest "
            << manifest.string() << "\n";
  std::error_code error;
  if (fs::is_directory(manifest, error)) return validate_directory(manifest) ? 0 : 1;
  if (!fs::exists(manifest, error)) return 0;  // Puppet: nothing to validate
  return parse_file(manifest.string(), false) ? 0 : 1;
}

}  // namespace

int run_parser(const std::vector<std::string>& words) {
  if (words.empty()) {  // Puppet's words, exit 1
    print_error("'parser' has no default action.  See `marionette help parser`.");
    return 1;
  }
  const std::string& action = words[0];
  Arguments arguments(std::vector<std::string>(words.begin() + 1, words.end()), kRunOptions,
                      setting_switches());
  const auto& files = arguments.positionals();
  if (action == "validate") {
    if (files.empty()) return validate_default(arguments);
    // As Puppet: every existing FILE or directory is validated, then the missing ones named.
    bool all_good = true;
    std::vector<std::string> missing;
    for (const auto& file : files) {
      std::error_code error;
      if (!fs::exists(file, error)) {
        missing.push_back(file);
      } else if (fs::is_directory(file, error)) {
        all_good = validate_directory(file) && all_good;
      } else {
        all_good = parse_file(file, false) && all_good;
      }
    }
    if (!missing.empty()) {
      std::string list;
      for (const auto& file : missing) list += "\n   " + file;
      print_error("One or more file(s) specified did not exist:" + list);
      return 1;
    }
    return all_good ? 0 : 1;
  }
  if (action == "dump") {
    if (files.size() != 1) throw UsageError("parser dump needs exactly one FILE");
    return parse_file(files[0], true) ? 0 : 1;
  }
  print_error("'parser' has no '" + action + "' action.  See `marionette help parser`.");
  return 1;
}

}  // namespace marionette::cli
