#pragma once

#include <span>
#include <variant>
#include <vector>

#include "subagent/mib_objects.hpp"
#include "subagent/oid.hpp"

namespace marionette::subagent {

/// Why a GET found nothing: SNMPv2's noSuchObject / noSuchInstance.
enum class Miss { no_such_object, no_such_instance };

/// The scalars of the MIB placed under a root, answering GET and GETNEXT lookups.
/// Plain C++: the Net-SNMP handler asks it which object a request names.
class ScalarIndex {
 public:
  struct Entry {
    Oid instance;  ///< root + suffix + 0
    const MibObject* object;
  };

  ScalarIndex(Oid root, std::span<const MibObject> objects);

  const Oid& root() const { return root_; }
  const std::vector<Entry>& entries() const { return entries_; }

  /// GET: the entry whose instance is exactly `requested`.
  std::variant<const Entry*, Miss> find(const Oid& requested) const;

  /// GETNEXT: the first entry whose instance sorts after `requested`; nullptr past the end.
  const Entry* find_next(const Oid& requested) const;

 private:
  Oid root_;
  std::vector<Entry> entries_;  ///< sorted by instance
};

}  // namespace marionette::subagent
