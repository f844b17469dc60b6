#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "catalog/catalog.hpp"
#include "puppetdb/key_layout.hpp"
#include "puppetdb/store.hpp"

namespace marionette::puppetdb {

class CatalogBody;
class FactObject;
struct LearntDictionary;

using Json = nlohmann::json;

/// A set and the member a node has in it (its certname, or its id in the sets of node ids).
using Membership = std::pair<std::string, std::string>;

/// The layout of the indexes a node is in and of its documents (its document's `indexes`; layouts
/// 9, catalog bodies naming shared groups, 10, the fact-object in two pieces (fact_object.hpp), and
/// 11, fact-objects and reports deflated with a dictionary learnt from the fleet
/// (learnt_dictionary.hpp), move nothing and are read beside 8, and 12, the nodes' rows in one
/// hash (KeyLayout::node_rows), is read beside the earlier key until the node's next command or
/// the collection (move_node_row), so the number nodes carry stays 8):
/// 8, the first-id fields named by integers (KeyLayout::first_id_of); 7, as 8 but those fields
/// named by hex digits (KeyLayout::first_id_named_of, still read), the node's row packed
/// (node_row.hpp; 6 kept its text, which is still read); 6, the catalog's resources and edges one
/// value (KeyLayout::catalog_body); 5, as 6 but the resources in a hash by type and the edges a key
/// of their own; 5 and 6, the facts' values one object (KeyLayout::fact_object); 4, as 5 but the
/// values in a hash by name (KeyLayout::fact_values), every index of fact names, leaves, resource
/// types, titles, tags and exported types holds node ids (a set, and a bitmap past kIdsBeforeBits
/// ids; key_layout.hpp), a leaf's first node in a field of a shared hash (KeyLayout::first_id_of);
/// 3 (an earlier build), the same without the first-id fields; 2, the leaf and title indexes held
/// ids and the others certnames; none, every index held certnames, the leaves and titles under
/// their text.
constexpr int kIndexLayout = 8;

/// How many ids an index of node ids keeps in its set before it moves them to its bitmap: a
/// set of small integers costs 2 bytes an id (Redis's intset, up to set-max-intset-entries,
/// 512 by default, beyond which it costs ~40), a bitmap an eighth of a byte a node in the
/// fleet; a value few nodes share stays a set, one most share becomes a bitmap.
constexpr std::size_t kIdsBeforeBits = 256;

/// How long PuppetDB keeps what it has, its [database] settings (zero: for ever): node-ttl
/// (a node with no facts, catalog or report produced for that long is expired), node-purge-ttl
/// (a node deactivated or expired that long ago is deleted with all its data), report-ttl
/// (reports produced before that long ago, counted from the start of that day, are dropped).
struct Retention {
  std::chrono::seconds node_ttl{0};
  std::chrono::seconds node_purge_ttl{0};
  std::chrono::seconds report_ttl{0};
};

/// What one collect_garbage did.
struct Collected {
  std::size_t expired = 0;
  std::size_t purged = 0;
  std::size_t reports_dropped = 0;
};

/// A node's latest report's failure events as KeyLayout::latest_failures keeps them.
struct LatestFailures {
  bool active = true;  ///< the node is active (neither deactivated nor expired)
  Json hash;           ///< the report's hash
  Json environment;    ///< the report's environment
  Json events;         ///< [[status, type, title, property, name, class]…], failures only
};

/// PuppetDB's data in the store: the commands write it (as PuppetDB's command processing does:
/// older data than what is kept is ignored, newer data reactivates a deactivated node), the
/// queries read it. Documents per node (key_layout.hpp):
///   node-rows (one hash, by certname: layout 12) the node's row as /nodes answers it
///            (node_answer_text), packed (node_row.hpp); layouts 6 to 11 kept it as node-row
///   node     {certname, node_id, deactivated, expired, facts/catalog/report _timestamp and
///             _environment, latest_report_*, cached_catalog_status, latest_report_events (the
///             latest report's events as [status, resource_type, resource_title, property,
///             name, containing_class], null when it has more than kSummarizedEvents), indexes
///             (kIndexLayout)}
///   facts    {certname, environment, timestamp, producer_timestamp, producer, hash,
///             package_inventory (v5's [name, version, provider] list, when sent)}
///   fact-object  the facts' values, one JSON object deflated with facts_dictionary() (a query
///             parses only the facts it names); layout 4 kept them in a hash by name
///             (fact-values), read until the node is moved (move_fact_values); a facts
///             document written by an earlier build still holds its values inline and answers
///             as it is until the node's next facts replace it
///   catalog  {certname, version, environment, transaction_uuid, catalog_uuid, code_id, job_id,
///             producer_timestamp, producer, hash, timestamp}
///   catalog-body  the catalog's resources by type and its edges ([{source, target,
///             relationship}, …]), one value (packed_resources.hpp CatalogBody); layout 5 kept
///             them as `resources`, a hash by type, and `edges`, read until the node is moved
///             (move_catalog_body). A catalog written by this build keeps the groups that do
///             not name the node apart, once for all the nodes that have the same
///             (catalog_body_parts, KeyLayout::shared_groups: the node's body holds their
///             name, replaced with SET … GET so that the body replaced lets go of its part);
///             a body written before stays as it is until the node's next catalog
///   reports  the reports as sent, with hash and receive_time, newest first, bounded
/// Timestamps are kept in PuppetDB's form (2026-11-29T13:00:00.000Z).
class FleetData {
 public:
  FleetData(Store& store, std::string prefix, std::size_t reports_kept = 20)
      : store_(store), keys_(std::move(prefix)), reports_kept_(reports_kept) {}

