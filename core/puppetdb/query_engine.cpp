// A query's steps: checked, the candidate nodes found from the indexes, their rows built and
// matched, then extract (with group_by and aggregate functions), order_by, offset and limit.
#include "puppetdb/query_engine.hpp"

#include <algorithm>
#include <functional>
#include <map>

#include "http/answer_buffers.hpp"
#include "puppetdb/json_scan.hpp"
#include "puppetdb/node_row.hpp"
#include "puppetdb/predicate.hpp"
#include "puppetdb/projection_order.hpp"
#include "puppetdb/query_error.hpp"
#include "puppetdb/rows.hpp"

namespace marionette::puppetdb {

namespace {

constexpr int kMaxSubqueryDepth = 16;
constexpr std::size_t kNodesAtOnce = 256;
/// What an answer's text reserves beyond itself: the HTTP response's head is inserted in front
/// of the body in place (http::serialize), not into a copy of it.
constexpr std::size_t kResponseHeadRoom = 512;

/// The answer's text sized once, from the rows of its first node written, for every node at
/// that size and a quarter more (at most 64 MiB): a large answer otherwise grows by doubling,
/// each time copied into pages the server maps afresh (it maps each block past 64 KiB apart),
/// and a page's first write faults, which was a fifth of resources by tag's 1.5 MB answer.
/// Pages reserved and never written are never touched, so an estimate too large costs no memory.
class AnswerSizing {
 public:
  explicit AnswerSizing(std::size_t nodes) : nodes_(nodes) {}

  /// After `done` of the nodes were read, their rows in `text`.
  void after(std::string& text, std::size_t done) {
    if (sized_ || done == 0 || text.size() < 2) return;
    sized_ = true;
    constexpr std::size_t kMostReserved = 64 * 1024 * 1024;
    const std::size_t per_node = text.size() / done + 1;
    const std::size_t estimate =
        per_node > kMostReserved / nodes_ ? kMostReserved : per_node * nodes_ / 4 * 5;
    if (estimate + kResponseHeadRoom <= text.capacity()) return;
    // in a kept buffer when one is large enough (its pages already mapped)
    std::string larger = http::AnswerBuffers::process().take(estimate + kResponseHeadRoom);
    larger += text;
    text.swap(larger);
  }

