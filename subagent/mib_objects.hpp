#pragma once

#include <chrono>
#include <span>
#include <string_view>

#include "metrics/snapshot.hpp"
#include "subagent/oid.hpp"
#include "subagent/role.hpp"
#include "subagent/value.hpp"

namespace marionette::subagent {

using Instant = std::chrono::system_clock::time_point;

/// Reads one object's value from a snapshot. `now` is when the request is answered (for uptime
/// and ages). Getters are pure and never block.
using Getter = Value (*)(const metrics::Snapshot& snapshot, Instant now);

/// One scalar of MARIONETTE-MIB: where it lives under the root, its syntax, its MIB descriptor,
/// and how to read it. Its instance is `root + suffix + 0`.
struct MibObject {
  Oid suffix;
  Syntax syntax;
  std::string_view name;
  Getter get;
};

/// Every scalar of the MIB, sorted by OID. mibs/MARIONETTE-MIB.txt and
/// opennms/marionette.xml list exactly these objects (tests/mib checks it).
std::span<const MibObject> mib_objects();

/// mrnServer's suffix under the root: the subtree `marionette server` registers, so that an
/// agent (which registers the whole root) and a server on one host share one snmpd.
inline const Oid kServerSuffix = {1, 9};

/// The scalars a process serves: an agent everything but the mrnServer subtree, a server only
/// that subtree (its uptime included).
std::span<const MibObject> served_objects(Role role);

}  // namespace marionette::subagent
