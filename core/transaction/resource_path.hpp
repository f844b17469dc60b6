#pragma once

#include <string>

#include "transaction/graph.hpp"

namespace marionette::transaction {

/// Puppet's path of a resource for log lines: "/Stage[main]/Main/File[/etc/motd]" (a class
/// shows as its capitalised title, other containers as their reference).
std::string resource_path(const catalog::Catalog& catalog, const RelationshipGraph& graph,
                          std::size_t resource);

}  // namespace marionette::transaction