 private:
  std::size_t nodes_;
  bool sized_ = false;
};

/// Whether a node's own document leaves its rows a chance to match.
using NodeFilter = std::function<bool(const Json& node)>;

/// What the node's document already answers: a query on the latest report (latest_report? =
/// true) matches only nodes with one, of the status asked for (reports' status = "failed").
NodeFilter node_filter(const Entity& entity, const Predicate& predicate) {
  if (entity.name != "reports" && entity.name != "events") return [](const Json&) { return true; };
  std::optional<Json> latest = predicate.required_value("latest_report?");
  if (!latest || *latest != true) return [](const Json&) { return true; };
  std::optional<Json> status =
      entity.name == "reports" ? predicate.required_value("status") : std::nullopt;
  return [status](const Json& node) {
    const Json hash = node.value("latest_report_hash", Json(nullptr));
    if (hash.is_null()) return false;
    return !status || node.value("latest_report_status", Json(nullptr)) == *status;
  };
}

struct Extract {
  std::vector<std::string> fields;  ///< plain fields, in order
  std::vector<Json> functions;      ///< ["function", NAME, FIELD?]
  std::vector<std::string> group_by;
  bool present = false;
};

/// The node's documents the entity's rows are built from, to read together.
void source_documents(const Entity& entity, const RowOptions& options, const KeyLayout& keys,
                      const std::string& certname, std::vector<std::string>& documents,
                      std::vector<std::pair<std::string, std::string>>& fields,
                      std::vector<std::string>& lists) {
  const std::string& name = entity.name;
  // the facts' header, and their values (one object: FleetData::facts parses only the
  // top-level facts the query reads, options.fact_names)
  auto facts = [&] {
    if (name != "inventory" || options.facts_header) documents.push_back(keys.facts(certname));
    documents.push_back(keys.fact_object(certname));
  };
  if (name == "nodes") {
    // the values alone (FleetData::fact_values): the header is read only by a node an earlier
    // build wrote, which has no fact-object
    if (options.with_facts) documents.push_back(keys.fact_object(certname));
  } else if (name == "resources") {
    // a type's rows take the environment from the node's kept row, not the catalog's header
    if (!options.resource_type)
      documents.push_back(keys.catalog(certname));
    else if (options.resource_environment)
      fields.emplace_back(keys.node_rows(), certname);
    // the catalog body (layout 6 on): a node layout 5 left (its resources a hash by type, read
    // until the node is moved) reads its type's field alone when it finds no body
    documents.push_back(keys.catalog_body(certname));
  } else if (name == "edges" || name == "catalogs") {
    documents.push_back(keys.catalog(certname));
    documents.push_back(keys.edges(certname));
  } else if (name == "reports" || name == "events") {
    lists.push_back(keys.reports(certname));
  } else {
    facts();
  }
}

/// Whether the query reads nothing of a node but its certname and facts (facts.… and
/// trusted.…), what a nodes row made of the node's kept state and facts holds.
bool reads_only_certname_and_facts(const Predicate& predicate) {
  for (const std::string& field : predicate.fields_read())
    if (field != "certname" && !field.starts_with("facts.") && !field.starts_with("trusted."))
      return false;
  return true;
}

/// Every field the query reads, extracts, groups by or orders by.
std::set<std::string> fields_used(const Predicate& predicate, const Extract& extract,
                                  const Paging& paging) {
  std::set<std::string> used = predicate.fields_read();
  used.insert(extract.fields.begin(), extract.fields.end());
  used.insert(extract.group_by.begin(), extract.group_by.end());
  for (const Json& function : extract.functions)
    if (function.size() > 2 && function[2].is_string()) used.insert(function[2].get<std::string>());
  for (const Json& term : paging.order_by) used.insert(term[0].get<std::string>());
  return used;
}

/// Whether the reports or events rows of the nodes' latest reports, as their documents keep
/// them, hold every field the query reads and answers: the query asks for the latest report
/// (latest_report? = true) and extracts only such fields.
bool latest_report_summary_answers(const Entity& entity, const Predicate& predicate,
                                   const Extract& extract, const Paging& paging) {
  const std::set<std::string>& known = summary_fields(entity);
  if (known.empty() || !extract.present) return false;
  std::optional<Json> latest = predicate.required_value("latest_report?");
  if (!latest || *latest != true) return false;
  for (const std::string& field : fields_used(predicate, extract, paging))
    if (!known.count(field)) return false;
  return true;
}

/// The rows of failed nodes: every row's certname, and the status all of them have.
struct LatestStatusRows {
  std::vector<std::string> certnames;
  Json status;
};

/// reports[FIELDS] { status = S and latest_report? = true } (failed nodes), FIELDS of
/// certname, status and latest_report?: the nodes of the status's index whose kept status
/// (KeyLayout::latest_statuses) is S, active or not as reports go, sorted by certname as the
/// rows from their documents would be, none of those read. nullopt for any other query, or
/// when a node of the index has nothing kept (last written by an earlier build).
std::optional<LatestStatusRows> latest_status_rows(const Entity& entity, const Json& condition,
                                                   const std::set<std::string>& used,
                                                   const Extract& extract, const Paging& paging,
                                                   FleetData& fleet) {
  if (entity.name != "reports" || !extract.present || !extract.functions.empty() ||
      !extract.group_by.empty() || !paging.order_by.empty())
    return std::nullopt;
  for (const std::string& field : used)
    if (field != "certname" && field != "status" && field != "latest_report?") return std::nullopt;
  if (!condition.is_array() || condition.size() != 3 || condition[0] != "and") return std::nullopt;
  const Json* status = nullptr;
  bool latest = false;
  for (std::size_t i = 1; i < 3; ++i) {
    const Json& part = condition[i];
    if (!part.is_array() || part.size() != 3 || part[0] != "=") return std::nullopt;
    if (part[1] == "latest_report?" && part[2] == true)
      latest = true;
    else if (part[1] == "status" && part[2].is_string())
      status = &part[2];
    else
      return std::nullopt;
  }
  if (!latest || !status) return std::nullopt;
  const std::string& wanted = status->get_ref<const std::string&>();
  // sorted, each once (FleetData::members)
  std::vector<std::string> names = fleet.members(fleet.keys().latest_report_status(wanted));
  const std::vector<std::optional<std::string>> kept = fleet.latest_statuses(names);
  LatestStatusRows rows{{}, *status};
  for (std::size_t i = 0; i < names.size(); ++i) {
    const std::optional<FleetData::KeptState> state =
        kept[i] ? FleetData::read_kept_state(*kept[i]) : std::nullopt;
    if (!state) return std::nullopt;  // nothing kept, or not so written: the documents answer
    if (state->rest != wanted) continue;
    rows.certnames.push_back(std::move(names[i]));
  }
  return rows;
}

/// The rows of latest_status_rows as values.
std::vector<Json> latest_status_values(LatestStatusRows&& kept) {
  std::vector<Json> rows;
  rows.reserve(kept.certnames.size());
  for (std::string& certname : kept.certnames)
    rows.push_back(
        {{"certname", std::move(certname)}, {"status", kept.status}, {"latest_report?", true}});
  return rows;
}

/// The rows of latest_status_rows projected on the extract's `fields` (certname, status,
/// latest_report?) and written as the answer's text, as the values would dump (their fields
/// by name).
void append_latest_status_rows(const LatestStatusRows& kept, const std::vector<std::string>& fields,
                               std::string& text, std::vector<std::size_t>& ends) {
  const std::set<std::string> written(fields.begin(), fields.end());
  const std::string status = kept.status.dump(-1, ' ', false, Json::error_handler_t::replace);
  for (const std::string& certname : kept.certnames) {
    if (!ends.empty()) text += ',';
    text += '{';
    for (const std::string& field : written) {  // certname, latest_report?, status
      if (text.back() != '{') text += ',';
      text += '"';
      text += field;
      text += "\":";
      if (field == "certname")
        append_json_string(certname, text);
      else if (field == "status")
        text += status;
      else
        text += "true";
    }
    text += '}';
    ends.push_back(text.size());
  }
}

/// The fields of the node's document a query needs when it needs only a few: for every
/// entity but nodes, the node's certname and state and its latest report's hash and status
/// (what node_rows and node_filter read), with the latest report's summary (and its events,
/// for events) when the rows are built of it; for nodes, its certname and state when the query
/// extracts and reads only certname, as a subquery's join does, else the fields of its answer
/// and those the query reads. nullopt: the whole document.
/// The rest of the document is stepped over, not parsed (json_scan.hpp).
std::optional<std::set<std::string, std::less<>>> node_fields_needed(
    const Entity& entity, bool from_summary, const Extract& extract,
    const std::set<std::string>& used, const RowOptions& options) {
  std::set<std::string, std::less<>> fields = {"certname", "deactivated", "expired"};
  if (entity.name != "nodes") {
    fields.insert({"latest_report_hash", "latest_report_status"});
    if (!from_summary) return fields;
    // the row fields the query uses, as the node's document keeps them (latest_report_rows)
    static const std::map<std::string, std::string> kept_as = {
        {"noop", "latest_report_noop"},
        {"noop_pending", "latest_report_noop_pending"},
        {"environment", "report_environment"},
        {"job_id", "latest_report_job_id"},
        {"cached_catalog_status", "cached_catalog_status"},
        {"producer_timestamp", "report_producer_timestamp"}};
    for (const std::string& field : used)
      if (auto kept = kept_as.find(field); kept != kept_as.end()) fields.insert(kept->second);
    if (entity.name == "events") fields.insert("latest_report_events");
    return fields;
  }
  bool certname_only = extract.present && !options.with_facts;
  for (const std::string& field : used) certname_only = certname_only && field == "certname";
  if (certname_only) return fields;
  // the answer's fields and those the query reads: the latest report's events, the indexes
  // and the producer timestamps stepped over
  for (const Field& field : entity.fields)
    if (field.in_answer) fields.insert(field.name);
  fields.insert(used.begin(), used.end());
  return fields;
}

/// The top-level facts whose values the rows need: those the query reads, and for inventory
/// those it extracts (all when it answers the facts whole); nullopt: all of them.
std::optional<std::set<std::string>> facts_needed(const Entity& entity, const Predicate& predicate,
                                                  const Extract& extract,
                                                  const std::optional<std::string>& fact_name) {
  if (entity.name == "package-inventory") return std::set<std::string>{};  // in the header
  if (fact_name && (entity.name == "facts" || entity.name == "fact-contents"))
    return std::set<std::string>{*fact_name};
  if (entity.name == "nodes") return predicate.facts_read();
  if (entity.name != "inventory" || !extract.present ||
      (extract.fields.empty() && extract.functions.empty()))
    return std::nullopt;
  std::set<std::string> used = predicate.fields_read();
  used.insert(extract.fields.begin(), extract.fields.end());
  used.insert(extract.group_by.begin(), extract.group_by.end());
  for (const Json& function : extract.functions)
    if (function.size() > 2 && function[2].is_string()) used.insert(function[2].get<std::string>());
  return top_level_facts(used);
}

/// 'a' and 'b'; 'a', 'b', and 'c': the lists of PuppetDB's field refusals.
std::string quoted_list_with_and(const std::vector<std::string>& words) {
  std::string text;
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (i > 0) text += words.size() > 2 ? (i + 1 == words.size() ? ", and " : ", ") : " and ";
    text += "'" + words[i] + "'";
  }
  return text;
}

/// Splits ["extract", FIELDS, CONDITION?, ["group_by", …]?] into its parts.
Extract read_extract(const Entity& entity, const Json& query, Json* condition) {
  Extract extract;
  extract.present = true;
  if (query.size() < 2 || query.size() > 4)
    throw QueryError(400, query.dump() +
                              " is not well-formed: extract takes fields, a query "
                              "and a group_by");
  std::vector<std::string> unknown;
  Json fields = query[1].is_array() && !(query[1].size() > 0 && query[1][0] == "function")
                    ? query[1]
                    : Json::array({query[1]});
  for (const Json& field : fields) {
    if (field.is_array() && !field.empty() && field[0] == "function") {
      extract.functions.push_back(field);
      continue;
    }
    if (!field.is_string()) throw QueryError(400, "Unsupported extract field " + field.dump());
    const std::string name = field;
    if (!find_field(entity, name)) unknown.push_back(name);
    extract.fields.push_back(name);
  }
  if (!unknown.empty()) {
    std::vector<std::string> acceptable = extractable_fields(entity.name);
    if (acceptable.empty())
      for (const Field& f : entity.fields)
        if (f.type != FieldType::dotted) acceptable.push_back(f.name);
    throw QueryError(400, "Can't extract unknown '" + entity.selector + "' " +
                              (unknown.size() > 1 ? "fields " : "field ") +
                              quoted_list_with_and(unknown) + ". Acceptable fields are " +
                              quoted_list_with_and(acceptable));
  }
  *condition = nullptr;
  for (std::size_t i = 2; i < query.size(); ++i) {
    const Json& part = query[i];
    if (part.is_array() && !part.empty() && part[0] == "group_by") {
      for (std::size_t j = 1; j < part.size(); ++j) extract.group_by.push_back(part[j]);
    } else {
      *condition = part;
    }
  }
  return extract;
}

Json function_value(const Json& function, const std::vector<const Json*>& rows) {
  const std::string name = function.size() > 1 ? function[1].get<std::string>() : "";
  if (name == "count") {
    if (function.size() == 2) return rows.size();
    std::size_t count = 0;
    for (const Json* row : rows)
      if (!field_value(*row, function[2].get<std::string>()).is_null()) ++count;
    return count;
  }
  if (function.size() != 3 || !function[2].is_string())
    throw QueryError(400, "The function " + function.dump() + " needs a field");
  Json best = nullptr;
  double sum = 0;
  std::size_t numbers = 0;
  for (const Json* row : rows) {
    Json value = field_value(*row, function[2].get<std::string>());
    if (value.is_null()) continue;
    if (value.is_number()) {
      sum += value.get<double>();
      ++numbers;
    }
    if (best.is_null() || (name == "min" && value < best) || (name == "max" && value > best))
      best = value;
  }
  if (name == "min" || name == "max") return best;
  if (name == "sum") return numbers ? Json(sum) : Json(nullptr);
  if (name == "avg") return numbers ? Json(sum / numbers) : Json(nullptr);
  throw QueryError(400, "Unknown function '" + name + "'");
}

/// Rows compared field by field; nulls after values in ascending order, as PostgreSQL sorts.
bool row_less(const Json& a, const Json& b, const Json& order_by) {
  for (const Json& term : order_by) {
    const std::string field = term[0].get<std::string>();
    const bool descending = term[1] == "desc";
    Json x = field_value(a, field), y = field_value(b, field);
    if (x == y) continue;
    if (x.is_null() || y.is_null()) return descending ? x.is_null() : y.is_null();
    return descending ? y < x : x < y;
  }
  return false;
}

void check_order_by(const Entity& entity, const Json& order_by, const Extract& extract) {
  for (const Json& term : order_by) {
    const std::string field = term[0].get<std::string>();
    bool known = false;
    if (extract.present && (!extract.fields.empty() || !extract.functions.empty())) {
      known =
          std::find(extract.fields.begin(), extract.fields.end(), field) != extract.fields.end();
      for (const Json& function : extract.functions)
        known = known || (function.size() > 1 && function[1] == field);
    } else {
      const Field* found = find_field(entity, field);
      known = found && found->type != FieldType::dotted;
    }
    if (!known) {
      std::vector<std::string> columns = orderable_columns(entity.name);
      if (columns.empty())
        for (const Field& f : entity.fields)
          if (f.in_answer) columns.push_back(f.name);
      std::string supported;
      for (const std::string& column : columns)
        supported += (supported.empty() ? "" : ", ") + ("'" + column + "'");
      throw QueryError(400, "Unrecognized column '" + field +
                                "' specified in :order_by; "
                                "Supported columns are " +
                                supported);
    }
  }
}

long long paging_number(const Json& value, const char* what, bool positive) {
  if (value.is_number_integer() && value.get<long long>() >= (positive ? 1 : 0))
    return value.get<long long>();
  throw QueryError(
      400, "Illegal value '" + (value.is_string() ? value.get<std::string>() : value.dump()) +
               "' for :" + what + "; expected " +
               (positive ? "a positive non-zero integer." : "a non-negative integer."));
}

/// A JSON object as Clojure prints the map PuppetDB read it into: {:field "name", :order "x"}.
std::string clojure_map(const Json& object) {
  std::string text = "{";
  for (const auto& [key, value] : object.items())
    text += (text.size() > 1 ? ", :" : ":") + key + " " + value.dump();
  return text + "}";
}

/// A node's rows written as text appended to the answer's (`text` and `ends` as text_answer
/// reads them).
void append_rows(std::string& text, std::vector<std::size_t>& ends, const RowsText& rows) {
  std::size_t from = 0;
  for (std::size_t end : rows.ends) {
    if (!ends.empty()) text += ',';
    text.append(rows.text, from, end - from);
    ends.push_back(text.size());
    from = end;
  }
}

/// A row value appended to the answer's text, as rows_text would write it.
void append_row(std::string& text, std::vector<std::size_t>& ends, const Json& row) {
  if (!ends.empty()) text += ',';
  nlohmann::detail::serializer<Json> writer(nlohmann::detail::output_adapter<char>(text), ' ',
                                            Json::error_handler_t::replace);
  writer.dump(row, false, false, 0);
  ends.push_back(text.size());
}

/// The answer of rows written as text (`text` "[" then the rows, comma-separated, each ending
/// at its `ends`): offset and limit taken from it, the total counted.
QueryAnswer text_answer(std::string text, const std::vector<std::size_t>& ends,
                        const Paging& paging) {
  QueryAnswer answer;
  if (paging.include_total) answer.total = ends.size();
  const std::size_t first =
      std::min(ends.size(), paging.offset ? static_cast<std::size_t>(*paging.offset) : 0);
  const std::size_t count = std::min(
      ends.size() - first, paging.limit ? static_cast<std::size_t>(*paging.limit) : ends.size());
  if (first == 0 && count == ends.size()) {
    text += ']';
    answer.text = std::move(text);
    return answer;
  }
  std::string paged;
  if (count > 0) {
    const std::size_t from = first == 0 ? 1 : ends[first - 1] + 1;  // after its comma
    const std::size_t to = ends[first + count - 1];
    paged.reserve(to - from + 2 + kResponseHeadRoom);
    paged += '[';
    paged.append(text, from, to - from);
  } else {
    paged += '[';
  }
  paged += ']';
  answer.text = std::move(paged);
  http::AnswerBuffers::process().give_back(std::move(text));
  return answer;
}

}  // namespace

