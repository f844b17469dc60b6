#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace marionette::puppetdb {

/// The store's keys, all under PREFIX:pdb:. A node's own documents carry its certname as a
/// Redis Cluster hash tag ({certname}), so they sit in one slot; each index is one set in its
/// own slot. No operation touches two keys at once (no MULTI, MGET or Lua over several keys),
/// so Cluster needs nothing more: a write updates the node's documents and then, key by key,
/// the indexes, which only ever name more nodes than match (a reader checks every candidate
/// against the node's documents).
class KeyLayout {
 public:
  explicit KeyLayout(std::string prefix) : base_(std::move(prefix) + ":pdb:") {}

  // A node's documents (strings) and reports (a list, newest first).
  std::string node(const std::string& certname) const { return tagged(certname) + "node"; }
  /// The node's row as /nodes answers it, JSON text.
  std::string node_row(const std::string& certname) const { return tagged(certname) + "node-row"; }
  std::string facts(const std::string& certname) const { return tagged(certname) + "facts"; }
  /// The facts' values, a hash by top-level fact name: each field that fact's value (JSON).
  std::string fact_values(const std::string& certname) const {
    return tagged(certname) + "fact-values";
  }
  std::string catalog(const std::string& certname) const { return tagged(certname) + "catalog"; }
  std::string reports(const std::string& certname) const { return tagged(certname) + "reports"; }
  std::string edges(const std::string& certname) const { return tagged(certname) + "edges"; }
  /// The catalog's resources, a hash by type: each field the type's resources, packed.
  std::string resources(const std::string& certname) const {
    return tagged(certname) + "resources";
  }

  // Sets of certnames (of node ids where said).
  std::string all_nodes() const { return base_ + "nodes"; }
  std::string fact_name(const std::string& name) const { return base_ + "ix:fn:" + name; }
  /// The ids of the nodes with this leaf value at this fact path (a top-level scalar fact is a
  /// leaf), keyed by a hash of path and value: a short key, and a set of integers, which Redis
  /// keeps as an intset (2–4 bytes a member) up to set-max-intset-entries (512). A hash shared
  /// by two leaves only names more nodes than match (every candidate is checked).
  std::string fact_leaf(const nlohmann::json& path, const nlohmann::json& value) const;
  /// The set of certnames an earlier build kept for the leaf (upgrade_indexes empties it).
  std::string fact_leaf_v1(const nlohmann::json& path, const nlohmann::json& value) const {
    return base_ + "ix:fpv:" + path.dump() + "=" + value.dump();
  }
  std::string resource_type(const std::string& type) const { return base_ + "ix:rt:" + type; }
  /// The ids of the nodes whose catalog has this resource, keyed by a hash of type and title
  /// (as fact_leaf).
  std::string resource_title(const std::string& type, const std::string& title) const;
  /// The set of certnames an earlier build kept for the resource (upgrade_indexes empties it).
  std::string resource_title_v1(const std::string& type, const std::string& title) const {
    return base_ + "ix:rtt:" + type + ":" + title;
  }
  /// Whether the set at `key` holds node ids (fact_leaf, resource_title) rather than certnames.
  bool holds_node_ids(const std::string& key) const {
    return key.compare(0, base_.size() + 6, base_ + "ix:fv:") == 0 ||
           key.compare(0, base_.size() + 6, base_ + "ix:tt:") == 0;
  }
  std::string resource_tag(const std::string& tag) const { return base_ + "ix:tag:" + tag; }
  std::string exported_type(const std::string& type) const { return base_ + "ix:exp:" + type; }
  /// The nodes whose latest report has this status; those whose latest report has an event of
  /// this status.
  std::string latest_report_status(const std::string& status) const {
    return base_ + "ix:lrs:" + status;
  }
  std::string latest_event_status(const std::string& status) const {
    return base_ + "ix:les:" + status;
  }

  /// A bitmap of the active nodes (by node id) that have a leaf of this type at this fact path.
  std::string fact_path(const std::string& path_and_type) const {
    return base_ + "ix:fp:" + path_and_type;
  }
  /// The node ids: a counter, and a hash of certname to id.
  std::string node_id_counter() const { return base_ + "node-id"; }
  std::string node_ids() const { return base_ + "node-ids"; }
  /// The other way: a hash of node id to certname (the id sets read back as certnames).
  std::string node_names() const { return base_ + "node-names"; }

  // Sets of names.
  std::string environments() const { return base_ + "environments"; }
  std::string producers() const { return base_ + "producers"; }
  /// The fact paths some active node has, each [path, type] as JSON text.
  std::string fact_paths() const { return base_ + "fact-paths"; }

 private:
  std::string tagged(const std::string& certname) const { return base_ + "{" + certname + "}:"; }
  std::string base_;
};

}  // namespace marionette::puppetdb