  // The commands: `payload` in the wire format of replace facts v5, replace catalog v9, store
  // report v8, deactivate node v3; `received` is when the command came. Throws QueryError(400)
  // for a payload that is not of its form, StoreError. A catalog whose hash (resources, edges,
  // environment) is the stored one's rewrites only its header, as PuppetDB's hash match does.
  void replace_facts(const Json& payload, const std::string& received);
  void replace_catalog(Json payload, const std::string& received);
  /// replace_catalog(catalog_command(catalog, producer, now), now), from the compiled catalog
  /// itself (compiled_catalog.hpp): its hash computed from its text, its resources packed only
  /// when the hash is not the stored one's. False, and nothing stored, when one of its strings
  /// is not UTF-8 (the caller stores what the catalog's JSON gives).
  bool replace_compiled_catalog(const catalog::Catalog& catalog, const std::string& producer,
                                const std::string& now);
  void store_report(const Json& payload, const std::string& received);
  void deactivate_node(const Json& payload, const std::string& received);

  /// PuppetDB's periodic garbage collection at `now` (milliseconds since the epoch): expires
  /// the stale nodes, purges the long-inactive ones, drops the old reports (and indexes the
  /// latest report of a node an earlier build stored, summarize_latest_report). Every step is one
  /// key at a time and idempotent, so servers sharing the store may each run it.
  Collected collect_garbage(const Retention& retention, std::int64_t now);

