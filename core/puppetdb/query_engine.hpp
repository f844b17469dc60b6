#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "puppetdb/entities.hpp"
#include "puppetdb/fleet_data.hpp"

namespace marionette::puppetdb {

/// Paging as the URL parameters and the query's own clauses give it.
struct Paging {
  Json order_by = Json::array();  ///< [[field, "asc"|"desc"], …]
  std::optional<long long> limit;
  std::optional<long long> offset;
  bool include_total = false;
};

struct QueryAnswer {
  Json rows = Json::array();         ///< fact-names: an array of names
  std::optional<std::size_t> total;  ///< with include_total: the rows before paging
  /// The rows as the JSON text of the answer, instead of `rows`: only from an engine made with
  /// `text_rows`, for a query its rows are kept as text for (every active node).
  std::optional<std::string> text;
};

/// PuppetDB's AST query language evaluated over the fleet's data. A query is checked first
/// (fields, operators, arguments: QueryError 400 with PuppetDB's words), then the nodes it can
/// match are found from the indexes (certname, fact name and leaf value, resource type, title,
/// tag, exported; subqueries on certname), only those nodes' documents are read, and every row
/// is checked against the whole query.
class QueryEngine {
 public:
  /// `text_rows`: the caller takes an answer's `text` (the HTTP API) as well as its `rows`.
  explicit QueryEngine(FleetData& fleet, bool text_rows = false)
      : fleet_(fleet), text_rows_(text_rows) {}

  /// /pdb/query/v4: ["from", ENTITY, QUERY?, paging clauses…].
  QueryAnswer from_query(const Json& ast, Paging paging);
  /// /pdb/query/v4/ENTITY?query=…: a condition or ["extract", …], or null for every row.
  QueryAnswer entity_query(const std::string& entity, const Json& query, Paging paging);

 private:
  QueryAnswer run(const Entity& entity, const Json& query, Paging paging, int depth);
  /// Every active node's row as kept ({C}:node-row), written out without reading the nodes'
  /// documents (those of a node without one, written by an earlier build, read instead).
  QueryAnswer all_active_nodes(const Paging& paging);
  FleetData& fleet_;
  bool text_rows_;
};

/// Reads order_by as the URL parameter gives it ([{"field": F, "order": "desc"}, …]) or as the
/// AST's order_by clause ([F, [F, "desc"]]) into [[F, "asc"|"desc"], …]; throws QueryError.
Json read_order_by(const Json& given, bool url_form);

}  // namespace marionette::puppetdb
