#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <iostream>
#include <thread>

#include "cli/apply_log.hpp"
#include "cli/arguments.hpp"
#include "cli/command.hpp"
#include "cli/fleet.hpp"
#include "cli/lock_options.hpp"
#include "cli/remote_agent.hpp"
#include "cli/run_flags.hpp"
#include "cli/run_log.hpp"
#include "cli/run_summary.hpp"
#include "cli/settings_from_arguments.hpp"
#include "cli/snmp_module.hpp"
#include "config/agent_config.hpp"
#include "counters/counter_store.hpp"
#include "daemon/agent.hpp"
#include "daemon/metrics_listener.hpp"
#include "daemon/run_settings.hpp"
#include "daemon/signals.hpp"
#include "daemon/state_dir_check.hpp"
#include "metrics/registry.hpp"

namespace marionette::cli {

daemon::OneRun (*make_remote_run)(const config::AgentConfig&, const Arguments&) = nullptr;

bool wants_server(const config::AgentConfig& config) {
  return config.server && !config.env_dir && !config.manifest;
}

namespace {

/// The node name for the counters' keys; a facts file that cannot be read is reported by the
/// first run, so here it only falls back to the host name.
std::string counter_node_name(const daemon::RunSettings& settings) {
  try {
    return daemon::node_name_for(settings, daemon::load_facts(settings));
  } catch (const std::exception&) {
    return daemon::node_name_for(settings, facts::Facts::object());
  }
}

/// The agent's configuration: the defaults, then puppet.conf's [agent] and [main] and
/// marionette.yaml (--config FILE, or those in /etc/marionette), then the command line. Read
/// again on SIGHUP.
config::AgentConfig agent_config(const Arguments& args) {
  return config_from(args, config::RunMode::agent);
}

/// What the agent does with a configuration; UsageError when a path in it does not exist. The
/// agent of a server runs through make_remote_run (set in marionette-fleet).
daemon::AgentSettings agent_settings(const config::AgentConfig& config, const Arguments& args) {
  daemon::AgentSettings settings;
  const bool remote = wants_server(config);
  try {
    settings.run = run_settings_from(config, !remote);
  } catch (const UsageError&) {
    throw;
  } catch (const std::runtime_error& e) {
    throw UsageError(e.what());  // no such environment: the agent cannot start
  }
  if (remote)
    settings.one_run = make_remote_run(config, args);
  else if (!settings.run.env_dir && !settings.run.manifest)
    throw UsageError(
        "give --env-dir DIR or --manifest FILE (or env_dir in the configuration), or --server "
        "HOST for the agent of a server");
  settings.run_interval = config.runinterval;
  // Puppet's --test: onetime, verbose, no-usecacheonfailure, detailed-exitcodes and no-splay.
  const bool test = args.flag("test");
  settings.onetime = args.flag("onetime") || test;
  settings.detailed_exitcodes = args.flag("detailed-exitcodes") || test;
  if (test) settings.run.usecacheonfailure = false;
  settings.run.evaltrace = args.flag("evaltrace");
  settings.run.trace = args.flag("trace");
  settings.splay = config.splay && !test;
  settings.splay_limit = config.splaylimit.value_or(config.runinterval);
  LockWait wait = lock_wait_from(args);
  settings.wait_for_lock = wait.retry_every;
  settings.max_wait_for_lock = wait.max_wait;
  apply_run_flags(args, settings.run, true);  // Puppet's agent writes the catalog summary
  if (args.flag("summarize"))  // as Puppet's configurer: after every run, on stdout
    settings.after_run = [](const daemon::RunOutcome& outcome) {
      std::cout << run_summary(outcome) << std::flush;
    };
  return settings;
}

/// -d and -v (or -t) lower the level as Puppet's do; -l/--logdest is the logdest setting;
/// --color as apply's (Puppet's levels in colour on a terminal, or when forced).
LogSettings log_settings(const config::AgentConfig& config, const Arguments& args) {
  LogSettings settings{config.logdest, config.log_level};
  if (args.flag("debug"))
    settings.level = "debug";
  else if (args.flag("verbose") || args.flag("test"))
    settings.level = "info";
  settings.color = use_color(args.value("color"), isatty(STDOUT_FILENO) == 1);
  return settings;
}

/// SIGHUP: the configuration read again, the command line still winning. Settings that belong to
/// what started with the agent (state dir, counters, SNMP) keep their values until a restart.
class Reloader {
 public:
  Reloader(const Arguments& args, config::AgentConfig current, AgentLog& log)
      : args_(args), current_(std::move(current)), log_(log) {}

  std::optional<daemon::AgentSettings> operator()() {
    daemon::RunLog say = log_.run_log();
    try {
      config::AgentConfig fresh = agent_config(args_);
      daemon::AgentSettings settings = agent_settings(fresh, args_);
      log_.reconfigure(log_settings(fresh, args_));
      warn_fixed(fresh, say);
      settings.run.statedir = fixed_state_dir();
      current_ = std::move(fresh);
      return settings;
    } catch (const std::exception& e) {
      say("err",
          std::string("Could not reload the configuration; keeping the current one: ") + e.what());
      return std::nullopt;
    }
  }

 private:
  std::filesystem::path fixed_state_dir() const {
    return current_.statedir.empty() ? daemon::default_state_dir() : current_.statedir;
  }