Json read_order_by(const Json& given, bool url_form) {
  Json terms = Json::array();
  if (!given.is_array())
    throw QueryError(400, "Illegal value '" + given.dump() +
                              "' for :order_by; expected an "
                              "array of maps.");
  for (const Json& term : given) {
    if (url_form) {
      if (!term.is_object() || !term.contains("field") || !term["field"].is_string())
        throw QueryError(
            400, "Illegal value '" + given.dump() + "' for :order_by; expected an array of maps.");
      std::string order = term.value("order", "asc");
      for (char& c : order) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      if (order != "asc" && order != "desc")
        throw QueryError(400, "Illegal value '" + clojure_map(term) +
                                  "' in :order_by; 'order' must be either 'asc' or 'desc'");
      terms.push_back({term["field"], order});
    } else if (term.is_string()) {
      terms.push_back({term, "asc"});
    } else if (term.is_array() && term.size() == 2 && term[0].is_string() &&
               (term[1] == "asc" || term[1] == "desc")) {
      terms.push_back(term);
    } else {
      throw QueryError(400, "Illegal order_by term " + term.dump());
    }
  }
  return terms;
}

QueryAnswer QueryEngine::from_query(const Json& ast, Paging paging) {
  if (!ast.is_array() || ast.size() < 2 || ast[0] != "from" || !ast[1].is_string())
    throw QueryError(400, "Query must be of the form [\"from\", <entity>, <query>?]");
  const Entity* entity = find_entity(ast[1].get<std::string>());
  if (!entity) throw QueryError(400, "Unknown entity '" + ast[1].get<std::string>() + "'");
  Json query = nullptr;
  for (std::size_t i = 2; i < ast.size(); ++i) {
    const Json& part = ast[i];
    if (part.is_array() && !part.empty() && part[0] == "order_by" && part.size() == 2) {
      paging.order_by = read_order_by(part[1], false);
    } else if (part.is_array() && part.size() == 2 && part[0] == "limit") {
      paging.limit = paging_number(part[1], "limit", true);
    } else if (part.is_array() && part.size() == 2 && part[0] == "offset") {
      paging.offset = paging_number(part[1], "offset", false);
    } else if (i == 2) {
      query = part;
    } else {
      throw QueryError(400, "Unsupported paging clause " + part.dump());
    }
  }
  return run(*entity, query, std::move(paging), 0);
}

