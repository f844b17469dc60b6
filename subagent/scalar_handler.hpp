#pragma once

#include <memory>
#include <string>

#include "metrics/registry.hpp"
#include "subagent/fleet_table.hpp"
#include "subagent/scalar_index.hpp"
#include "subagent/type_table.hpp"

struct netsnmp_handler_registration_s;

namespace marionette::subagent {

/// Serves the scalars of a ScalarIndex, the per-type table and the fleet table (a server's,
/// from Snapshot::fleet_nodes), through one read-only Net-SNMP
/// registration of `subtree` (the index's root, or a part of it). Each request reads registry.latest() once
/// and answers from that snapshot without waiting. Call only on the SNMP thread.
class ScalarHandler {
 public:
  ScalarHandler(ScalarIndex index, Oid subtree, const metrics::Registry& registry,
                std::string name);
  ~ScalarHandler();
  ScalarHandler(const ScalarHandler&) = delete;
  ScalarHandler& operator=(const ScalarHandler&) = delete;

  /// Registers with the agent (after init_agent); false if Net-SNMP refused.
  bool register_subtree();
  /// Unregisters (before snmp_shutdown); safe to call twice.
  void unregister_subtree();

  const ScalarIndex& index() const { return index_; }
  /// The per-type table of `snapshot`, rebuilt only when the snapshot changed since last time.
  const TypeTable& table_for(const std::shared_ptr<const metrics::Snapshot>& snapshot);
  const metrics::Registry& registry() const { return registry_; }
  const FleetTable& fleet_table() const { return fleet_table_; }
  /// Whether this registration is a server's (mrnServer): only then is the fleet table served.
  bool serves_fleet() const { return serves_fleet_; }

 private:
  ScalarIndex index_;
  Oid subtree_;
  const metrics::Registry& registry_;
  std::string name_;
  netsnmp_handler_registration_s* registration_ = nullptr;
  std::shared_ptr<const metrics::Snapshot> table_snapshot_;
  std::unique_ptr<TypeTable> table_;
  FleetTable fleet_table_;
  bool serves_fleet_ = false;
};

}  // namespace marionette::subagent