  void warn_fixed(config::AgentConfig& fresh, const daemon::RunLog& say) const {
    auto keep = [&](const char* name, auto& fresh_value, const auto& current_value) {
      if (fresh_value == current_value) return;
      say("warning",
          std::string("The setting ") + name + " changed; it takes effect when the agent restarts");
      fresh_value = current_value;
    };
    keep("statedir", fresh.statedir, current_.statedir);
    keep("redis", fresh.redis, current_.redis);
    keep("redis-prefix", fresh.redis_prefix, current_.redis_prefix);
    keep("snmp", fresh.snmp, current_.snmp);
    keep("agentx-socket", fresh.agentx_socket, current_.agentx_socket);
    keep("root-oid", fresh.root_oid, current_.root_oid);
    keep("prometheus-port", fresh.prometheus_port, current_.prometheus_port);
  }

  const Arguments& args_;
  config::AgentConfig current_;
  AgentLog& log_;
};

}  // namespace

int run_agent(const std::vector<std::string>& words) {
  std::set<std::string> valued = setting_options();
  valued.insert("color");
  valued.insert(kLockOptions.begin(), kLockOptions.end());
  valued.insert(kRunFlagValued.begin(), kRunFlagValued.end());
  std::set<std::string> flags = setting_switches();
  flags.insert({"no-daemonize", "onetime", "debug", "verbose", "test", "evaltrace", "trace",
                "summarize", "detailed-exitcodes"});
  flags.insert(kRunFlagSwitches.begin(), kRunFlagSwitches.end());
  Arguments args(words, valued, flags,
                 {{"d", "debug"}, {"v", "verbose"}, {"t", "test"}, {"o", "onetime"},
                  {"l", "logdest"}});
  if (!args.positionals().empty()) {  // Puppet's words, exit 1
    print_error(
        "Could not prepare for execution: The marionette agent command does not take parameters");
    return 1;
  }
  config::AgentConfig config;
  try {
    config = agent_config(args);
  } catch (const config::ConfigError& e) {
    print_error(e.what());
    return 1;
  }
  // The agent of a server links OpenSSL: it runs in marionette-fleet.
  if (wants_server(config) && !make_remote_run) return exec_fleet("agent", words);
  daemon::AgentSettings settings;
  try {
    settings = agent_settings(config, args);
  } catch (const std::invalid_argument& e) {
    print_error(e.what());  // a bad --strict: Puppet's text and exit code
    return 1;
  }
  const std::string& root_oid = config.root_oid;
  check_root_oid(root_oid);
  subagent::ModuleEntry run_subagent = nullptr;
  if (config.snmp) {
    try {
      run_subagent = load_snmp_module();
    } catch (const std::exception& e) {
      print_error(std::string("cannot start the agent: ") + e.what());
      return 1;
    }
  }

  // Before any thread starts: only the agent loop receives the signals, spdlog's default logger
  // is in place, and Net-SNMP's MIB setting is in the environment before anything reads it.
  daemon::SignalWatcher signals;
  setenv("MIBS", "", 1);
  std::unique_ptr<AgentLog> agent_log;
  try {
    agent_log = std::make_unique<AgentLog>(log_settings(config, args));
  } catch (const std::exception& e) {
    print_error(std::string("cannot start the agent: ") + e.what());
    return 1;
  }
  daemon::RunLog log = agent_log->run_log();

  std::unique_ptr<counters::CounterStore> counter_store;
  try {
    std::filesystem::create_directories(settings.run.statedir);
    for (const std::string& message : daemon::set_aside_corrupt_state(settings.run.statedir))
      log("warning", message);
    if (std::size_t removed = daemon::remove_stale_temporaries(settings.run.statedir))
      log("notice", "Removed " + std::to_string(removed) +
                      " temporary files that interrupted writes left in the state dir");
    counters::StoreOptions options;
    options.state_dir = settings.run.statedir;
    options.redis_url = config.redis;
    options.node_name = counter_node_name(settings.run);
    options.key_prefix = config.redis_prefix;
    options.log = log;
    counter_store = counters::make_counter_store(options);
  } catch (const std::exception& e) {
    print_error(std::string("cannot start the agent: ") + e.what());
    return 1;
  }
  log("notice", "Starting marionette agent; state in " + settings.run.statedir.string() +
                    ", counters in " + counter_store->backend());

  metrics::Registry registry;
  daemon::Agent agent(settings, registry, *counter_store, log, Reloader(args, config, *agent_log));
  std::unique_ptr<daemon::MetricsListener> prometheus;
  if (config.prometheus_port) {
    try {
      prometheus = std::make_unique<daemon::MetricsListener>(*config.prometheus_port, registry);
    } catch (const std::exception& e) {
      print_error(std::string("cannot start the agent: ") + e.what());
      return 1;
    }
    log("notice", "Serving Prometheus metrics on http://127.0.0.1:" +
                      std::to_string(prometheus->port()) + "/metrics");
  }
  std::atomic<bool> stop{false};
  std::thread snmp;
  if (config.snmp) {
    subagent::Options options;
    options.agentx_socket = config.agentx_socket;
    options.root_oid = root_oid;
    snmp = std::thread([run_subagent, options, &registry, &stop, log] {
      char error[512] = "";
      if (!run_subagent(options, registry, stop, log_from_snmp_module, error, sizeof error))
        log("err", std::string("The SNMP subagent stopped: ") + error);
    });
  }
  int status = agent.run(signals);
  stop = true;
  if (snmp.joinable()) snmp.join();
  return status;
}

}  // namespace marionette::cli
