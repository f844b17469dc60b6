#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <ostream>

#include "cli/arguments.hpp"
#include "cli/command.hpp"
#include "cli/run_log.hpp"
#include "facts/facts.hpp"

namespace marionette::cli {

namespace {

YAML::Node to_yaml(const facts::Facts& value) {
  YAML::Node node;
  if (value.is_object()) {
    node = YAML::Node(YAML::NodeType::Map);
    for (const auto& [key, item] : value.items()) node[key] = to_yaml(item);
  } else if (value.is_array()) {
    node = YAML::Node(YAML::NodeType::Sequence);
    for (const auto& item : value) node.push_back(to_yaml(item));
  } else if (value.is_string()) {
    node = value.get<std::string>();
  } else if (value.is_boolean()) {
    node = value.get<bool>();
  } else if (value.is_number_integer()) {
    node = value.get<std::int64_t>();
  } else if (value.is_number()) {
    node = value.get<double>();
  } else {
    node = YAML::Node(YAML::NodeType::Null);
  }
  return node;
}

/// The value at a dotted path (os.release.major); null when any step is missing, like facter.
facts::Facts lookup(const facts::Facts& all, const std::string& path) {
  const facts::Facts* at = &all;
  std::size_t start = 0;
  while (start <= path.size()) {
    std::size_t dot = path.find('.', start);
    std::string step =
        path.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
    if (at->is_object() && at->contains(step)) {
      at = &(*at)[step];
    } else if (at->is_array() && !step.empty() &&
               step.find_first_not_of("0123456789") == std::string::npos &&
               std::stoul(step) < at->size()) {
      at = &(*at)[std::stoul(step)];
    } else {
      return nullptr;
    }
    if (dot == std::string::npos) break;
    start = dot + 1;
  }
  return *at;
}

/// Facter's default output: `name => value`, strings bare at the top and quoted inside hashes
/// and arrays, two spaces of indent per level.
void print_facter_value(std::ostream& out, const facts::Facts& value, int depth, bool top) {
  const std::string indent(static_cast<std::size_t>(depth) * 2, ' ');
  if (value.is_object() || value.is_array()) {
    const bool hash = value.is_object();
    out << (hash ? "{" : "[") << "\n";
    std::size_t left = value.size();
    for (const auto& [key, item] : value.items()) {
      out << indent << "  ";
      if (hash) out << key << " => ";
      print_facter_value(out, item, depth + 1, false);
      out << (--left ? ",\n" : "\n");
    }
    out << indent << (hash ? "}" : "]");
  } else if (value.is_string()) {
    out << (top ? value.get<std::string>() : value.dump());
  } else if (!value.is_null() || !top) {  // null inside a hash prints as Facter's "null"
    out << value.dump();
  }
}

/// Like facter, the facts come out sorted by name; one fact prints its bare value.
void print_facter_format(const facts::Facts& shown, bool bare) {
  std::vector<std::string> names;
  for (const auto& [name, _] : shown.items()) names.push_back(name);
  std::sort(names.begin(), names.end());
  for (const auto& name : names) {
    if (!bare) std::cout << name << " => ";
    print_facter_value(std::cout, shown[name], 0, true);
    std::cout << "\n";
  }
}

std::vector<std::filesystem::path> external_dirs(const Arguments& args) {
  if (args.flag("no-external-facts")) return {};
  auto dirs = facts::default_external_dirs();
  if (auto dir = args.value("external-dir")) dirs.emplace_back(*dir);
  return dirs;
}

}  // namespace

int run_facts(const std::vector<std::string>& words) {
  Arguments args(words, {"facts", "external-dir"}, {"json", "yaml", "no-external-facts"});
  if (args.flag("json") && args.flag("yaml")) throw UsageError("give --json or --yaml, not both");
  facts::Facts all;
  try {
    if (args.value("facts")) {
      all = facts::load_yaml_file(*args.value("facts"));
    } else {
      all = facts::gather(
          external_dirs(args),
          [](const std::string& warning) { std::cerr << "Warning: " << warning << "\n"; },
          args.positionals());
    }
  } catch (const std::exception& e) {
    print_error(e.what());
    return 1;
  }
  const auto& names = args.positionals();
  facts::Facts shown = names.empty() ? std::move(all) : facts::Facts::object();
  for (const auto& name : names) shown[name] = lookup(all, name);
  if (!args.flag("json") && !args.flag("yaml")) {
    print_facter_format(shown, names.size() == 1);
  } else if (args.flag("yaml")) {
    YAML::Emitter out;
    out << to_yaml(shown);
    std::cout << out.c_str() << "\n";
  } else {
    std::cout << shown.dump(2) << "\n";
  }
  return 0;
}

}  // namespace marionette::cli
