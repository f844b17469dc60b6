// `marionette lookup KEY`: a Hiera lookup as `puppet lookup` makes it, outside a compile.
#include <filesystem>
#include <iostream>

#include "cli/arguments.hpp"
#include "cli/command.hpp"
#include "cli/run_log.hpp"
#include "cli/settings_from_arguments.hpp"
#include "compiler/hiera/hiera.hpp"
#include "daemon/run_settings.hpp"
#include "facts/facts.hpp"

namespace marionette::cli {

namespace {

namespace fs = std::filesystem;
using compiler::Value;

bool needs_quotes(const std::string& text) {
  if (text.empty() || text == "y" || text == "n" || text == "yes" || text == "no" ||
      text == "true" || text == "false" || text == "null" || text == "~")
    return true;
  if (text.find_first_of(":#{}[],&*!|>'\"%@`\n") != std::string::npos) return true;
  if (text.front() == ' ' || text.back() == ' ' || text.front() == '-') return true;
  return text.find_first_not_of("0123456789.+-eE") == std::string::npos;  // reads as a number
}

std::string scalar(const Value& value) {
  if (value.is_undef()) return "";
  if (!value.is_string()) return compiler::to_string(value);
  if (!needs_quotes(value.string())) return value.string();
  std::string out = "\"";
  for (char c : value.string()) {
    if (c == '"' || c == '\\') out += '\\';
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    out += c;
  }
  return out + "\"";
}

/// YAML as Ruby's to_yaml writes it (what `puppet lookup` prints).
void write_yaml(const Value& value, const std::string& indent, std::ostream& out) {
  if (value.is_array()) {
    for (const Value& item : value.array()) {
      out << indent << "-";
      if ((item.is_array() && !item.array().empty()) || (item.is_hash() && !item.hash().empty())) {
        out << "\n";
        write_yaml(item, indent + "  ", out);
      } else {
        out << " " << (item.is_array() ? "[]" : item.is_hash() ? "{}" : scalar(item)) << "\n";
      }
    }
    return;
  }
  for (const auto& [key, item] : value.hash()) {
    out << indent << scalar(key) << ":";
    if ((item.is_array() && !item.array().empty()) || (item.is_hash() && !item.hash().empty())) {
      out << "\n";
      write_yaml(item, indent + (item.is_array() ? "" : "  "), out);
    } else {
      out << " " << (item.is_array() ? "[]" : item.is_hash() ? "{}" : scalar(item)) << "\n";
    }
  }
}

void print_value(const Value& value) {
  bool block =
      (value.is_array() && !value.array().empty()) || (value.is_hash() && !value.hash().empty());
  if (!block) {
    std::cout << "--- "
              << (value.is_array()  ? "[]"
                  : value.is_hash() ? "{}"
                                    : scalar(value))
              << "\n";
    return;
  }
  std::cout << "---\n";
  write_yaml(value, "", std::cout);
}

/// $trusted as a local compile sees it.
Value trusted_for(const std::string& certname) {
  std::size_t dot = certname.find('.');
  return compiler::Hash{
      {Value("authenticated"), Value("local")},
      {Value("certname"), Value(certname)},
      {Value("extensions"), Value(compiler::Hash{})},
      {Value("hostname"), Value(certname.substr(0, dot))},
      {Value("domain"), Value(dot == std::string::npos ? "" : certname.substr(dot + 1))},
      {Value("external"), Value(compiler::Hash{})}};
}

/// puppet lookup's `--merge deep` carries the deep merge's options, which --explain shows under
/// each "Merge strategy deep" (a deep merge that lookup_options ask for shows none).
std::vector<std::string> with_deep_merge_options(const std::vector<std::string>& lines) {
  std::vector<std::string> out;
  for (const std::string& line : lines) {
    out.push_back(line);
    std::size_t indent = line.find_first_not_of(' ');
    if (indent == std::string::npos ||
        line.compare(indent, std::string::npos, "Merge strategy deep") != 0)
      continue;
    std::string pad(indent + 2, ' ');
    out.push_back(pad + "Options: {");
    out.push_back(pad + "  \"sort_merged_arrays\" => false,");
    out.push_back(pad + "  \"merge_hash_arrays\" => false");
    out.push_back(pad + "}");
  }
  return out;
}

}  // namespace

int run_lookup(const std::vector<std::string>& words) {
  std::set<std::string> valued = kRunOptions;
  valued.insert("merge");
  std::set<std::string> flags = setting_switches();
  flags.insert("explain");
  Arguments args(words, valued, flags);
  if (args.positionals().size() != 1) throw UsageError("give exactly one KEY to look up");
  const std::string key = args.positionals().front();
  std::optional<compiler::hiera::MergeStrategy> merge;
  if (auto written = args.value("merge")) {
    merge = compiler::hiera::parse_merge(Value(*written));
    if (!merge)
      throw UsageError("--merge must be first, unique, hash or deep, not '" + *written + "'");
  }
  config::AgentConfig config = config_from(args, config::RunMode::server);
  std::vector<std::string> explanation;
  auto print_explanation = [&] {
    if (merge == compiler::hiera::MergeStrategy::Deep)
      explanation = with_deep_merge_options(explanation);
    for (const std::string& line : explanation) std::cout << line << "\n";
  };
  try {
    facts::Facts facts =
        config.facts ? facts::load_yaml_file(*config.facts) : facts::gather_native();
    std::string certname = config.certname.value_or(
        facts.value("fqdn", facts.contains("networking")
                                ? facts["networking"].value("fqdn", std::string("localhost"))
                                : std::string("localhost")));
    std::string environment = config.environment;
    compiler::EnvironmentSettings where = environment_settings_from(config);
    where.env_dir = config.env_dir;
    compiler::ResolvedEnvironment resolved = compiler::resolve_environment(where);
    std::optional<fs::path> env_dir = resolved.env_dir;
    std::vector<fs::path> modulepath = std::move(resolved.modulepath);
    Value all_facts = compiler::from_data(facts);
    Value trusted = trusted_for(certname);
    Value server_facts = compiler::Hash{{Value("environment"), Value(environment)}};
    compiler::hiera::Hiera hiera(env_dir, modulepath, [&](const std::string& name) -> Value {
      if (name == "facts") return all_facts;
      if (name == "trusted") return trusted;
      if (name == "server_facts") return server_facts;
      if (name == "environment") return Value(environment);
      if (name == "clientcert") return Value(certname);
      if (all_facts.is_hash())
        if (const Value* fact = compiler::hash_find(all_facts.hash(), Value(name))) return *fact;
      return Value();
    });
    std::optional<fs::path> global = daemon::default_hiera_config();
    if (config.hiera_config) global = *config.hiera_config;
    if (global) hiera.set_global_config(*global);

    std::optional<Value> found =
        hiera.lookup(key, merge, args.flag("explain") ? &explanation : nullptr);
    if (args.flag("explain")) {
      print_explanation();
      if (!found)
        std::cout << "Function lookup() did not find a value for the name '" << key << "'\n";
      return found ? 0 : 1;
    }
    if (!found) return 1;  // as puppet lookup: nothing printed, exit 1
    print_value(*found);
    return 0;
  } catch (const std::exception& e) {
    print_explanation();  // what was searched before the error, as Puppet shows it
    print_error(e.what());
  }
  return 1;
}

}  // namespace marionette::cli
