#include "subagent/subagent.hpp"

#include <spdlog/spdlog.h>

#include <cstdlib>
#include <filesystem>
#include <memory>
#include <stdexcept>

#include "subagent/fleet_notifier.hpp"
#include "subagent/master_connection.hpp"
#include "subagent/mib_objects.hpp"
#include "subagent/netsnmp_log.hpp"
#include "subagent/notification_queue.hpp"
#include "subagent/notification_sender.hpp"
#include "subagent/oids.hpp"
#include "subagent/run_notifier.hpp"
#include "subagent/scalar_handler.hpp"

// clang-format off
#include <net-snmp/net-snmp-config.h>
#include <net-snmp/net-snmp-includes.h>
#include <net-snmp/agent/net-snmp-agent-includes.h>
// clang-format on

namespace marionette::subagent {
namespace {

/// How often the loop wakes to look at `stop`, at the latest.
constexpr long kStopCheckMicroseconds = 100'000;

Oid root_of(const Options& options) {
  std::string_view text = options.root_oid.empty() ? kRootOid : options.root_oid;
  std::optional<Oid> root = parse_oid(text);
  if (!root || root->size() < 2) {
    throw std::invalid_argument("subagent: invalid root OID '" + std::string(text) + "'");
  }
  return *root;
}

/// Options::persistent_dir, or a private temporary dir that is removed with this object.
class PersistentDir {
 public:
  explicit PersistentDir(const std::string& configured) : path_(configured) {
    if (!path_.empty()) return;
    std::string pattern = std::filesystem::temp_directory_path() / "marionette-snmp-XXXXXX";
    if (!mkdtemp(pattern.data())) throw std::runtime_error("subagent: cannot create a temp dir");
    path_ = pattern;
    owned_ = true;
    // Made here so Net-SNMP does not log "Created directory" at every start.
    std::error_code ignored;
    std::filesystem::create_directory(path_ + "/cert_indexes", ignored);
  }
  ~PersistentDir() {
    std::error_code ignored;
    if (owned_) std::filesystem::remove_all(path_, ignored);
  }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
  bool owned_ = false;
};

/// Steps 1-2 of SNMP-NOTES.md: a subagent, its master's socket, no MIB files, no state files.
void configure_before_init(const Options& options, const PersistentDir& persistent_dir) {
  // Net-SNMP reads the MIB list from the environment only. setenv while other threads read
  // the environment is a race, so callers set it before starting threads and this only writes
  // when they did not.
  if (const char* mibs = std::getenv("MIBS"); mibs == nullptr || *mibs != '\0')
    setenv("MIBS", "", 1);
  netsnmp_ds_set_boolean(NETSNMP_DS_APPLICATION_ID, NETSNMP_DS_AGENT_ROLE, 1);
  if (!options.agentx_socket.empty()) {
    netsnmp_ds_set_string(NETSNMP_DS_APPLICATION_ID, NETSNMP_DS_AGENT_X_SOCKET,
                          options.agentx_socket.c_str());
  }
  netsnmp_ds_set_boolean(NETSNMP_DS_LIBRARY_ID, NETSNMP_DS_LIB_DONT_PERSIST_STATE, 1);
  netsnmp_ds_set_boolean(NETSNMP_DS_LIBRARY_ID, NETSNMP_DS_LIB_DISABLE_PERSISTENT_LOAD, 1);
  netsnmp_ds_set_boolean(NETSNMP_DS_LIBRARY_ID, NETSNMP_DS_LIB_DISABLE_PERSISTENT_SAVE, 1);
  netsnmp_ds_set_string(NETSNMP_DS_LIBRARY_ID, NETSNMP_DS_LIB_PERSISTENT_DIR,
                        persistent_dir.path().c_str());
}

/// What the periodic alarm looks at: the master connection, and new runs to notify.
struct Watch {
  const metrics::Registry& registry;
  Oid root;
  MasterConnection& master;
  RunNotifier notifier;
  NotificationQueue waiting;
  FleetNotifier fleet_notifier;
  FleetNotificationQueue fleet_waiting;
};

/// The periodic alarm: agent_check_and_process(1) returns after each alarm, so the loop sees
/// `stop` within kStopCheckMicroseconds even when no request arrives. Each tick reconnects to
/// the master when due, and notifies the runs that failed or recovered since the last tick,
/// in order; without a master they wait in the queue until it is back.
void on_tick(unsigned int, void* context) {
  auto& watch = *static_cast<Watch*>(context);
  watch.master.poll(MasterConnection::Clock::now());
  const std::shared_ptr<const metrics::Snapshot> snapshot = watch.registry.latest();
  for (const PendingNotification& notification : watch.notifier.observe(*snapshot)) {
    watch.waiting.push(notification);
  }
  for (const metrics::FleetEvent& event : watch.fleet_notifier.observe(*snapshot)) {
    watch.fleet_waiting.push(event);
  }
  if ((watch.waiting.empty() && watch.fleet_waiting.empty()) || !watch.master.connected()) return;
  const std::size_t dropped = watch.waiting.dropped() + watch.fleet_waiting.dropped();
  if (dropped > 0) {
    spdlog::warn("snmp: {} notifications dropped while no AgentX master was connected", dropped);
  }
  for (const PendingNotification& notification : watch.waiting.take_all()) {
    send_run_notification(watch.root, notification);
  }
  for (const metrics::FleetEvent& event : watch.fleet_waiting.take_all()) {
    send_fleet_notification(watch.root, event);
  }
}

}  // namespace

void run(const Options& options, const metrics::Registry& registry, const std::atomic<bool>& stop) {
  const Oid root = root_of(options);
  const Oid subtree = options.role == Role::server ? join(root, kServerSuffix) : root;
  ScalarHandler handler(ScalarIndex(root, served_objects(options.role)), subtree, registry,
                        options.name);
  // Net-SNMP's AgentX code initialises once per process (subagent_init keeps a static count),
  // so a second run would never reach its master.
  static std::atomic<bool> ran{false};
  if (ran.exchange(true)) {
    throw std::logic_error("subagent::run: Net-SNMP allows one AgentX subagent per process");
  }
  const char* name = options.name.c_str();

  const PersistentDir persistent_dir(options.persistent_dir);
  NetSnmpLog log;
  configure_before_init(options, persistent_dir);
  init_agent(name);
  const std::string master =
      options.agentx_socket.empty() ? "Net-SNMP's default master socket" : options.agentx_socket;
  // After init_agent, which resets the ping interval that this turns off for Net-SNMP.
  auto connection = std::make_unique<MasterConnection>(master, options.ping_interval_s);
  if (!handler.register_subtree()) {
    spdlog::error("snmp: could not register {}", to_string(subtree));
  }
  init_snmp(name);  // makes the first attempt to reach the master
  connection->started(MasterConnection::Clock::now());
  Watch watch{registry, handler.index().root(), *connection, {}, {}, {}, {}};
  // The runs (and the fleet's changes) before the subagent started are not news.
  watch.notifier.observe(*registry.latest());
  watch.fleet_notifier.observe(*registry.latest());
  const unsigned int alarm =
      snmp_alarm_register_hr(timeval{0, kStopCheckMicroseconds}, SA_REPEAT, on_tick, &watch);
  spdlog::info("snmp: AgentX subagent serving {} (master: {})", to_string(subtree), master);

  while (!stop.load()) agent_check_and_process(1);
  snmp_alarm_unregister(alarm);

  handler.unregister_subtree();
  connection.reset();
  snmp_shutdown(name);
  shutdown_agent();
}

}  // namespace marionette::subagent
