#pragma once

#include <functional>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "puppetdb/entities.hpp"
#include "puppetdb/fleet_data.hpp"

namespace marionette::puppetdb {

/// What a query needs of a node's rows, so that only that is read and built.
struct RowOptions {
  bool with_facts = false;  ///< nodes: the hidden __facts/__trusted a query on facts reads
  std::optional<std::string> resource_type;  ///< resources: only this type's (the query's =)
  /// resources of resource_type: only those of this title (the query's =)
  std::optional<std::string> resource_title;
  std::optional<std::string> fact_name;  ///< facts, fact-contents: only this fact's rows
  /// The top-level facts read (nodes, facts, fact-contents, inventory): nullopt, all of them.
  std::optional<std::set<std::string>> fact_names;
  /// fact-contents without fact_names: only the facts whose name holds this word
  /// (Predicate::path_first_word), the others stepped over, not parsed.
  std::optional<std::string> fact_name_holding;
  /// fact-contents: whether a fact path can lead to a row the query keeps
  /// (Predicate::path_may_continue); the rows below one it refuses are not made. None: all.
  std::function<bool(const Json& path)> fact_path_may_continue;
  /// inventory: whether the rows need the facts header's own fields (environment, timestamp);
  /// without, only the values are read (FleetData::fact_values), those fields left null
  bool facts_header = true;
  bool resource_hashes = true;  ///< resources: each row's `resource` (else add_resource_hash)
  /// resources of resource_type: whether the rows need the catalog's environment; if not, the
  /// catalog's header is read only when the node has no group of that type (a catalog an
  /// earlier build kept whole, or none), the rows' environment left null
  bool resource_environment = true;
  /// resources: the fields each row is made with (an extract's: Query's fields_used, the
  /// others' text not parsed); nullopt, every field
  std::optional<std::set<std::string>> resource_fields;
};

/// The rows of a per-node entity for one node, built from its documents. `node` is the node's
/// document.
std::vector<Json> node_rows(const Entity& entity, FleetData& fleet, const Json& node,
                            const RowOptions& options);

/// The latest report's events as the node's document keeps them (latest_report_events):
/// [status, resource_type, resource_title, property, name, containing_class] each; null when
/// the report has more than kSummarizedEvents.
Json event_summary(const Json& report);

/// The fields of the reports or events rows that the node's document answers for its latest
/// report (latest_report_rows); none for other entities.
const std::set<std::string>& summary_fields(const Entity& entity);

/// The reports or events rows of the node's latest report built from the node's document, with
/// only summary_fields (only those in `only`, when given); nullopt when the document keeps no
/// summary of the events.
std::optional<std::vector<Json>> latest_report_rows(const Entity& entity, const Json& node,
                                                    const std::set<std::string>* only = nullptr);

/// The events rows of a node's latest report's failure events as KeyLayout::latest_failures
/// keeps them, as latest_report_rows builds them of the node's document; nullopt when an event
/// is not as kept.
std::optional<std::vector<Json>> latest_failure_rows(const std::string& certname,
                                                     const LatestFailures& failures,
                                                     const std::set<std::string>* only);

/// Whether `read` (fields as Predicate::fields_read names them) reads the row field `name`:
/// the field itself or a dotted path under it (parameters.X, value.a.b).
bool reads_field(const std::set<std::string>& read, std::string_view name);

/// A query's ["=", FIELD, VALUE] that a row's text can answer: VALUE as nlohmann writes it, the
/// way every stored row's fields are written. A resource's tag is one element of its `tags`
/// (`any_element`), lower-cased as the query matches tags.
struct TextEquality {
  std::string field;
  std::string text;
  bool any_element = false;
};

/// Which rows a query keeps, asked of a row holding only the fields the query reads.
struct RowTextFilter {
  std::set<std::string> read;  ///< as Predicate::fields_read names them
  std::function<bool(const Json& row)> keep;
  /// Resources and the latest failure events written as text: equalities every kept row meets
  /// (the query's, Predicate::equalities). A row whose text shows one unmet is not kept, and
  /// with `equalities_decide` (they are the whole query) a row whose text shows them all met is
  /// kept, neither parsed for `keep`.
  std::vector<TextEquality> equalities;
  bool equalities_decide = false;
};

/// The equalities among `clauses` a row's text can answer: on a string or boolean field of
/// `entity`, or a tag, with a value of that kind (`all_as_text`: all of them are); the others
/// are left to RowTextFilter::keep.
std::vector<TextEquality> text_equalities(const Entity& entity,
                                          const std::vector<std::pair<std::string, Json>>& clauses,
                                          bool& all_as_text);

/// The node's resources rows that `options` asks for and `filter` keeps, written as the
/// answer's JSON text (its fields, `resource` too) onto `out`, a comma before each but the
/// first of the answer (`ends` empty); each row's end pushed onto `ends`. No row value is
/// made beyond the few fields the filter reads; node_rows parses its rows from the same text.
void resource_rows_text(FleetData& fleet, const std::string& certname, const RowOptions& options,
                        const RowTextFilter& filter, std::string& out,
                        std::vector<std::size_t>& ends);

/// Whether `filter` keeps any of the node's resources rows that `options` asks for: the rows
/// read until one is kept, none written (a subquery that extracts only certnames).
bool resource_row_kept(FleetData& fleet, const std::string& certname, const RowOptions& options,
                       const RowTextFilter& filter);

/// An `=` on a fact path (facts.os.release.major = "9") with a string or boolean: the path's
/// keys and the value's text as nlohmann writes it.
struct FactPathEquality {
  std::vector<std::string> keys;
  std::string value;
};

/// A query's equalities on fact paths, and the top-level facts they read.
struct FactPathEqualities {
  std::vector<FactPathEquality> clauses;
  std::set<std::string> facts;
};

/// The query's `=` clauses as FactPathEqualities, when every one is on facts.… with a string or
/// boolean and plain keys (no quotes, no escapes in the value's text); nullopt otherwise.
std::optional<FactPathEqualities> fact_path_equalities(
    const std::vector<std::pair<std::string, Json>>& clauses);

/// Whether the node's facts meet every equality, read on the fact values' text (an inventory
/// row's facts): a path that ends elsewhere, or at another text, is unmet. nullopt when the
/// text cannot tell (the node keeps its facts as an earlier build did, a key or value written
/// with an escape, an array on the path): the row decides.
std::optional<bool> facts_meet(FleetData& fleet, const std::string& certname,
                               const FactPathEqualities& equalities);

/// The node's facts rows that `options` asks for (only fact_name's) and `filter` keeps, written
/// as resource_rows_text writes its rows; false, nothing written, when the node keeps its facts'
/// values otherwise than as one object (an earlier build's layout: node_rows reads those).
bool fact_rows_text(FleetData& fleet, const std::string& certname, const RowOptions& options,
                    const RowTextFilter& filter, std::string& out, std::vector<std::size_t>& ends);

/// The node's inventory row, if `filter` keeps it, written as resource_rows_text writes its
/// rows; false, nothing written, when the filter reads the facts or trusted (it is asked of
/// the row's certname, environment and timestamp only) or the node keeps its facts' values
/// otherwise than as one object.
bool inventory_row_text(FleetData& fleet, const std::string& certname, const RowTextFilter& filter,
                        std::string& out, std::vector<std::size_t>& ends);

/// A node's rows written as the answer's JSON text, one after another (no comma between
/// them), each ending at its `ends`.
struct RowsText {
  bool active = true;  ///< the node is active
  std::string text;
  std::vector<std::size_t> ends;
};

/// The events rows of a node's latest report's failure events as KeyLayout::latest_failures
/// keeps them (`kept`, as stored), those `filter` keeps, each written with only the fields
/// `written` names; nullopt when `kept` is not so written. The rows latest_failure_rows builds
/// are parsed from the same fields' text.
std::optional<RowsText> latest_failure_rows_text(const std::string& certname, std::string_view kept,
                                                 const RowTextFilter& filter,
                                                 const std::set<std::string>& written);

/// The `resource` field of a resources row built without it.
void add_resource_hash(Json& row);

/// The rows of an entity that is not per node (environments, producers, packages, fact-paths,
/// fact-names; the last two from the index of the active nodes' fact paths). With
/// `fact_name_holding`, fact-paths rows only of the facts whose name holds that word
/// (Predicate::path_first_word): the other paths are not parsed.
std::vector<Json> fleet_rows(const Entity& entity, FleetData& fleet,
                             const std::optional<std::string>& fact_name_holding = std::nullopt);

/// PuppetDB's resource hash, the `resource` field of a resource row.
std::string resource_hash(const std::string& certname, const Json& resource);
/// The same of its parts' JSON texts (as nlohmann writes them).
std::string resource_hash_of(std::string_view certname, std::string_view type,
                             std::string_view title, std::string_view parameters,
                             std::string_view tags, std::string_view exported);

/// A row without its hidden fields, its fields in the entity's order.
Json answer_row(const Entity& entity, const Json& row);
/// answer_row of a row no longer needed: its fields moved, not copied.
Json answer_row(const Entity& entity, Json&& row);

}  // namespace marionette::puppetdb
