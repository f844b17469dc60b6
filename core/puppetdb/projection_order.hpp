#pragma once

#include <string>
#include <vector>

namespace marionette::puppetdb {

/// The fields PuppetDB 7 lists when it refuses an unknown `order_by` column ("Supported
/// columns are …") or `extract` field ("Acceptable fields are …"), in its own order: the
/// order in which Clojure walks the entity's map of projections. A map of at most 8 keys keeps
/// them as PuppetDB's source writes them; a larger one is a hash map, walked by the keys'
/// hashes (clojure_hash_order). Empty for an entity PuppetDB has no such map for.
std::vector<std::string> orderable_columns(const std::string& entity);
std::vector<std::string> extractable_fields(const std::string& entity);

/// `keys` in the order Clojure's PersistentHashMap (and PersistentHashSet) of these strings
/// iterates them: by each key's hasheq (Murmur3 of Java's String.hashCode), five bits at a
/// time from the lowest. Keys of equal hashes keep their order.
std::vector<std::string> clojure_hash_order(std::vector<std::string> keys);

}  // namespace marionette::puppetdb