  std::vector<std::string> certnames() { return store_.members(keys_.all_nodes()); }
  /// The certnames in the set (a set of node ids, KeyLayout::holds_node_ids, read back as the
  /// certnames of node-names), sorted, each once.
  std::vector<std::string> members(const std::string& key);
  /// The node ids of an index of node ids (its set and its bitmap), sorted; once as read
  /// ahead by prefetch_ids.
  std::vector<std::size_t> ids(const std::string& key);
  /// Reads the ids of these indexes of node ids together (one round trip), for ids() to take.
  void prefetch_ids(const std::vector<std::string>& keys);
  /// The certnames of these node ids (node-names, one HMGET a thousand ids), sorted; an id no
  /// node has any more is left out.
  std::vector<std::string> names_of(const std::vector<std::size_t>& ids);
  std::optional<Json> node(const std::string& certname) { return document(keys_.node(certname)); }
  /// The node's row as /nodes answers it, as kept (KeyLayout::node_rows: prefetched, or read;
  /// else where layouts 6 to 11 kept it); nullopt when none is kept (a node an earlier build
  /// wrote: its document answers).
  std::optional<std::string> kept_node_row(const std::string& certname);
  /// The rows of these nodes as kept_node_row finds them, but as stored (packed, or text:
  /// node_row.hpp reads either): one HMGET a thousand of them (and one GET each for those an
  /// earlier layout keeps).
  std::vector<std::optional<std::string>> stored_node_rows(
      const std::vector<std::string>& certnames);
  /// Moves the node's row from where layouts 6 to 11 kept it to node_rows, unless one is there
  /// already (written since by a command, which left the old one unread): the collection does.
  void move_node_row(const std::string& certname);
  /// The node's catalog_environment as its kept row holds it (JSON text: a string or null),
  /// read where the catalog's header would be inflated for it alone (its resources' rows);
  /// nullopt when no row is kept.
  std::optional<std::string> kept_catalog_environment(const std::string& certname);
  /// Only these fields of the node's document (the others stepped over, not parsed).
  std::optional<Json> node_fields(const std::string& certname,
                                  const std::set<std::string, std::less<>>& fields);
  /// The facts document with its values: all of them, or only those of the top-level facts
  /// in `names`.
  std::optional<Json> facts(const std::string& certname,
                            const std::optional<std::set<std::string>>& names = std::nullopt);
  /// The facts' values alone (a nodes row's hidden __facts), as facts() gives them; from the
  /// fact-object without parsing the facts' header when the node has one.
  std::optional<Json> fact_values(const std::string& certname,
                                  const std::optional<std::set<std::string>>& names);
  /// The values of the top-level facts in `names` as the node's fact-object keeps them
  /// (nlohmann's dump), nothing parsed or copied: each fact's name as written and its value's
  /// text, lasting while `each` runs (FactObject::for_each_member); false, nothing called, when
  /// the node has no fact-object (no facts, or an earlier build's layout: fact_values reads
  /// those).
  bool for_each_fact_value(
      const std::string& certname, const std::set<std::string>& names,
      const std::function<void(std::string_view written, std::string_view value)>& each);
  /// The facts document with only the values of the top-level facts whose name holds `word`.
  std::optional<Json> facts_holding(const std::string& certname, const std::string& word);
  /// The facts document without its values (`header`, nullopt when the node has none) and the
  /// values' JSON text as stored (the fact-object inflated), what the facts rows are written
  /// from; `values` nullopt when the node keeps them otherwise (an earlier build's layout):
  /// facts() reads those.
  struct FactsText {
    std::optional<Json> header;
    std::optional<std::string> values;
  };
  /// With `header_fields`, only those fields of the header are parsed (and `values`, which an
  /// earlier build's header holds), the others stepped over; with `names`, the values hold only
  /// those top-level facts (FactObject::text: the large piece inflated only when needed).
  FactsText facts_text(const std::string& certname,
                       const std::set<std::string, std::less<>>* header_fields = nullptr,
                       const std::set<std::string>* names = nullptr);
  /// The catalog document with its resources.
  std::optional<Json> catalog(const std::string& certname);
  /// The catalog's edges; `header` is catalog_header's.
  Json catalog_edges(const std::string& certname, const Json& header);
  /// The catalog document without its resources and edges (its own fields).
  std::optional<Json> catalog_header(const std::string& certname) {
    return document(keys_.catalog(certname));
  }
  /// Only these fields of the catalog document (the others stepped over, not parsed).
  std::optional<Json> catalog_header_fields(const std::string& certname,
                                            const std::set<std::string, std::less<>>& fields);
  /// The catalog's resources, all or only those of `type` (and of `title`); `header` is
  /// catalog_header's.
  Json catalog_resources(const std::string& certname, const Json& header,
                         const std::optional<std::string>& type = std::nullopt,
                         const std::optional<std::string>& title = std::nullopt);
  /// The same as packed groups (pack_by_type's form, JSON text), with their types: every group,
  /// or only `type`'s.
  std::vector<std::pair<std::string, std::string>> catalog_groups(
      const std::string& certname, const Json& header,
      const std::optional<std::string>& type = std::nullopt);
  std::vector<Json> reports(const std::string& certname);
  /// What KeyLayout::latest_statuses keeps for each of these nodes; nullopt for a node it has
  /// nothing for (gone, or last written by an earlier build).
  std::vector<std::optional<std::string>> latest_statuses(
      const std::vector<std::string>& certnames) {
    return store_.fields_of(keys_.latest_statuses(), certnames);
  }
  /// latest_statuses (one HMGET) read in the same round trip as these documents and hash
  /// fields, which the next reads answer from (prefetch).
  std::vector<std::optional<std::string>> latest_statuses_with(
      const std::vector<std::string>& certnames, const std::vector<std::string>& documents,
      const std::vector<std::pair<std::string, std::string>>& key_fields = {});
  /// What KeyLayout::latest_statuses keeps for the node's document: "a:" or "i:" (active or
  /// not), then its latest report's status.
  static std::string latest_status_of(const Json& node);
  /// A text latest_statuses or latest_failures keeps, read back: whether its node is active
  /// (its "a:" or "i:") and what follows; nullopt for a text not so written.
  struct KeptState {
    bool active;
    std::string_view rest;
  };
  static std::optional<KeptState> read_kept_state(std::string_view kept);
  /// The node's document as far as the rows of facts, resources and the other entities built
  /// of the node's own documents read it (its certname and whether it is active), from what
  /// latest_statuses keeps; nullopt for a text not so written.
  static std::optional<Json> node_of_latest_status(const std::string& certname,
                                                   const std::string& kept);
  /// What KeyLayout::latest_failures keeps for each of these nodes; nullopt for a node it has
  /// nothing for (its latest report has no failure event, or an earlier build wrote it).
  std::vector<std::optional<std::string>> latest_failures(
      const std::vector<std::string>& certnames) {
    return store_.fields_of(keys_.latest_failures(), certnames);
  }
  /// What KeyLayout::latest_failures keeps for the node's document; nullopt when its latest
  /// report has no failure event or its events are not summarized (latest_report_events).
  static std::optional<std::string> latest_failures_of(const Json& node);
  /// What latest_failures keeps for a node, read back; nullopt for a text not so written.
  static std::optional<LatestFailures> read_latest_failures(const std::string& kept);
  std::vector<std::string> environments() { return store_.members(keys_.environments()); }
  std::vector<std::string> producers() { return store_.members(keys_.producers()); }
  /// The [path, type] (JSON text) of every fact leaf some active node has.
  std::vector<std::string> fact_paths() { return store_.members(keys_.fact_paths()); }
  const KeyLayout& keys() const { return keys_; }
  Store& store() { return store_; }