QueryAnswer QueryEngine::entity_query(const std::string& name, const Json& query, Paging paging) {
  const Entity* entity = find_entity(name);
  if (!entity || entity->name != name) throw QueryError(404, "Not Found");
  return run(*entity, query, std::move(paging), 0);
}

QueryAnswer QueryEngine::run(const Entity& entity, const Json& query, Paging paging, int depth) {
  if (depth > kMaxSubqueryDepth) throw QueryError(400, "Subqueries nest too deeply");
  Json condition = query;
  Extract extract;
  if (query.is_array() && !query.empty() && query[0] == "extract")
    extract = read_extract(entity, query, &condition);
  Predicate predicate(
      entity, condition,
      [&](const Entity& inner, const Json& subquery) {
        // ["from", X, ["extract", F, Q?], paging…]
        Paging inner_paging;
        Json inner_query = nullptr;
        for (std::size_t i = 2; i < subquery.size(); ++i) {
          const Json& part = subquery[i];
          if (part.is_array() && part.size() == 2 && part[0] == "limit")
            inner_paging.limit = paging_number(part[1], "limit", true);
          else if (part.is_array() && part.size() == 2 && part[0] == "offset")
            inner_paging.offset = paging_number(part[1], "offset", false);
          else if (part.is_array() && part.size() == 2 && part[0] == "order_by")
            inner_paging.order_by = read_order_by(part[1], false);
          else
            inner_query = part;
        }
        return run(inner, inner_query, inner_paging, depth + 1).rows;
      },
      /*deferred=*/true);
  // failed nodes: from the status index and the kept statuses, no node's document read
  std::optional<LatestStatusRows> kept_rows = latest_status_rows(
      entity, condition, fields_used(predicate, extract, paging), extract, paging, fleet_);
  // The subqueries are answered here, as PuppetDB reports their errors before paging's: those
  // joined on certname only for the nodes the rest of the query can match.
  std::optional<std::set<std::string>> candidates;
  if (!kept_rows) {  // (such a query has no subquery)
    if (entity.per_node)
      candidates = predicate.candidates(fleet_);
    else
      predicate.answer_subqueries();
  }
  check_order_by(entity, paging.order_by, extract);
  if (text_rows_ && depth == 0 && entity.name == "nodes" && condition.is_null() &&
      !extract.present && paging.order_by.empty())
    return all_active_nodes(paging);
  if (paging.limit && *paging.limit < 1)
    throw QueryError(400, "Illegal value '" + std::to_string(*paging.limit) +
                              "' for :limit; expected a positive non-zero integer.");

  // Rows of the nodes that can match.
  std::vector<Json> rows;
  const std::string& state = predicate.node_state();
  auto state_allows_active = [&](bool active) {
    return !entity.node_state_filter || state == "any" || active == (state == "active");
  };
  auto state_allows = [&](const Json& node) { return state_allows_active(node_is_active(node)); };
  if (kept_rows && text_rows_ && depth == 0 && !extract.fields.empty()) {
    std::string text = "[";
    std::vector<std::size_t> ends;
    append_latest_status_rows(*kept_rows, extract.fields, text, ends);
    return text_answer(std::move(text), ends, paging);
  }
  if (kept_rows) {
    rows = latest_status_values(std::move(*kept_rows));
  } else if (entity.per_node) {
    std::vector<std::string> names =
        candidates ? std::vector<std::string>(candidates->begin(), candidates->end())
                   : fleet_.certnames();
    // Only what the query can match is read and built: a resources query by type reads that
    // type's resources, and a row's hash is made once the row matched.
    RowOptions options;
    options.with_facts = predicate.reads_facts();
    const bool resources = entity.name == "resources";
    if (resources) {
      std::optional<Json> type = predicate.required_value("type");
      if (type && type->is_string()) options.resource_type = type->get<std::string>();
      std::optional<Json> title = predicate.required_value("title");
      if (options.resource_type && title && title->is_string())
        options.resource_title = title->get<std::string>();
      options.resource_hashes = predicate.reads_field("resource");
      // an extract that uses no environment (a subquery's certname): the type's group alone
      options.resource_environment =
          !extract.present || fields_used(predicate, extract, paging).count("environment");
    }
    if (entity.name == "facts" || entity.name == "fact-contents") {  // rows of one fact only
      std::optional<Json> name = predicate.required_value("name");
      std::optional<Json> path =
          entity.name == "fact-contents" ? predicate.required_value("path") : std::nullopt;
      if (name && name->is_string())
        options.fact_name = name->get<std::string>();
      else if (path && path->is_array() && !path->empty() && (*path)[0].is_string())
        options.fact_name = (*path)[0].get<std::string>();
    }
    options.fact_names = facts_needed(entity, predicate, extract, options.fact_name);
    if (entity.name == "fact-contents") {
      options.fact_name_holding = predicate.path_first_word();
      options.fact_path_may_continue = [&predicate](const Json& path) {
        return predicate.path_may_continue(path);
      };
    }
    // the latest reports' rows from the nodes' own documents, when those hold all the query reads
    const bool from_summary = latest_report_summary_answers(entity, predicate, extract, paging);
    const std::set<std::string> used = fields_used(predicate, extract, paging);
    if (resources && extract.present) options.resource_fields = used;
    // an inventory extract of certname and facts: the values alone, the facts header not read
    if (entity.name == "inventory" && extract.present)
      options.facts_header = !std::all_of(used.begin(), used.end(), [](const std::string& field) {
        return field == "certname" || field == "facts" || field == "trusted" ||
               field.starts_with("facts.") || field.starts_with("trusted.");
      });
    // an extract answers only its fields: a row built of the summary has only those it uses
    const std::set<std::string>* only = from_summary ? &used : nullptr;
    const std::optional<std::set<std::string, std::less<>>> projection =
        node_fields_needed(entity, from_summary, extract, used, options);
    const NodeFilter wanted = node_filter(entity, predicate);
    // the latest reports' failure events: each node's as KeyLayout::latest_failures keeps them,
    // its document read only when nothing is kept
    const bool failures_kept = from_summary && entity.name == "events" &&
                               predicate.required_value("status") == Json("failure");
    // the rows of the other entities read the node's certname and state only: its state as
    // KeyLayout::latest_statuses keeps it, its document read only when nothing is kept
    static const std::set<std::string, std::less<>> kStateOnly = {"certname", "deactivated",
                                                                  "expired"};
    // nodes answered whole (no extract, no order) by a query on their certname and facts: each
    // row the node's kept row (node-row) written as it is, the query asked of a row holding
    // its certname, state and the facts it reads
    const bool nodes_text = entity.name == "nodes" && text_rows_ && depth == 0 &&
                            !extract.present && paging.order_by.empty() &&
                            reads_only_certname_and_facts(predicate);
    const bool state_kept =
        (entity.name != "nodes" && entity.name != "reports" && entity.name != "events") ||
        (entity.name == "nodes" && projection && *projection == kStateOnly) || nodes_text;
    // resources answered whole (no extract, no order): each row written as the answer's text
    // from the stored groups, no row value made beyond the fields the query reads
    const bool resource_text =
        resources && text_rows_ && depth == 0 && !extract.present && paging.order_by.empty();
    // facts and inventory answered whole likewise: each row written from the stored values' text
    const bool fact_text = (entity.name == "facts" || entity.name == "inventory") && text_rows_ &&
                           depth == 0 && !extract.present && paging.order_by.empty();
    // the latest failure events' extract (no function, group or order), written as the
    // answer's text from the kept failures; a node without them from its rows, as text too
    const bool events_text = failures_kept && text_rows_ && depth == 0 &&
                             extract.functions.empty() && extract.group_by.empty() &&
                             paging.order_by.empty();
    const bool extracts_certname_alone = extract.fields == std::vector<std::string>{"certname"} &&
                                         extract.functions.empty() && extract.group_by.empty() &&
                                         paging.order_by.empty();
    // a subquery's resources whose certnames alone are extracted, unpaged: a node's rows read
    // until one is kept, and one row {certname} answered for it (the `in` that asks keeps a set)
    const bool certnames_only =
        resources && depth > 0 && extracts_certname_alone && !paging.limit && !paging.offset;
    // an inventory extract of certname alone, unordered, whose query is `=` on fact paths with
    // a string or boolean: each node decided on its fact values' text, no row made
    // (nodes answered whole likewise: each node decided on that text, its kept row written)
    std::optional<FactPathEqualities> fact_equalities;
    if ((entity.name == "inventory" && extracts_certname_alone) || nodes_text) {
      const Predicate::Equalities equalities = predicate.equalities();
      if (equalities.whole) fact_equalities = fact_path_equalities(equalities.clauses);
    }
    const std::set<std::string> extracted(extract.fields.begin(), extract.fields.end());
    std::string text = "[";
    std::vector<std::size_t> ends;
    AnswerSizing sizing(names.size());
    RowTextFilter filter{predicate.fields_read(),
                         [&](const Json& row) { return predicate.matches(row); },
                         {},
                         false};
    if (resource_text || events_text || certnames_only) {  // = on the rows' text: most unparsed
      const Predicate::Equalities equalities = predicate.equalities();
      bool all_as_text = false;
      filter.equalities = text_equalities(entity, equalities.clauses, all_as_text);
      filter.equalities_decide = equalities.whole && all_as_text;
    }
    // A chunk of nodes at a time: their documents read together (one round trip for many).
    const KeyLayout& keys = fleet_.keys();
    for (std::size_t from = 0; from < names.size(); from += kNodesAtOnce) {
      const std::size_t to = std::min(names.size(), from + kNodesAtOnce);
      // rows of the node's own documents: the kept states read (one HMGET) with every node's
      // documents (an inactive node's read for nothing)
      const bool documents_first = state_kept && !failures_kept;
      std::vector<std::string> documents, lists;
      std::vector<std::pair<std::string, std::string>> fields;
      std::vector<std::optional<std::string>> kept;
      if (failures_kept || state_kept) {
        const std::vector<std::string> chunk(names.begin() + from, names.begin() + to);
        if (documents_first) {
          for (const std::string& name : chunk) {
            source_documents(entity, options, keys, name, documents, fields, lists);
            if (nodes_text) fields.emplace_back(keys.node_rows(), name);
          }
          kept = fleet_.latest_statuses_with(chunk, documents, fields);
          fleet_.prefetch({}, {}, lists);
          documents.clear();
          fields.clear();
          lists.clear();
        } else {
          kept = fleet_.latest_failures(chunk);
        }
      }
      std::vector<std::string> node_keys;
      for (std::size_t i = from; i < to; ++i)
        if (kept.empty() || !kept[i - from]) node_keys.push_back(keys.node(names[i]));
      fleet_.prefetch(node_keys);
      std::vector<Json> nodes;
      std::vector<std::optional<std::vector<Json>>> summarized;  // rows from the node's document
      std::vector<std::optional<RowsText>> written;              // or as text (events_text)
      for (std::size_t i = from; i < to; ++i) {
        // the rows straight from the kept failures (no node document, no node value)
        if (events_text && kept[i - from]) {
          std::optional<RowsText> direct =
              latest_failure_rows_text(names[i], *kept[i - from], filter, extracted);
          if (direct) {
            if (!state_allows_active(direct->active)) continue;
            written.push_back(std::move(direct));
            summarized.emplace_back();
            nodes.emplace_back();
            continue;
          }
        }
        if (failures_kept && kept[i - from]) {
          std::optional<LatestFailures> failures = FleetData::read_latest_failures(*kept[i - from]);
          std::optional<std::vector<Json>> direct =
              failures ? latest_failure_rows(names[i], *failures, only) : std::nullopt;
          if (direct) {
            if (!state_allows_active(failures->active)) continue;
            summarized.push_back(std::move(direct));
            written.emplace_back();
            nodes.emplace_back();  // not read: its rows are summarized
            continue;
          }
        }
        std::optional<Json> node;
        if (state_kept && kept[i - from])
          node = FleetData::node_of_latest_status(names[i], *kept[i - from]);
        if (!node)
          node = projection ? fleet_.node_fields(names[i], *projection) : fleet_.node(names[i]);
        if (!node || !state_allows(*node) || !wanted(*node)) continue;
        summarized.push_back(from_summary ? latest_report_rows(entity, *node, only) : std::nullopt);
        written.emplace_back();
        if (!summarized.back() && !documents_first)
          source_documents(entity, options, keys, names[i], documents, fields, lists);
        nodes.push_back(std::move(*node));
      }
      fleet_.prefetch(documents, fields, lists);
      for (std::size_t n = 0; n < nodes.size() && resource_text; ++n) {
        sizing.after(text, from + n);
        resource_rows_text(fleet_, nodes[n]["certname"].get<std::string>(), options, filter, text,
                           ends);
      }
      for (std::size_t n = 0; n < nodes.size() && certnames_only; ++n) {
        const std::string& certname = nodes[n]["certname"].get_ref<const std::string&>();
        if (resource_row_kept(fleet_, certname, options, filter))
          rows.push_back({{"certname", certname}});
      }
      for (std::size_t n = 0; n < nodes.size() && nodes_text; ++n) {
        sizing.after(text, from + n);
        const std::string& certname = nodes[n]["certname"].get_ref<const std::string&>();
        std::optional<bool> met;  // decided on the fact values' text, no row made
        if (fact_equalities) met = facts_meet(fleet_, certname, *fact_equalities);
        if (!met) {
          met = false;
          for (const Json& row : node_rows(entity, fleet_, nodes[n], options))
            if (predicate.matches(row)) met = true;
        }
        if (!*met) continue;
        if (std::optional<std::string> kept_row = fleet_.kept_node_row(certname)) {
          if (!ends.empty()) text += ',';
          text += *kept_row;
          ends.push_back(text.size());
        } else if (std::optional<Json> node = fleet_.node(certname)) {  // none kept
          append_row(text, ends, answer_row(entity, std::move(*node)));
        }
      }
      for (std::size_t n = 0; n < nodes.size() && fact_text; ++n) {
        const std::string& certname = nodes[n]["certname"].get_ref<const std::string&>();
        sizing.after(text, from + n);
        if (entity.name == "facts" ? fact_rows_text(fleet_, certname, options, filter, text, ends)
                                   : inventory_row_text(fleet_, certname, filter, text, ends))
          continue;
        for (Json& row : node_rows(entity, fleet_, nodes[n], options))
          if (predicate.matches(row)) append_row(text, ends, answer_row(entity, std::move(row)));
      }
      for (std::size_t n = 0;
           n < nodes.size() && !resource_text && !fact_text && !nodes_text && !certnames_only;
           ++n) {
        sizing.after(text, from + n);
        if (written[n]) {
          append_rows(text, ends, *written[n]);
          continue;
        }
        if (fact_equalities && !summarized[n]) {
          const std::string& certname = nodes[n]["certname"].get_ref<const std::string&>();
          if (std::optional<bool> met = facts_meet(fleet_, certname, *fact_equalities)) {
            if (*met) rows.push_back({{"certname", certname}});
            continue;
          }
        }
        for (Json& row : summarized[n] ? std::move(*summarized[n])
                                       : node_rows(entity, fleet_, nodes[n], options)) {
          if (!predicate.matches(row)) continue;
          if (events_text) {  // projected on the extract's fields and written as the rest
            Json out = Json::object();
            for (const std::string& field : extract.fields) out[field] = field_value(row, field);
            append_row(text, ends, out);
            continue;
          }
          if (resources && (!extract.present || used.count("resource"))) add_resource_hash(row);
          rows.push_back(std::move(row));
        }
      }
      fleet_.forget_prefetched();
    }
    if (resource_text || fact_text || events_text || nodes_text)
      return text_answer(std::move(text), ends, paging);
  } else {
    for (Json& row : fleet_rows(entity, fleet_, predicate.path_first_word()))
      if (predicate.matches(row)) rows.push_back(std::move(row));
  }

  // extract: projected rows, or one row per group with the functions' values.
  std::vector<Json> answer;
  if (!extract.functions.empty()) {
    std::map<Json, std::vector<const Json*>> groups;
    for (const Json& row : rows) {
      Json key = Json::array();
      for (const std::string& field : extract.group_by) key.push_back(field_value(row, field));
      groups[key].push_back(&row);
    }
    if (groups.empty() && extract.group_by.empty()) groups[Json::array()] = {};
    for (const auto& [key, members] : groups) {
      Json out = Json::object();
      for (const std::string& field : extract.fields)
        out[field] = members.empty() ? Json(nullptr) : field_value(*members.front(), field);
      for (const Json& function : extract.functions)
        out[function[1].get<std::string>()] = function_value(function, members);
      answer.push_back(std::move(out));
    }
  } else {
    answer.reserve(rows.size());
    for (Json& row : rows) {
      if (extract.present) {
        Json out = Json::object();
        for (const std::string& field : extract.fields) out[field] = field_value(row, field);
        answer.push_back(std::move(out));
      } else {  // the row is not read again: its fields moved into the answer's
        answer.push_back(entity.name == "fact-names" ? std::move(row["name"])
                                                     : answer_row(entity, std::move(row)));
      }
    }
    if (extract.present && !extract.group_by.empty()) {  // distinct groups without functions
      std::sort(answer.begin(), answer.end());
      answer.erase(std::unique(answer.begin(), answer.end()), answer.end());
    }
  }
  if (entity.name == "fact-names" && paging.order_by.empty())
    std::sort(answer.begin(), answer.end());
  if (!paging.order_by.empty()) {
    if (entity.name == "fact-names") {
      std::stable_sort(answer.begin(), answer.end(), [&](const Json& a, const Json& b) {
        return paging.order_by[0][1] == "desc" ? b < a : a < b;
      });
    } else {
      std::stable_sort(answer.begin(), answer.end(), [&](const Json& a, const Json& b) {
        return row_less(a, b, paging.order_by);
      });
    }
  }
  QueryAnswer result;
  if (paging.include_total) result.total = answer.size();
  std::size_t from = paging.offset ? static_cast<std::size_t>(*paging.offset) : 0;
  std::size_t count = paging.limit ? static_cast<std::size_t>(*paging.limit) : answer.size();
  for (std::size_t i = from; i < answer.size() && i - from < count; ++i)
    result.rows.push_back(std::move(answer[i]));
  return result;
}

