#pragma once

#include <string>
#include <vector>

#include "puppetdb/entities.hpp"
#include "puppetdb/fleet_data.hpp"

namespace marionette::puppetdb {

/// The rows of a per-node entity for one node, built from its documents. `node` is the node's
/// document; `with_facts` adds the hidden __facts/__trusted a nodes query on facts reads.
std::vector<Json> node_rows(const Entity& entity, FleetData& fleet, const Json& node,
                            bool with_facts);

/// The rows of an entity that is not per node (environments, producers, fact-paths,
/// fact-names) from the given active nodes.
std::vector<Json> fleet_rows(const Entity& entity, FleetData& fleet,
                             const std::vector<std::string>& active_nodes);

/// PuppetDB's resource hash, the `resource` field of a resource row.
std::string resource_hash(const std::string& certname, const Json& resource);

/// A row without its hidden fields, its fields in the entity's order.
Json answer_row(const Entity& entity, const Json& row);

}  // namespace marionette::puppetdb
