#pragma once

#include <cstdlib>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "puppetdb/store.hpp"

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
  /// Layouts 6 to 11's place of the node's row (node_rows): read while a node has no field
  /// there, moved by the node's next write or the collection (FleetData::move_node_row).
  std::string node_row_v11(const std::string& certname) const {
    return tagged(certname) + "node-row";
  }
  std::string facts(const std::string& certname) const { return tagged(certname) + "facts"; }
  /// The facts' values, one JSON object of every top-level fact, deflated with
  /// facts_dictionary() (layout 5, stored_text.hpp).
  std::string fact_object(const std::string& certname) const {
    return tagged(certname) + "fact-object";
  }
  /// Layout 4's: a hash by top-level fact name, each field that fact's value (JSON); read until
  /// the node is moved to its fact-object (FleetData::move_fact_values).
  std::string fact_values(const std::string& certname) const {
    return tagged(certname) + "fact-values";
  }
  std::string catalog(const std::string& certname) const { return tagged(certname) + "catalog"; }
  std::string reports(const std::string& certname) const { return tagged(certname) + "reports"; }
  /// Layout 6: the catalog's resource groups and edges, one value (packed_resources.hpp
  /// CatalogBody). Layout 5's resources and edges below are read while a node still has them
  /// (FleetData::move_catalog_body).
  std::string catalog_body(const std::string& certname) const {
    return tagged(certname) + "catalog-body";
  }
  /// Layout 9: the resource groups catalog bodies share (catalog_body_parts), kept once under
  /// the name their bodies give (a digest of the groups) with the number of bodies that name
  /// them (Store::add_reference): each in its own slot, every operation on the one key.
  std::string shared_groups(const std::string& name) const { return base_ + "shared:" + name; }
  /// Layout 11: a dictionary learnt from the fleet's facts or reports (learnt_dictionary.hpp),
  /// kept under its name (a digest of its text) for as long as the store is: values name it.
  std::string learnt_dictionary(const std::string& name) const {
    return base_ + "dictionary:" + name;
  }
  /// The name of the learnt dictionary new fact-objects are deflated with (the first a server
  /// wrote, SET NX).
  std::string facts_dictionary() const { return base_ + "facts-dictionary"; }
  /// Until there is one: a hash of the nodes' fact values (certname → the values' text) the
  /// dictionary is to be learnt from, kLearntSamples of them; removed once it is learnt, a
  /// node's field with the node.
  std::string facts_samples() const { return base_ + "facts-samples"; }
  /// The same for reports: the learnt dictionary new reports are deflated with, and until
  /// there is one, the reports (certname → text) it is to be learnt from.
  std::string reports_dictionary() const { return base_ + "reports-dictionary"; }
  std::string reports_samples() const { return base_ + "reports-samples"; }
  /// The catalog body of the node whose resources or edges key this is; nullopt for another key.
  std::optional<std::string> catalog_body_of(const std::string& key) const {
    for (std::string_view suffix : {std::string_view("}:resources"), std::string_view("}:edges")})
      if (key.size() > base_.size() + suffix.size() && key.compare(0, base_.size(), base_) == 0 &&
          key.compare(key.size() - suffix.size(), suffix.size(), suffix) == 0)
        return key.substr(0, key.size() - suffix.size() + 2) + "catalog-body";
    return std::nullopt;
  }
  std::string edges(const std::string& certname) const { return tagged(certname) + "edges"; }
  /// The catalog's resources, a hash by type: each field the type's resources, packed.
  std::string resources(const std::string& certname) const {
    return tagged(certname) + "resources";
  }

  // Sets of certnames, and indexes of node ids. An index of node ids is a set of ids (Redis
  // keeps a set of integers as an intset, 2–4 bytes a member, up to set-max-intset-entries)
  // and, once that set grew past kIdsBeforeBits members, also a bitmap by node id (bits_of):
  // the ids are in the one or the other, a reader takes both (fleet_data.cpp).
  std::string all_nodes() const { return base_ + "nodes"; }
  /// The ids of the nodes with a fact of this name.
  std::string fact_name(const std::string& name) const { return base_ + "ix:fni:" + name; }
  /// The ids of the nodes with this leaf value at this fact path (a top-level scalar fact is a
  /// leaf), keyed by a hash of path and value: a short key. A hash shared by two leaves only
  /// names more nodes than match (every candidate is checked).
  std::string fact_leaf(const nlohmann::json& path, const nlohmann::json& value) const;
  /// The ids of the nodes whose catalog has a resource of this type.
  std::string resource_type(const std::string& type) const { return base_ + "ix:rti:" + type; }
  /// The ids of the nodes whose catalog has this resource, keyed by a hash of type and title
  /// (as fact_leaf).
  std::string resource_title(const std::string& type, const std::string& title) const;
  /// The ids of the nodes whose catalog has a resource with this tag; an exported resource of
  /// this type.
  std::string resource_tag(const std::string& tag) const { return base_ + "ix:tagi:" + tag; }
  std::string exported_type(const std::string& type) const { return base_ + "ix:expi:" + type; }
  /// Whether the set at `key` is an index of node ids rather than a set of certnames.
  bool holds_node_ids(const std::string& key) const {
    if (key.compare(0, base_.size() + 3, base_ + "ix:") != 0) return false;
    const std::size_t end = key.find(':', base_.size() + 3);
    if (end == std::string::npos) return false;
    const std::string family = key.substr(base_.size() + 3, end - base_.size() - 3);
    return family == "fv" || family == "tt" || family == "fni" || family == "rti" ||
           family == "tagi" || family == "expi";
  }
  /// Where a leaf index (ix:fv:HASH) keeps the first node that joined it, while that node is
  /// in it: a field of one of 4,096 hashes, `ixf:fv:` and the hash's first 3 hex digits. Most
  /// leaves are one node's own value (an address, a key, a UUID): a field in a small hash
  /// (Redis's listpack, up to hash-max-listpack-entries fields) costs ~10 bytes, a key of its
  /// own ~100. The other nodes of the leaf go to its set (and bitmap). The same for a resource
  /// title (ix:tt:HASH, layout 6: most are one node's own, its Host or Sshkey named by its
  /// certname), in the same hashes. Layout 8 names the field by an integer Redis keeps as one
  /// (a listpack's 24-bit integer, 5 bytes against a 13-digit name's 15): the hash's next 23
  /// bits, a leaf's as they are (0 to 8,388,607), a title's as -1 - them (a field two leaves
  /// or a leaf and a title share only names a node more, every candidate being checked).
  /// Nothing for the other indexes.
  std::optional<Store::Field> first_id_of(const std::string& key) const {
    const std::optional<bool> leaf = leaf_or_title(key);
    if (!leaf) return std::nullopt;
    const std::size_t hash = base_.size() + 6;
    const long bits = std::strtol(key.substr(hash + 3, 6).c_str(), nullptr, 16) >> 1;
    return Store::Field{base_ + "ixf:fv:" + key.substr(hash, 3),
                        std::to_string(*leaf ? bits : -1 - bits)};
  }
  /// Layouts 4 to 7's first-id field of the same index: in the same hash, named by the hash's
  /// other 13 hex digits, a title's with `t` first. Read beside first_id_of's until the node
  /// that holds it is moved (FleetData::move_first_id_names).
  std::optional<Store::Field> first_id_named_of(const std::string& key) const {
    const std::optional<bool> leaf = leaf_or_title(key);
    if (!leaf) return std::nullopt;
    const std::size_t hash = base_.size() + 6;
    return Store::Field{base_ + "ixf:fv:" + key.substr(hash, 3),
                        (*leaf ? "" : "t") + key.substr(hash + 3)};
  }
  /// The bitmap by node id of the index of node ids at `key` (its ids past kIdsBeforeBits).
  std::string bits_of(const std::string& key) const {
    return base_ + "ixb:" + key.substr(base_.size() + 3);
  }

  // The sets of certnames earlier builds kept (upgrade_indexes moves a node out of them):
  // layout 1 under the leaf's and the resource's text, layouts 1 and 2 by name, type and tag.
  std::string fact_leaf_v1(const nlohmann::json& path, const nlohmann::json& value) const {
    return base_ + "ix:fpv:" + path.dump() + "=" + value.dump();
  }
  std::string resource_title_v1(const std::string& type, const std::string& title) const {
    return base_ + "ix:rtt:" + type + ":" + title;
  }
  std::string fact_name_v2(const std::string& name) const { return base_ + "ix:fn:" + name; }
  std::string resource_type_v2(const std::string& type) const { return base_ + "ix:rt:" + type; }
  std::string resource_tag_v2(const std::string& tag) const { return base_ + "ix:tag:" + tag; }
  std::string exported_type_v2(const std::string& type) const { return base_ + "ix:exp:" + type; }

  /// The nodes whose latest report has this status; those whose latest report has an event of
  /// this status.
  std::string latest_report_status(const std::string& status) const {
    return base_ + "ix:lrs:" + status;
  }
  std::string latest_event_status(const std::string& status) const {
    return base_ + "ix:les:" + status;
  }
  /// Each node's state and its latest report's status, a hash by certname: "a:failed" ("i:"
  /// first for an inactive node; nothing after the colon when its latest report has no status
  /// or it has none), written with the node's document (FleetData::write_node). The active
  /// nodes whose latest report has a status are answered from latest_report_status's set and
  /// this one hash (two round trips), their documents unread. One key: its own slot.
  std::string latest_statuses() const { return base_ + "latest-status"; }
  /// The failure events of each node's latest report, a hash by certname: "a:" or "i:" (active
  /// or not) then [report hash, environment, [[status, type, title, property, name, class]…]]
  /// (JSON), a field only for a node whose latest report has a failure event (and its events
  /// summarized), written with the node's document (FleetData::write_node), dropped with the
  /// purge. events { status = "failure" and latest_report? = true } reads the nodes of
  /// latest_event_status("failure") from here, their documents unread. One key: its own slot.
  std::string latest_failures() const { return base_ + "latest-failures"; }
  /// Each node's row as /nodes answers it, a hash by certname (layout 12): packed (layout 7,
  /// node_row.hpp), or its JSON text; written with the node's document (FleetData::write_node),
  /// dropped with the purge. All nodes are answered by one HMGET a thousand of them, not a
  /// GET a node (Redis spent ~1.1 µs a GET against ~0.3 a field). One key: its own slot.
  std::string node_rows() const { return base_ + "node-rows"; }

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
  /// Whether the key is a leaf index (true) or a title index (false), keyed by 16 hex digits.
  std::optional<bool> leaf_or_title(const std::string& key) const {
    const std::string leaves = base_ + "ix:fv:", titles = base_ + "ix:tt:";
    if (key.size() != leaves.size() + 16) return std::nullopt;
    if (key.compare(0, leaves.size(), leaves) == 0) return true;
    if (key.compare(0, titles.size(), titles) == 0) return false;
    return std::nullopt;
  }
  std::string base_;
};

}  // namespace marionette::puppetdb
