#include <atomic>
#include <filesystem>
#include <thread>

#include "cli/command.hpp"
#include "cli/run_log.hpp"
#include "cli/settings_from_arguments.hpp"
#include "counters/counter_store.hpp"
#include "daemon/agent.hpp"
#include "daemon/signals.hpp"
#include "metrics/registry.hpp"
#include "subagent/oid.hpp"
#include "subagent/subagent.hpp"

namespace marionette::cli {

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

}  // namespace

int run_agent(const std::vector<std::string>& words) {
  std::set<std::string> valued = kRunOptions;
  valued.insert({"runinterval", "agentx-socket", "redis", "redis-prefix", "root-oid"});
  Arguments args(words, valued, {"no-daemonize", "onetime", "noop", "no-snmp", "debug"});
  if (!args.positionals().empty())
    throw UsageError("unexpected argument '" + args.positionals().front() + "'");
  daemon::AgentSettings settings;
  settings.run = settings_from(args);
  if (!settings.run.env_dir && !settings.run.manifest)
    throw UsageError("give --env-dir DIR or --manifest FILE");
  settings.run_interval =
      std::chrono::seconds(args.number("runinterval", 1, 31536000).value_or(1800));
  settings.onetime = args.flag("onetime");
  std::string root_oid = args.value("root-oid").value_or("");
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
    options.redis_url = args.value("redis");
    options.node_name = counter_node_name(settings.run);
    options.key_prefix = args.value("redis-prefix").value_or(options.key_prefix);
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
  if (!args.flag("no-snmp")) {
    subagent::Options options;
    options.agentx_socket = args.value("agentx-socket").value_or("");
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
