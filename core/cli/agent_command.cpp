#include <atomic>
#include <filesystem>
#include <thread>

#include "cli/arguments.hpp"
#include "cli/command.hpp"
#include "cli/run_log.hpp"
#include "cli/settings_from_arguments.hpp"
#include "config/agent_config.hpp"
#include "counters/counter_store.hpp"
#include "daemon/agent.hpp"
#include "daemon/run_settings.hpp"
#include "daemon/signals.hpp"
#include "metrics/registry.hpp"
#include "subagent/oid.hpp"
#include "subagent/subagent.hpp"

namespace marionette::cli {

namespace {

constexpr const char* kDefaultConfigFile = "/etc/marionette/marionette.yaml";

/// The node name for the counters' keys; a facts file that cannot be read is reported by the
/// first run, so here it only falls back to the host name.
std::string counter_node_name(const daemon::RunSettings& settings) {
  try {
    return daemon::node_name_for(settings, daemon::load_facts(settings));
  } catch (const std::exception&) {
    return daemon::node_name_for(settings, facts::Facts::object());
  }
}

/// The agent's configuration: the defaults, then marionette.yaml (--config FILE, or
/// /etc/marionette/marionette.yaml when it exists), then the command line.
config::AgentConfig agent_config(const Arguments& args) {
  config::AgentConfig config;
  std::filesystem::path file = args.value("config").value_or(kDefaultConfigFile);
  std::error_code missing;
  if (args.value("config") || std::filesystem::exists(file, missing))
    config::load_file(file, config);
  try {
    for (const std::string& name : config::setting_names()) {
      if (config::is_switch(name)) {
        if (args.flag(name)) config::apply_option(name, "true", config);
      } else if (auto value = args.value(name)) {
        config::apply_option(name, *value, config);
      }
    }
    if (auto node = args.value("node")) config::apply_option("certname", *node, config);
  } catch (const config::ConfigError& e) {
    throw UsageError(e.what());  // a bad option is a usage error (exit 2), a bad file is not
  }
  if (args.flag("no-snmp")) config.snmp = false;
  return config;
}

}  // namespace

int run_agent(const std::vector<std::string>& words) {
  std::set<std::string> valued = {"config", "node"};
  std::set<std::string> flags = {"no-daemonize", "onetime", "no-snmp", "debug"};
  for (const std::string& name : config::setting_names())
    (config::is_switch(name) ? flags : valued).insert(name);
  Arguments args(words, valued, flags);
  if (!args.positionals().empty())
    throw UsageError("unexpected argument '" + args.positionals().front() + "'");
  config::AgentConfig config;
  try {
    config = agent_config(args);
  } catch (const config::ConfigError& e) {
    print_error(e.what());
    return 1;
  }
  daemon::AgentSettings settings;
  if (config.env_dir) settings.run.env_dir = existing_path(*config.env_dir, "env-dir", true);
  if (config.manifest) settings.run.manifest = existing_path(*config.manifest, "manifest", false);
  if (config.facts) settings.run.facts_file = existing_path(*config.facts, "facts", false);
  settings.run.node_name = config.certname;
  settings.run.environment = config.environment;
  settings.run.state_dir = config.statedir.empty() ? daemon::default_state_dir() : config.statedir;
  settings.run.noop = config.noop;
  if (!settings.run.env_dir && !settings.run.manifest)
    throw UsageError("give --env-dir DIR or --manifest FILE (or env-dir in marionette.yaml)");
  settings.run_interval = config.runinterval;
  settings.onetime = args.flag("onetime");
  std::string root_oid = config.root_oid;
  if (!root_oid.empty() && !subagent::parse_oid(root_oid))
    throw UsageError(
        "--root-oid must be a numeric OID such as .1.3.6.1.4.1.8072.9999.9999.4242, not '" +
        root_oid + "'");

  // Before any thread starts: only the agent loop receives the signals, and Net-SNMP's MIB
  // setting is in the environment before anything else reads it.
  daemon::SignalWatcher signals;
  setenv("MIBS", "", 1);
  daemon::RunLog log = make_run_log(true, args.flag("debug"));

  std::unique_ptr<counters::CounterStore> counter_store;
  try {
    std::filesystem::create_directories(settings.run.state_dir);
    counters::StoreOptions options;
    options.state_dir = settings.run.state_dir;
    options.redis_url = config.redis;
    options.node_name = counter_node_name(settings.run);
    options.key_prefix = config.redis_prefix;
    counter_store = counters::make_counter_store(options);
  } catch (const std::exception& e) {
    print_error(std::string("cannot start the agent: ") + e.what());
    return 1;
  }
  log("notice", "Starting marionette agent; state in " + settings.run.state_dir.string() +
                    ", counters in " + counter_store->backend());

  metrics::Registry registry;
  daemon::Agent agent(settings, registry, *counter_store, log);
  std::atomic<bool> stop{false};
  std::thread snmp;
  if (config.snmp) {
    subagent::Options options;
    options.agentx_socket = config.agentx_socket;
    options.root_oid = root_oid;
    snmp = std::thread([options, &registry, &stop, log] {
      try {
        subagent::run(options, registry, stop);
      } catch (const std::exception& e) {
        log("err", std::string("The SNMP subagent stopped: ") + e.what());
      }
    });
  }
  int status = agent.run(signals);
  stop = true;
  if (snmp.joinable()) snmp.join();
  return status;
}

}  // namespace marionette::cli
