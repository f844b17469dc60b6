// `marionette facts [NAME...]`: the node's facts as `facter` prints them.
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <ostream>

#include "cli/arguments.hpp"
#include "cli/command.hpp"
#include "cli/run_log.hpp"
#include "compiler/compile_log.hpp"
#include "compiler/functions/ruby_serialization.hpp"
#include "compiler/module_path.hpp"
#include "compiler/ruby_module.hpp"
#include "compiler/ruby_workers.hpp"
#include "compiler/value.hpp"
#include "compiler/value_data.hpp"
#include "facts/custom_facts.hpp"
#include "facts/facts.hpp"
#include "facts/legacy_facts.hpp"
#include "facts/native_parts.hpp"

namespace marionette::cli {

namespace {

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

/// Facter's YAML formatter double-quotes every scalar this matches (its own rule, over what
/// Psych chose): any y/n/on/off spelling or a colon anywhere, or no letter and no decimal point,
/// unless it says true/false or is all digits ("Debian" is quoted for its n, "12.11" is not).
bool facter_quotes(const std::string& text) {
  if (text.find("true") != std::string::npos || text.find("false") != std::string::npos)
    return false;
  if (!text.empty() && text.find_first_not_of("0123456789") == std::string::npos) return false;
  if (text.find_first_of("yYnN:") != std::string::npos) return true;
  for (const char* word : {"on", "On", "ON", "off", "Off", "OFF"})
    if (text.find(word) != std::string::npos) return true;
  if (std::any_of(text.begin(), text.end(), [](unsigned char c) { return std::isalpha(c) != 0; }))
    return false;
  for (std::size_t dot = text.find('.'); dot != std::string::npos; dot = text.find('.', dot + 1))
    if (dot > 0 && std::isdigit(static_cast<unsigned char>(text[dot - 1])) &&
        dot + 1 < text.size() && std::isdigit(static_cast<unsigned char>(text[dot + 1])))
      return false;
  return true;
}

/// `facter -y`: Psych's YAML without the "---" line, keys plain, scalars quoted as above.
std::string facter_yaml(const facts::Facts& shown) {
  compiler::PsychYamlStyle style;
  style.double_quote = facter_quotes;
  style.plain_keys = true;
  std::string text = compiler::psych_yaml(compiler::from_data(shown), style);
  if (text.rfind("---\n", 0) == 0) text.erase(0, 4);
  return text;
}

void drop_legacy(facts::Facts& all) {
  std::vector<std::string> legacy;
  for (const auto& [name, _] : all.items())
    if (facts::is_legacy_fact(name)) legacy.push_back(name);
  for (const std::string& name : legacy) all.erase(name);
}

/// What Facter logs about custom facts, as `puppet facts` shows it ("Error: Facter: ...");
/// debug lines are not shown.
void log_fact_message(const std::string& level, const std::string& message) {
  if (level == "debug") return;
  compiler::compile_log(level, message);
}

/// The facts gathered; without --show-legacy and without names, Facter 4's legacy core facts
/// are left out (external and custom facts are never legacy).
facts::Facts gathered(const std::vector<std::filesystem::path>& dirs,
                      const facts::CustomFactSources& custom,
                      const std::vector<std::string>& names, bool show_legacy) {
  auto warn = [](const std::string& warning) { std::cerr << "Warning: " << warning << "\n"; };
  if (!facts::custom_fact_files(custom).empty()) {
    compiler::allow_ruby_workers(custom.concurrency);
    facts::Facts all = facts::gather_with_custom_facts(dirs, warn, names, custom,
                                                       compiler::ruby_module, log_fact_message);
    if (!show_legacy && names.empty()) drop_legacy(all);
    return all;
  }
  if (show_legacy || !names.empty()) return facts::gather(dirs, warn, names);
  facts::Facts all = facts::gather_native();
  drop_legacy(all);
  const facts::Facts external = facts::load_external_facts(dirs, warn);
  for (const auto& [name, value] : external.items()) all[name] = value;
  return facts::native::sorted_facts(std::move(all));
}

/// Custom facts as `facter --custom-dir DIR` and `puppet facts --modulepath PATH` load them,
/// with $FACTERLIB's directories.
facts::CustomFactSources custom_sources(const Arguments& args) {
  facts::CustomFactSources sources;
  if (auto path = args.value("modulepath"))
    sources.modulepath = compiler::split_path_list(*path, std::filesystem::current_path());
  if (auto dir = args.value("custom-dir")) sources.custom_dirs.emplace_back(*dir);
  for (auto& dir : facts::facterlib_dirs()) sources.custom_dirs.push_back(std::move(dir));
  return sources;
}

/// A fact file's facts, sorted as Facter sorts them; legacy ones left out as above.
facts::Facts from_file(const std::string& file, const std::vector<std::string>& names,
                       bool show_legacy) {
  facts::Facts all = facts::load_yaml_file(file);
  if (!show_legacy && names.empty()) drop_legacy(all);
  return facts::native::sorted_facts(std::move(all));
}

std::vector<std::filesystem::path> external_dirs(const Arguments& args) {
  if (args.flag("no-external-facts")) return {};
  auto dirs = facts::default_external_dirs();
  if (auto dir = args.value("external-dir")) dirs.emplace_back(*dir);
  return dirs;
}

}  // namespace

int run_facts(const std::vector<std::string>& words) {
  Arguments args(words, {"facts", "external-dir", "custom-dir", "modulepath"},
                 {"json", "yaml", "show-legacy", "no-external-facts", "value-only"},
                 {{"j", "json"}, {"y", "yaml"}});
  if (args.flag("json") && args.flag("yaml")) throw UsageError("give --json or --yaml, not both");
  std::vector<std::string> names = args.positionals();
  // `puppet facts show [NAME…]` renders JSON ({"os.family": "Debian"}) where facter prints
  // plain text; --value_only prints one fact's value alone, as facter does.
  const bool show_action = !names.empty() && names.front() == "show";
  if (show_action) names.erase(names.begin());
  const bool as_json = args.flag("json") || (show_action && !args.flag("yaml") &&
                                              !(args.flag("value-only") && names.size() == 1));
  const bool show_legacy = args.flag("show-legacy");
  // An error (a fact file's, with its place) goes to run_command, which prints it.
  facts::Facts all = args.value("facts")
                         ? from_file(*args.value("facts"), names, show_legacy)
                         : gathered(external_dirs(args), custom_sources(args), names, show_legacy);
  facts::Facts shown = names.empty() ? std::move(all) : facts::Facts::object();
  for (const auto& name : names) shown[name] = lookup(all, name);
  if (!names.empty()) shown = facts::native::sorted_facts(std::move(shown));
  try {
    if (args.flag("yaml")) {
      std::cout << facter_yaml(shown);
    } else if (as_json) {
      std::cout << compiler::ruby_json(compiler::from_data(shown),
                                       compiler::RubyJsonStyle::pretty())
                << "\n";
    } else {
      print_facter_format(shown, names.size() == 1);
    }
  } catch (const compiler::SerializationError& e) {
    print_error(e.what());
    return 1;
  }
  return 0;
}

}  // namespace marionette::cli