QueryAnswer QueryEngine::all_active_nodes(const Paging& paging) {
  const std::vector<std::string> names = fleet_.certnames();  // sorted, as the rows would be
  const std::size_t first = paging.offset ? static_cast<std::size_t>(*paging.offset) : 0;
  const std::size_t count =
      paging.limit ? static_cast<std::size_t>(*paging.limit) : std::size_t(-1);
  // each active node's row written into the answer as it is read (the rows before `first` and
  // after `count` counted only), sized once from the first row written (AnswerSizing)
  std::string text = "[";
  std::size_t active = 0, written = 0;
  AnswerSizing sizing(std::min(names.size() - std::min(names.size(), first), count));
  // the row as nlohmann writes it: "deactivated":null only when it is null (a string's own
  // quotes are escaped in it)
  auto is_active = [](std::string_view row) {
    return row.find("\"deactivated\":null") != std::string_view::npos &&
           row.find("\"expired\":null") != std::string_view::npos;
  };
  constexpr std::size_t kRowsAtOnce = 1000;  // one HMGET's
  for (std::size_t from = 0; from < names.size(); from += kRowsAtOnce) {
    const std::size_t to = std::min(names.size(), from + kRowsAtOnce);
    std::vector<std::optional<std::string>> rows =
        fleet_.stored_node_rows(std::vector<std::string>(names.begin() + from, names.begin() + to));
    for (std::size_t i = from; i < to; ++i) {
      const std::optional<std::string>& stored = rows[i - from];
      const bool in_page = active >= first && active - first < count;
      if (!stored) {  // no row kept: the node's document, if it has one
        std::optional<Json> node = fleet_.node(names[i]);
        if (!node || !node_is_active(*node)) continue;
        if (in_page) {
          sizing.after(text, written);
          if (written++ > 0) text += ',';
          text += node_answer_text(*node);
        }
        ++active;
        continue;
      }
      if (!in_page) {  // counted only
        active += is_active(node_row_text(*stored));
        continue;
      }
      // written out straight into the answer, taken back if the node is not active
      sizing.after(text, written);
      const std::size_t mark = text.size();
      if (written > 0) text += ',';
      const std::size_t row_start = text.size();
      append_node_row_text(*stored, text);
      if (!is_active(std::string_view(text).substr(row_start))) {
        text.resize(mark);
        continue;
      }
      ++written;
      ++active;
    }
  }
  QueryAnswer answer;
  if (paging.include_total) answer.total = active;
  text += ']';
  answer.text = std::move(text);
  return answer;
}

}  // namespace marionette::puppetdb
