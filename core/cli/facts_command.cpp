#include <yaml-cpp/yaml.h>

#include <iostream>

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

}  // namespace

int run_facts(const std::vector<std::string>& words) {
  Arguments args(words, {"facts"}, {"json", "yaml"});
  if (args.flag("json") && args.flag("yaml")) throw UsageError("give --json or --yaml, not both");
  facts::Facts all;
  try {
    all =
        args.value("facts") ? facts::load_yaml_file(*args.value("facts")) : facts::gather_native();
  } catch (const std::exception& e) {
    print_error(e.what());
    return 1;
  }
  facts::Facts shown = all;
  const auto& names = args.positionals();
  if (names.size() == 1 && !args.flag("json") && !args.flag("yaml")) {
    facts::Facts value = lookup(all, names.front());
    if (value.is_string())
      std::cout << value.get<std::string>() << "\n";
    else if (!value.is_null())
      std::cout << value.dump(2) << "\n";
    return 0;
  }
  if (!names.empty()) {
    shown = facts::Facts::object();
    for (const auto& name : names) shown[name] = lookup(all, name);
  }
  if (args.flag("yaml")) {
    YAML::Emitter out;
    out << to_yaml(shown);
    std::cout << out.c_str() << "\n";
  } else {
    std::cout << shown.dump(2) << "\n";
  }
  return 0;
}

}  // namespace marionette::cli