  /// Reads these strings, hash fields ({key, field}) and lists together (pipelined); the next
  /// read of each (node(), facts(), catalog_header(), catalog_edges(), catalog_resources() of a
  /// type, reports()) answers from what was read, once. forget_prefetched drops what is left.
  void prefetch(const std::vector<std::string>& keys,
                const std::vector<std::pair<std::string, std::string>>& key_fields = {},
                const std::vector<std::string>& lists = {},
                const std::vector<std::string>& hashes = {});
  void forget_prefetched();

 private:
  std::optional<Json> document(const std::string& key);
  /// Only the members of the document that `wanted` accepts (the others stepped over).
  std::optional<Json> document_fields(const std::string& key,
                                      const std::function<bool(std::string_view name)>& wanted);
  /// The values the node's fact-object `object` keeps: all of them (no `wanted`), or those
  /// `wanted` accepts, at most `accepted` (0: not known) of them.
  Json object_values(const std::string& certname, std::string object,
                     const std::function<bool(std::string_view name)>& wanted,
                     std::size_t accepted);
  /// The node's stored fact-object, read with the learnt dictionary it names (learnt_dictionary).
  FactObject fact_object(std::string stored);
  /// The text of the learnt dictionary of that name: kept by this process
  /// (kept_learnt_dictionaries), else read from the store and checked against its name. Throws
  /// StoreError for none, or a text that is not the name's.
  std::shared_ptr<const std::string> learnt_dictionary(const std::string& name);
  /// The learnt dictionary a node's new fact-object (report) is deflated with: the one
  /// `current_key` names (KeyLayout::facts_dictionary, reports_dictionary); none yet, `document`
  /// sampled in `samples_key`, and once kLearntSamples nodes' are, the dictionary learnt from
  /// them written and named the store's (SET NX: of two servers learning at once, the first to
  /// name its dictionary gives everyone's; the other's is removed), the samples removed.
  std::optional<LearntDictionary> learnt_dictionary_to_write(const std::string& current_key,
                                                             const std::string& samples_key,
                                                             const std::string& certname,
                                                             const Json& document);
  /// A stored report's text (learnt_json_text, its learnt dictionary by learnt_dictionary).
  std::string report_text(const std::string& stored);
  /// facts(): the values of the top-level facts `wanted` accepts; `names`, when given, are all
  /// it accepts (read by name where the values are kept by name).
  std::optional<Json> selected_facts(const std::string& certname,
                                     const std::function<bool(std::string_view name)>& wanted,
                                     const std::optional<std::set<std::string>>& names);
  /// The tail of replace_catalog: `document` is the catalog's header with its hash; `sets`
  /// gives the index sets of its resources (certname, node id), `stored` its packed resources
  /// and its edges' text, asked for only when the hash is not the stored one's.
  void store_catalog(
      Json document, const std::string& environment, const std::string& producer,
      const std::function<std::vector<Membership>(const std::string&, const std::string&)>& sets,
      const std::function<std::pair<std::map<std::string, std::string>, std::string>()>& stored);
  Json node_or_new(const std::string& certname);
  /// Adds the node to the sets it joins, writes its document, then leaves the sets it left:
  /// an index always names at least the nodes that match it.
  void replace_document(std::vector<Membership> old_sets, std::vector<Membership> new_sets,
                        const std::function<void()>& write);
  /// The node joins (leaves) the sets: a set of certnames by SADD (SREM); an index of node ids
  /// by its set or its bitmap, the set moved to the bitmap once it has more than
  /// kIdsBeforeBits ids.
  void change_sets(const std::vector<Membership>& memberships, bool join);
  void move_to_bits(const std::string& key);
  /// The leaf indexes of `memberships` whose set holds the node's id alone (layout 3 kept
  /// every leaf's ids in its set) keep it in their first-id field instead
  /// (KeyLayout::first_id_of).
  void move_first_ids(const std::vector<Membership>& memberships);
  /// The leaf and title indexes of `memberships` whose first-id field named by hex digits
  /// (layouts 4 to 7) holds the node's id keep it in the field named by an integer instead
  /// (KeyLayout::first_id_of, layout 8).
  void move_first_id_names(const std::vector<Membership>& memberships);
  void replace_document(const std::vector<std::string>& old_sets,
                        const std::vector<std::string>& new_sets, const std::string& certname,
                        const std::function<void()>& write);
  /// A node an earlier build indexed (no `indexes` in its document) moves from the sets of
  /// certnames under the leaf's or resource's text to the sets of node ids (node_or_new, and
  /// collect_garbage at the server's start for every node); whether it did. The caller writes
  /// the node's document.
  bool upgrade_indexes(Json& node);
  /// A node of layout 4: its fact values' hash by name (fact-values) becomes its fact-object
  /// (written only where none is, then the hash removed).
  void move_fact_values(const std::string& certname);
  /// A node of layout 5: its resources' hash by type and its edges become its catalog body
  /// (written only where none is, then the two removed).
  void move_catalog_body(const std::string& certname);
  /// The node's stored catalog body, its shared part read with it (SharedGroupsCache, else the
  /// store; the body read again if it was replaced meanwhile and its part let go).
  CatalogBody body_of(const std::string& certname, std::string stored);
  /// Lets go of the shared part `body` (a body replaced or removed) names, if any.
  void release_shared_part(const std::optional<std::string>& body);
  /// A node made active again by newer data goes back into the fact-path bitmaps.
  void reactivated(Json& node, bool was_active);
  /// replace_facts() for values whose hash is the stored ones': the header and the node's
  /// times rewritten, the values, fact sets and paths left as they are. False (nothing
  /// written) for a deactivated node.
  bool replace_fact_times(const Json& payload, const std::string& certname,
                          const std::string& produced, const std::string& received,
                          const std::string& hash);
  /// Writes the node's document, and its row as /nodes answers it (node_answer_text).
  void write_node(const Json& node);
  void note_node(const std::string& certname, const std::string& environment,
                 const std::string& producer);
  /// The node's number for the bitmaps and the sets of node ids (kept in its document, and in
  /// node-ids and node-names), assigned when it has none.
  long long node_id(Json& node);
  /// The node's bits in the fact-path bitmaps: set for `added`, cleared for `removed` (a path
  /// no active node has any more leaves the set of fact paths).
  void index_fact_paths(Json& node, const std::set<std::string>& added,
                        const std::set<std::string>& removed);
  /// The [path, type] texts of the facts document's leaves.
  std::set<std::string> fact_paths_of(const std::optional<Json>& facts);
  /// The node's documents and its place in every index, gone.
  void purge_node(Json& node);
  /// A node written by an earlier build (no latest_report_events) gets its latest report's
  /// summary and its place in the latest-report indexes; collect_garbage, which runs when the
  /// server starts, brings a whole store written by an earlier build up to date.
  void summarize_latest_report(Json& node);
  /// Drops the node's reports produced before `horizon`; how many. The node's latest-report
  /// fields are cleared when none is left (PuppetDB's latest_report_id set to null).
  std::size_t drop_reports_before(Json& node, std::int64_t horizon);

