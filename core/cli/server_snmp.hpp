#pragma once

#include <atomic>
#include <memory>
#include <thread>

#include "config/agent_config.hpp"
#include "metrics/registry.hpp"
#include "server/metrics_publisher.hpp"
#include "subagent/module_abi.hpp"

namespace marionette::cli {

/// `marionette server`'s SNMP objects: the figures published once a second from the server's
/// metrics, and the AgentX subagent (the module the agent loads too) serving the mrnServer
/// subtree on its own thread. The same settings as the agent's: snmp (--no-snmp),
/// agentx_socket, root_oid.
class ServerSnmp {
 public:
  /// Loads the module when `config.snmp`; throws std::runtime_error when it cannot be loaded.
  /// Call before any thread starts, after check_root_oid.
  explicit ServerSnmp(const config::AgentConfig& config, bool verbose);
  ~ServerSnmp();
  ServerSnmp(const ServerSnmp&) = delete;
  ServerSnmp& operator=(const ServerSnmp&) = delete;

  /// Stops the subagent and the publisher when it goes.
  class Running {
   public:
    explicit Running(ServerSnmp& snmp) : snmp_(snmp) {}
    ~Running() { snmp_.stop(); }
    Running(const Running&) = delete;
    Running& operator=(const Running&) = delete;

   private:
    ServerSnmp& snmp_;
  };

  /// Starts publishing `metrics` and serving them (nothing when snmp is off) until the
  /// returned guard goes: keep it in a scope inside the lifetime of `metrics`.
  /// `fleet`, when not null, is the fleet table's source (it must outlive the guard).
  [[nodiscard]] Running start(server::ServerMetrics& metrics, const std::filesystem::path& ssldir,
                              const metrics::FleetRegistry* fleet = nullptr);
  /// Stops the subagent, then the publisher; safe to call twice.
  void stop();

 private:
  const config::AgentConfig& config_;
  subagent::ModuleEntry run_subagent_ = nullptr;
  metrics::Registry registry_;
  std::unique_ptr<server::MetricsPublisher> publisher_;
  std::atomic<bool> stop_{false};
  std::thread thread_;
};

}  // namespace marionette::cli
