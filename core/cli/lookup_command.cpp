// `marionette lookup KEY`: a Hiera lookup as `puppet lookup` makes it, outside a compile.
#include <cctype>
#include <filesystem>
#include <iostream>

#include "cli/arguments.hpp"
#include "cli/command.hpp"
#include "cli/run_log.hpp"
#include "cli/settings_from_arguments.hpp"
#include "compiler/cli_lookup.hpp"
#include "compiler/functions/ruby_format.hpp"
#include "compiler/functions/ruby_serialization.hpp"
#include "compiler/hiera/hiera.hpp"
#include "compiler/value_data.hpp"
#include "daemon/run_settings.hpp"
#include "facts/facts.hpp"
#include "lang/diagnostic.hpp"

namespace marionette::cli {

namespace {

namespace fs = std::filesystem;
using compiler::Value;

/// Whether puppet lookup knows the --render-as format (binary and msgpack it knows, but
/// cannot render data with).
bool known_format(const std::string& format) {
  return format == "yaml" || format == "json" || format == "pson" || format == "s" ||
         format == "binary" || format == "msgpack";
}

/// The value as `puppet lookup --render-as FORMAT` prints it (with the line break `puts` adds);
/// throws std::runtime_error with Puppet's message for formats that cannot render data.
std::string render(const Value& value, const std::string& format) {
  if (format == "yaml") return compiler::psych_yaml(value);
  if (format == "json" || format == "pson")
    return compiler::ruby_json(value, compiler::RubyJsonStyle::compact()) + "\n";
  if (format == "s") return compiler::ruby_to_s(value) + "\n";
  const bool binary = format == "binary";
  throw std::runtime_error("Could not run: " + compiler::ruby_class(value) +
                           " does not respond to to_" + (binary ? "binary" : "msgpack") +
                           "; can not render instances to application/" +
                           (binary ? "octet-stream" : "x-msgpack"));
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
  valued.insert({"merge", "render-as", "default", "type"});
  std::set<std::string> flags = setting_switches();
  flags.insert({"explain", "compile"});
  Arguments args(words, valued, flags, {{"c", "compile"}});
  if (args.positionals().empty()) {  // Puppet's words, exit 1
    print_error("Could not run: No keys were given to lookup.");
    return 1;
  }
  if (args.positionals().size() > 1) throw UsageError("give exactly one KEY to look up");
  const std::string key = args.positionals().front();
  std::string format = args.value("render-as").value_or("yaml");
  for (char& c : format) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (!known_format(format)) {  // refused before anything is looked up, as Puppet does
    print_error("Could not run: Unknown rendering format '" + format + "'");
    return 1;
  }
  std::optional<compiler::hiera::MergeStrategy> merge;
  if (auto written = args.value("merge")) {
    merge = compiler::hiera::parse_merge(Value(*written));
    if (!merge) {  // Puppet's words, exit 1
      print_error(
          "Could not run: The --merge option only accepts 'first', 'hash', 'unique', or 'deep'\n"
          "Run 'marionette lookup --help' for more details");
      return 1;
    }
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
    compiler::hiera::Hiera hiera(env_dir, modulepath, [&](const std::string& written) -> Value {
      // Without a compile every variable is top scope's: `::environment` is `environment`.
      const std::string name = written.starts_with("::") ? written.substr(2) : written;
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

    if ((args.value("type") || args.flag("compile")) && !args.flag("explain")) {
      // In a compilation's top scope, as Puppet always looks up: the type is evaluated there,
      // and with --compile the main manifest's variables are set.
      compiler::CompileRequest request;
      request.env_dir = env_dir;
      request.manifest = resolved.manifest;
      request.modulepath = modulepath;
      request.node_name = certname;
      request.environment = environment;
      request.hiera_config = global;
      request.facts = facts;
      compiler::CliLookup query{key, args.value("type"), args.value("default"), merge,
                                args.flag("compile")};
      std::optional<Value> value;
      try {
        value = compiler::lookup_in_compile(request, query);
      } catch (const lang::SourceError&) {
        throw;  // a manifest's error: run_command renders it with its place and caret
      } catch (const std::runtime_error& e) {
        print_error(std::string("Could not run: ") + e.what());  // Puppet's words for a type
        return 1;
      }
      if (!value) return 1;
      std::cout << render(*value, format);
      return 0;
    }

    std::optional<Value> found =
        hiera.lookup(key, merge, args.flag("explain") ? &explanation : nullptr);
    if (args.flag("explain")) {
      print_explanation();
      if (!found)
        std::cout << "Function lookup() did not find a value for the name '" << key << "'\n";
      return found ? 0 : 1;
    }
    if (!found && args.value("default")) found = Value(*args.value("default"));
    if (!found) return 1;  // as puppet lookup: nothing printed, exit 1
    std::cout << render(*found, format);
    return 0;
  } catch (...) {
    print_explanation();  // what was searched before the error, as Puppet shows it
    throw;                // and run_command (dispatch.cpp) prints the error
  }
}

}  // namespace marionette::cli