  /// What prefetch read: strings by key, fields by key + '\0' + field, lists and whole hashes
  /// by key.
  std::optional<std::string> take_prefetched(const std::string& key);
  /// `keys`, and the catalog body of each node whose resources or edges they name.
  std::vector<std::string> with_catalog_bodies(
      const std::vector<std::string>& keys,
      const std::vector<std::pair<std::string, std::string>>& key_fields = {}) const;
  /// The node's row as stored (node-rows, prefetched or read, else an earlier layout's key).
  std::optional<std::string> stored_node_row(const std::string& certname);
  std::optional<std::string> take_prefetched_field(const std::string& key,
                                                   const std::string& field);
  std::map<std::string, std::string> take_prefetched_hash(const std::string& key);
  std::unordered_map<std::string, std::optional<std::string>> prefetched_;
  std::map<std::string, std::vector<std::string>> prefetched_lists_;
  std::map<std::string, std::map<std::string, std::string>> prefetched_hashes_;
  std::map<std::string, std::vector<std::size_t>> prefetched_ids_;
  /// The latest-report indexes the node is in (by its document's latest_report_status and
  /// latest_report_events).
  std::vector<std::string> latest_report_sets(const Json& node) const;

  Store& store_;
  KeyLayout keys_;
  /// The indexes of ids upgrade_indexes found within kIdsBeforeBits or moved (once each).
  std::set<std::string> sizes_checked_;
  std::size_t reports_kept_;
};

/// The node's row as /nodes answers it, JSON text (kept as `{C}:node-row`, so that a query for
/// every node writes out the rows as kept instead of reading each node's document).
std::string node_answer_text(const Json& node);

/// PuppetDB's SHA-1 hex of a document (the hash fields of catalogs, factsets and reports).
std::string document_hash(const Json& document);
/// document_hash of the array of `parts`, without copying them into one.
std::string document_hash(std::initializer_list<const Json*> parts);

/// How many events of the latest report the node's document keeps (latest_report_events).
constexpr std::size_t kSummarizedEvents = 64;

/// Whether a node's document says it is deactivated or expired.
bool node_is_active(const Json& node);

}  // namespace marionette::puppetdb
