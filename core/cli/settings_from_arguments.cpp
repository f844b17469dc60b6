#include "cli/settings_from_arguments.hpp"

#include <filesystem>
#include <iostream>

#include "cli/run_log.hpp"
#include "compiler/ruby_workers.hpp"
#include "config/settings_table.hpp"
#include "config/yaml_config.hpp"

namespace marionette::cli {

namespace {

constexpr const char* kDefaultConfDir = "/etc/marionette";

bool is_puppet_conf(const std::filesystem::path& file) {
  return file.extension() == ".conf";
}

void write_config_file(const std::filesystem::path& file, config::SettingValues& values) {
  if (!is_puppet_conf(file)) return config::write_marionette_yaml(file, values);
  config::PuppetConf conf;
  try {
    conf = config::read_puppet_conf(file);
  } catch (const config::ConfigError& e) {
    // As Puppet: a puppet.conf that does not parse is reported and left out, and the command
    // goes on with the other settings (a bad value in one that parses stops it).
    print_error(e.what());
    return;
  }
  values.write_puppet_conf(conf);
}

}  // namespace

std::set<std::string> setting_options() {
  std::set<std::string> options = {"config", "node"};
  for (const config::SettingDefinition& setting : config::setting_definitions())
    if (setting.kind != config::SettingKind::a_switch)
      options.insert(config::dashed_setting_name(setting.name));
  return options;
}

std::set<std::string> setting_switches() {
  std::set<std::string> switches = {"no-snmp"};
  for (const config::SettingDefinition& setting : config::setting_definitions())
    if (setting.kind == config::SettingKind::a_switch)
      switches.insert(config::dashed_setting_name(setting.name));
  return switches;
}

config::SettingValues setting_values_from(const Arguments& args, config::RunMode mode) {
  config::SettingValues values(mode);
  values.set_default("vardir", daemon::default_state_dir().string());
  if (auto file = args.value("config")) {
    write_config_file(*file, values);
  } else {
    std::filesystem::path confdir = args.value("confdir").value_or(kDefaultConfDir);
    for (const char* name : {"puppet.conf", "marionette.yaml"}) {
      std::error_code missing;
      if (std::filesystem::exists(confdir / name, missing))
        write_config_file(confdir / name, values);
    }
  }
  for (const config::SettingDefinition& setting : config::setting_definitions()) {
    const std::string option = config::dashed_setting_name(setting.name);
    config::ValueOrigin origin;
    origin.option = "--" + option;
    if (setting.kind == config::SettingKind::a_switch) {
      if (auto on = args.switch_state(option))  // --noop, or --no-noop over `noop = true`
        values.write(setting.name, *on ? "true" : "false", origin);
    } else if (auto value = args.value(option)) {
      values.write(setting.name, *value, origin);
    }
  }
  if (args.flag("no-snmp")) values.write("snmp", "false", {nullptr, 0, 0, 1, "--no-snmp"});
  if (auto node = args.value("node")) values.write("certname", *node, {nullptr, 0, 0, 1, "--node"});
  for (const std::string& warning : values.deprecation_warnings())
    std::cerr << "Warning: " << warning << "\n";
  return values;
}

config::AgentConfig config_from(const Arguments& args, config::RunMode mode) {
  config::SettingValues values = setting_values_from(args, mode);
  try {
    return values.to_config();
  } catch (const config::OptionError& e) {
    throw UsageError(e.what());  // a bad option is a usage error (with a hint), a bad file is not
  }
}

std::filesystem::path existing_path(const std::filesystem::path& path, const std::string& label,
                                    bool directory) {
  std::error_code error;
  bool ok = directory ? std::filesystem::is_directory(path, error)
                      : std::filesystem::is_regular_file(path, error);
  if (!ok)
    throw UsageError(label + " " + path.string() + ": no such " +
                     (directory ? "directory" : "file"));
  return path;
}

compiler::EnvironmentSettings environment_settings_from(const config::AgentConfig& config) {
  compiler::EnvironmentSettings where;
  where.modulepath = config.modulepath_text;
  if (config.basemodulepath) where.basemodulepath = *config.basemodulepath;
  if (config.environmentpath) where.environmentpath = *config.environmentpath;
  where.environment = config.environment;
  return where;
}

daemon::RunSettings run_settings_from(const config::AgentConfig& config, bool resolve_environment) {
  daemon::RunSettings settings;
  static_cast<config::AgentConfig&>(settings) = config;  // whole, then checked and completed
  if (settings.env_dir) settings.env_dir = existing_path(*settings.env_dir, "--env-dir", true);
  if (settings.manifest) settings.manifest = existing_path(*settings.manifest, "--manifest", false);
  if (settings.facts) settings.facts = existing_path(*settings.facts, "--facts", false);
  if (settings.external_dir)
    settings.external_dir = existing_path(*settings.external_dir, "--external-dir", true);
  settings.hiera_config = settings.hiera_config
                              ? existing_path(*settings.hiera_config, "--hiera-config", false)
                              : daemon::default_hiera_config();
  if (settings.statedir.empty()) settings.statedir = daemon::default_state_dir();
  // Puppet's graphdir defaults to $statedir/graphs; the graphs are written with --graph only.
  if (!settings.graphdir) settings.graphdir = settings.statedir / "graphs";
  if (resolve_environment) daemon::resolve_environment(settings, environment_settings_from(config));
  // The Ruby workers of every command that compiles (compiler/ruby_workers.hpp).
  compiler::RubyWorkerSettings ruby = compiler::ruby_worker_settings();
  ruby.call_timeout = config.ruby_timeout;
  ruby.memory_bytes = config.ruby_memory_limit;
  compiler::configure_ruby_workers(ruby);
  return settings;
}

void end_with_ruby_exit() {
  compiler::RubyWorkerSettings ruby = compiler::ruby_worker_settings();
  ruby.exit_ends_process = true;
  compiler::configure_ruby_workers(ruby);
}

compiler::CompileRequest compile_request_for(const daemon::RunSettings& settings) {
  compiler::CompileRequest request;
  static_cast<compiler::CompileSettings&>(request) = settings;  // as apply's: strict, ...
  request.facts = daemon::load_facts(settings);
  request.node_name = daemon::node_name_for(settings, request.facts);
  return request;
}

}  // namespace marionette::cli
