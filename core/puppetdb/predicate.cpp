// PuppetDB's operators over rows: =, <, >, <=, >=, ~, ~>, null?, in, and, or, not, and the
// subqueries (select_*, extract, subquery).
#include "puppetdb/predicate.hpp"

#include <algorithm>
#include <cctype>
#include <iterator>
#include <map>
#include <regex>
#include <set>

#include "puppetdb/fleet_data.hpp"
#include "puppetdb/query_error.hpp"
#include "puppetdb/timestamp.hpp"
#include "rubyish/regex.hpp"

namespace marionette::puppetdb {

namespace {

/// 'a', 'b', and 'c': the fields PuppetDB lists when it refuses one (dotted ones left out).
std::string quoted_names(const Entity& entity) {
  std::vector<std::string> names;
  for (const Field& field : entity.fields)
    if (field.type != FieldType::dotted) names.push_back(field.name);
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  std::string text;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) text += names.size() == 2 ? " " : ", ";
    if (i > 0 && i + 1 == names.size()) text += "and ";
    text += "'" + names[i] + "'";
  }
  return text;
}

/// The entity as PuppetDB's refusals name it (fact-contents is its fact_nodes query).
std::string refusal_name(const Entity& entity) {
  return entity.selector == "fact_contents" ? "fact_nodes" : entity.selector;
}

[[noreturn]] void unknown_field(const Entity& entity, const std::string& field) {
  throw QueryError(400, "'" + field + "' is not a queryable object for " + refusal_name(entity) +
                            ". Known queryable objects are " + quoted_names(entity));
}

[[noreturn]] void malformed(const Json& clause, const std::string& why) {
  throw QueryError(400, clause.dump() + " is not well-formed: " + why);
}

const Field& checked_field(const Entity& entity, const std::string& name) {
  const Field* field = find_field(entity, name);
  if (!field) unknown_field(entity, name);
  return *field;
}

/// The implicit subqueries PuppetDB knows: from an entity, the entities it may name in
/// ["subquery", …].
bool has_implicit_relationship(const std::string& from, const std::string& to) {
  static const std::map<std::string, std::set<std::string>> related = {
      {"nodes",
       {"facts", "fact_contents", "resources", "reports", "catalogs", "events", "inventory",
        "edges", "factsets"}},
      {"environments",
       {"inventory", "factsets", "reports", "catalogs", "facts", "fact_contents", "events",
        "resources"}},
      {"producers", {"catalogs", "reports", "factsets"}},
      {"facts", {"nodes", "environments", "fact_contents"}},
      {"fact_contents", {"nodes", "environments", "facts"}},
      {"fact_paths", {"facts", "fact_contents"}},
      {"resources", {"nodes", "environments"}},
      {"reports", {"nodes", "environments", "producers", "events"}},
      {"events", {"nodes", "environments", "reports"}},
      {"catalogs", {"nodes", "environments", "producers"}},
      {"edges", {"nodes"}},
      {"inventory", {"nodes", "environments"}},
      {"factsets", {"nodes", "environments", "producers"}},
      {"package_inventory", {"nodes"}},
  };
  auto found = related.find(from);
  return found != related.end() && found->second.count(to) > 0;
}

/// The fields joining an implicit subquery from `outer` to `inner`: [local fields, inner's].
std::pair<Json, Json> join_fields(const Entity& outer, const Entity& inner) {
  auto both = [](Json fields) { return std::make_pair(fields, fields); };
  const std::string& from = outer.selector;
  const std::string& to = inner.selector;
  if (!has_implicit_relationship(from, to))
    throw QueryError(400, "No implicit relationship for entity '" + to + "'");
  if ((from == "facts" && to == "fact_contents") || (from == "fact_contents" && to == "facts"))
    return both({"certname", "name"});
  if (from == "reports" && to == "events") return {{"hash"}, {"report"}};
  if (from == "events" && to == "reports") return {{"report"}, {"hash"}};
  if (from == "fact_paths") return to == "facts" ? both({"name"}) : both({"path"});
  if (from == "environments") return {{"name"}, {"environment"}};
  if (to == "environments") return {{"environment"}, {"name"}};
  if (from == "producers") return {{"name"}, {"producer"}};
  if (to == "producers") return {{"producer"}, {"name"}};
  return both({"certname"});
}

bool is_number(const Json& value) {
  return value.is_number();
}

std::optional<std::int64_t> time_of(const Json& value) {
  if (!value.is_string()) return std::nullopt;
  return parse_timestamp(value.get<std::string>());
}

/// PostgreSQL's ~ as closely as std::regex's ECMAScript grammar gives it; QueryError for a
/// pattern it cannot read.
std::regex compiled_pattern(const std::string& pattern) {
  try {
    return std::regex(pattern);
  } catch (const std::regex_error&) {
    throw QueryError(400, "Invalid regular expression: " + pattern);
  }
}

/// A query's pattern comes from any client with a certificate: matched through rubyish's
/// bounded search, so a pattern that backtracks without end is refused instead of holding (or
/// overflowing) a worker.
bool regex_matches(const std::regex& pattern, const Json& value, const Json& source) {
  if (!value.is_string()) return false;
  try {
    return rubyish::regex_search_bounded(value.get_ref<const std::string&>(), pattern).has_value();
  } catch (const rubyish::RegexTooComplex&) {
    throw QueryError(400, "Regular expression too complex: " + source.get<std::string>());
  }
}

int compare_values(const Json& a, const Json& b, FieldType type) {
  if (type == FieldType::timestamp) {
    auto x = time_of(a), y = time_of(b);
    if (!x || !y) return 2;  // not comparable
    return *x < *y ? -1 : (*x > *y ? 1 : 0);
  }
  if (is_number(a) && is_number(b)) {
    double x = a.get<double>(), y = b.get<double>();
    return x < y ? -1 : (x > y ? 1 : 0);
  }
  if (a.is_string() && b.is_string() && type != FieldType::any && type != FieldType::dotted)
    return a.get<std::string>().compare(b.get<std::string>()) < 0 ? -1 : (a == b ? 0 : 1);
  return 2;
}

bool equal_values(const Json& actual, const Json& wanted, FieldType type) {
  switch (type) {
    case FieldType::timestamp: {
      auto x = time_of(actual), y = time_of(wanted);
      return x && y && *x == *y;
    }
    case FieldType::tags:
      if (!actual.is_array() || !wanted.is_string()) return false;
      for (const Json& tag : actual)
        if (tag.is_string() && tag.get<std::string>() == wanted.get<std::string>()) return true;
      return false;
    case FieldType::integer:
    case FieldType::floating:
      if (wanted.is_string()) {  // PuppetDB reads "10" for a number field
        try {
          return is_number(actual) && actual.get<double>() == std::stod(wanted.get<std::string>());
        } catch (const std::exception&) {
          return false;
        }
      }
      return actual == wanted;
    case FieldType::boolean:
      if (wanted.is_string())
        return actual.is_boolean() && (actual.get<bool>() ? "true" : "false") == wanted;
      return actual == wanted;
    default:
      return actual == wanted;
  }
}

std::set<std::string> as_set(std::vector<std::string> names) {
  return {std::make_move_iterator(names.begin()), std::make_move_iterator(names.end())};
}

}  // namespace

std::string field_name_of(const Json& field) {
  if (field.is_string()) return field.get<std::string>();
  if (field.is_array() && field.size() == 2 && field[0] == "fact" && field[1].is_string())
    return "facts." + field[1].get<std::string>();
  if (field.is_array() && field.size() == 2 && field[0] == "trusted" && field[1].is_string())
    return "trusted." + field[1].get<std::string>();
  throw QueryError(400, "Unsupported field " + field.dump());
}

Predicate::Predicate(const Entity& entity, const Json& condition, const SubqueryRunner& subqueries,
                     bool deferred)
    : entity_(entity), subqueries_(subqueries) {
  condition_ = condition.is_null() ? Json(nullptr) : rewrite(condition);
  if (!deferred) answer_subqueries();
}

void Predicate::answer_subqueries() {
  if (answered_) return;
  answered_ = true;
  if (!condition_.is_null()) answer_subqueries(condition_, nullptr);
}

const std::regex& Predicate::pattern(const Json& clause, std::size_t step) const {
  auto key = std::make_pair(&clause, step);
  auto found = patterns_.find(key);
  if (found == patterns_.end()) {
    const Json& text = clause[0] == "~" ? clause[2] : clause[2][step];
    found = patterns_.emplace(key, compiled_pattern(text.get<std::string>())).first;
  }
  return found->second;
}

Json Predicate::rewrite(const Json& clause) {
  if (!clause.is_array() || clause.empty() || !clause[0].is_string())
    throw QueryError(400, clause.dump() +
                              " is not well-formed: queries must contain at least "
                              "one operator");
  const std::string op = clause[0];
  if (op == "and" || op == "or") {
    Json out = Json::array({op});
    for (std::size_t i = 1; i < clause.size(); ++i) out.push_back(rewrite(clause[i]));
    if (out.size() == 1) malformed(clause, "'" + op + "' takes at least one argument");
    return out;
  }
  if (op == "not") {
    if (clause.size() != 2) malformed(clause, "'not' takes exactly one argument");
    return Json::array({"not", rewrite(clause[1])});
  }
  if (op == "subquery") {
    if (clause.size() < 2 || clause.size() > 3 || !clause[1].is_string())
      malformed(clause, "a subquery takes an entity and a query");
    const Entity* inner = find_entity(clause[1].get<std::string>());
    if (!inner) throw QueryError(400, "Unsupported subquery `" + clause[1].dump() + "`");
    auto [local, remote] = join_fields(entity_, *inner);
    Json select = Json::array({"select_" + inner->selector});
    if (clause.size() == 3) select.push_back(clause[2]);
    Json field = local.size() == 1 ? local[0] : local;
    Json extracted = remote.size() == 1 ? remote[0] : remote;
    return rewrite(Json::array({"in", field, Json::array({"extract", extracted, select})}));
  }
  if (op == "=" || op == "<" || op == ">" || op == "<=" || op == ">=" || op == "~" || op == "~>" ||
      op == "null?") {
    if (clause.size() != 3) throw QueryError(400, op + " requires exactly two arguments");
    if (clause[1] == "node_state" && op == "=") {
      if (!clause[2].is_string() ||
          (clause[2] != "active" && clause[2] != "inactive" && clause[2] != "any"))
        throw QueryError(400, "node_state must be 'active', 'inactive' or 'any'");
      node_state_ = clause[2];
      return Json::array({"and"});  // always true
    }
    std::string name = field_name_of(clause[1]);
    const Field& field = checked_field(entity_, name);
    if (name.starts_with("facts.") || name.starts_with("trusted.")) reads_facts_ = true;
    if ((op == "<" || op == ">" || op == "<=" || op == ">=") &&
        (field.type == FieldType::string || field.type == FieldType::path ||
         field.type == FieldType::boolean || field.type == FieldType::tags))
      throw QueryError(400, "Query operators >,>=,<,<= are not allowed on field " + name);
    if (op == "~" && !clause[2].is_string())
      throw QueryError(400, "Value for regexp operator must be a string: " + clause.dump());
    if (op == "~>" && (!clause[2].is_array() || field.type != FieldType::path))
      throw QueryError(400, "~> requires a path field and an array of regular expressions");
    return Json::array({op, name, clause[2]});
  }
  if (op == "in") {
    if (clause.size() != 3) malformed(clause, "'in' takes a field and a subquery or an array");
    Json fields = clause[1].is_array() ? clause[1] : Json::array({clause[1]});
    Json names = Json::array();
    for (const Json& field : fields) {
      std::string name = field_name_of(field);
      checked_field(entity_, name);
      names.push_back(name);
    }
    const Json& source = clause[2];
    if (!source.is_array() || source.empty() || !source[0].is_string())
      malformed(clause, "'in' needs an array or a subquery");
    if (source[0] == "array") {
      if (source.size() != 2 || !source[1].is_array())
        malformed(clause, "'array' takes one array of values");
      return Json::array({"in", names, source});
    }
    if (source[0] == "extract" || source[0] == "from") return Json::array({"in", names, source});
    malformed(clause, "'in' needs an array or a subquery");
  }
  if (op == "extract") throw QueryError(400, "extract must be the query's outermost clause");
  if (op.starts_with("select_"))
    throw QueryError(400, "Unsupported query operator '" + op + "' outside an 'in'");
  // PuppetDB 7.12's words for an operator it does not know
  throw QueryError(400,
                   "No implementation of method: :-plan->sql of protocol: "
                   "#'puppetlabs.puppetdb.query-eng.engine/SQLGen found for class: nil");
}

namespace {

/// The subquery ["from", X, ["extract", F, Q?], …] asked only for the rows of the nodes `only`
/// names, when that leaves its answer the same for them: its rows are joined on certname (one
/// field, certname, extracted, of a per-node entity), and no paging, grouping or function
/// depends on the rows left out.
bool restrict_to(Json& query, const Json& join, const Entity& inner,
                 const std::set<std::string>& only) {
  if (!inner.per_node || join != Json::array({"certname"}) || query.size() != 3) return false;
  Json& extract = query[2];
  if (!extract.is_array() || extract.size() < 2 || extract.size() > 3 || extract[0] != "extract")
    return false;
  const Json& fields = extract[1];
  if (fields != "certname" && fields != Json::array({"certname"})) return false;
  Json restriction = Json::array({"in", "certname", Json::array({"array", Json::array()})});
  for (const std::string& name : only) restriction[2][1].push_back(name);
  if (extract.size() == 2) {
    extract.push_back(std::move(restriction));
  } else {
    const Json& condition = extract[2];
    if (!condition.is_array() || condition.empty() || condition[0] == "group_by") return false;
    extract[2] = Json::array({"and", std::move(restriction), condition});
  }
  return true;
}

}  // namespace

void Predicate::answer_subqueries(const Json& clause, const std::set<std::string>* only) {
  const std::string op = clause[0];
  if (op == "and" || op == "or" || op == "not") {
    for (std::size_t i = 1; i < clause.size(); ++i) answer_subqueries(clause[i], only);
    return;
  }
  if (op != "in") return;
  std::set<Json>& tuples = in_sets_[&clause];
  const Json& names = clause[1];
  const Json& source = clause[2];
  if (source[0] == "array") {
    for (const Json& value : source[1])
      tuples.insert(names.size() == 1 ? Json::array({value}) : value);
    return;
  }
  // ["extract", FIELDS, ["select_X", Q, …]] or ["from", X, ["extract", FIELDS, Q]].
  const Entity* inner = nullptr;
  Json query;
  if (source[0] == "extract") {
    if (source.size() < 3 || !source[2].is_array() || source[2].empty() ||
        !source[2][0].is_string() || !source[2][0].get<std::string>().starts_with("select_"))
      malformed(clause, "'extract' in an 'in' needs a select_ subquery");
    const std::string selector = source[2][0].get<std::string>().substr(7);
    inner = find_entity(selector);
    if (!inner)
      throw QueryError(400, "Unsupported subquery `" + source[2][0].get<std::string>() + "`");
    // ["extract", F, ["select_X", Q, paging…]] runs as ["from", X, ["extract", F, Q], paging…]
    Json from = Json::array({"from", inner->name});
    Json extract = Json::array({"extract", source[1]});
    if (source[2].size() > 1 && source[2][1].is_array() && !source[2][1].empty() &&
        source[2][1][0].is_string() && source[2][1][0] != "order_by" &&
        source[2][1][0] != "limit" && source[2][1][0] != "offset")
      extract.push_back(source[2][1]);
    from.push_back(extract);
    for (std::size_t i = 2; i < source[2].size(); ++i) from.push_back(source[2][i]);
    query = from;
  } else {
    if (source.size() < 3 || !source[1].is_string())
      malformed(clause, "'from' in an 'in' needs an entity and an extract");
    inner = find_entity(source[1].get<std::string>());
    if (!inner) throw QueryError(400, "Unsupported subquery `" + source[1].dump() + "`");
    query = source;
  }
  if (only) restrict_to(query, names, *inner, *only);
  Json rows = subqueries_(*inner, query);
  for (const Json& row : rows) {
    Json tuple = Json::array();
    if (row.is_object()) {
      // the extracted fields, in the order the extract names them
      const Json& extracted = source[0] == "extract" ? source[1] : source[2][1];
      for (const Json& field : (extracted.is_array() ? extracted : Json::array({extracted})))
        tuple.push_back(row.value(field_name_of(field), Json(nullptr)));
    } else {
      tuple.push_back(row);
    }
    tuples.insert(tuple);
  }
}

bool Predicate::matches(const Json& row) const {
  return condition_.is_null() || test(condition_, row);
}

bool Predicate::test(const Json& clause, const Json& row) const {
  const std::string& op = clause[0].get_ref<const std::string&>();
  if (op == "and") {
    for (std::size_t i = 1; i < clause.size(); ++i)
      if (!test(clause[i], row)) return false;
    return true;
  }
  if (op == "or") {
    for (std::size_t i = 1; i < clause.size(); ++i)
      if (test(clause[i], row)) return true;
    return false;
  }
  if (op == "not") return !test(clause[1], row);
  if (op == "in") {
    Json tuple = Json::array();
    for (const Json& name : clause[1]) tuple.push_back(field_value(row, name.get<std::string>()));
    auto found = in_sets_.find(&clause);
    return found != in_sets_.end() && found->second.count(tuple) > 0;
  }
  const std::string& name = clause[1].get_ref<const std::string&>();
  const Field& field = *find_field(entity_, name);
  const Json value = field_value(row, name);
  const Json& wanted = clause[2];
  // null? reads its argument as Clojure does: anything but false and null is true
  if (op == "null?") return value.is_null() == !(wanted.is_null() || wanted == false);
  if (op == "=") {
    if (field.type == FieldType::tags && wanted.is_string()) {
      std::string text = wanted;
      std::transform(text.begin(), text.end(), text.begin(),
                     [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
      return equal_values(value, Json(text), field.type);
    }
    return equal_values(value, wanted, field.type);
  }
  if (op == "~") {
    if (value.is_array()) {
      for (const Json& element : value)
        if (element.is_string() && regex_matches(pattern(clause, 0), element, wanted)) return true;
      return false;
    }
    return value.is_string() && regex_matches(pattern(clause, 0), value, wanted);
  }
  if (op == "~>") {
    if (!value.is_array() || value.size() != wanted.size()) return false;
    for (std::size_t i = 0; i < value.size(); ++i) {
      Json step = value[i].is_string() ? value[i] : Json(value[i].dump());
      if (!wanted[i].is_string()) return false;
      if (!regex_matches(pattern(clause, i), step, wanted[i])) return false;
    }
    return true;
  }
  int order = compare_values(value, wanted, field.type);
  if (order == 2) return false;
  if (op == "<") return order < 0;
  if (op == ">") return order > 0;
  if (op == "<=") return order <= 0;
  return order >= 0;  // >=
}

std::optional<Json> Predicate::required_value(const std::string& field) const {
  auto required = [&](const Json& clause) -> std::optional<Json> {
    if (clause.size() == 3 && clause[0] == "=" && clause[1] == field && !clause[2].is_null())
      return clause[2];
    return std::nullopt;
  };
  if (condition_.is_null()) return std::nullopt;
  if (condition_[0] != "and") return required(condition_);
  for (std::size_t i = 1; i < condition_.size(); ++i)
    if (std::optional<Json> value = required(condition_[i])) return value;
  return std::nullopt;
}

Predicate::Equalities Predicate::equalities() const {
  Equalities found;
  if (condition_.is_null()) return found;
  const bool conjunction = condition_[0] == "and";
  const std::size_t first = conjunction ? 1 : 0, end = conjunction ? condition_.size() : 1;
  found.whole = true;
  for (std::size_t i = first; i < end; ++i) {
    const Json& clause = conjunction ? condition_[i] : condition_;
    if (clause.size() == 1 && clause[0] == "and") continue;  // node_state's, always true
    if (clause.size() == 3 && clause[0] == "=" && clause[1].is_string())
      found.clauses.emplace_back(clause[1].get<std::string>(), clause[2]);
    else
      found.whole = false;
  }
  return found;
}

bool Predicate::path_may_continue(const Json& prefix) const {
  auto may = [&](const Json& clause) {
    if (clause.size() != 3 || clause[0] != "~>" || clause[1] != "path" || !clause[2].is_array())
      return true;
    const Json& steps = clause[2];
    if (prefix.size() > steps.size()) return false;
    for (std::size_t i = 0; i < prefix.size(); ++i) {
      if (!steps[i].is_string()) return false;
      const Json step = prefix[i].is_string() ? prefix[i] : Json(prefix[i].dump());
      try {
        if (!regex_matches(pattern(clause, i), step, steps[i])) return false;
      } catch (const QueryError&) {
        return true;  // refused where a row meets it, as before
      }
    }
    return true;
  };
  if (condition_.is_null()) return true;
  if (condition_[0] != "and") return may(condition_);
  for (std::size_t i = 1; i < condition_.size(); ++i)
    if (!may(condition_[i])) return false;
  return true;
}

std::optional<std::string> Predicate::path_first_word() const {
  auto word = [](const Json& clause) -> std::optional<std::string> {
    if (clause.size() != 3 || clause[0] != "~>" || clause[1] != "path" || !clause[2].is_array() ||
        clause[2].empty() || !clause[2][0].is_string())
      return std::nullopt;
    const std::string& step = clause[2][0].get_ref<const std::string&>();
    if (step.empty()) return std::nullopt;
    for (char c : step)
      if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-') return std::nullopt;
    return step;
  };
  if (condition_.is_null()) return std::nullopt;
  if (condition_[0] != "and") return word(condition_);
  for (std::size_t i = 1; i < condition_.size(); ++i)
    if (std::optional<std::string> found = word(condition_[i])) return found;
  return std::nullopt;
}

namespace {

bool clause_reads(const Json& clause, const std::string& field) {
  if (!clause.is_array() || clause.empty()) return false;
  if (clause[0] == "and" || clause[0] == "or" || clause[0] == "not") {
    for (std::size_t i = 1; i < clause.size(); ++i)
      if (clause_reads(clause[i], field)) return true;
    return false;
  }
  if (clause.size() < 2) return false;
  const Json& named = clause[1];
  if (named.is_string()) return named == field;
  if (named.is_array())
    for (const Json& name : named)
      if (name == field) return true;
  return false;
}

/// The fields the clause looks at: its own (a name, or the names of an `in`'s tuple), and its
/// parts' for and, or and not.
void clause_fields(const Json& clause, std::set<std::string>& fields) {
  if (!clause.is_array() || clause.empty()) return;
  if (clause[0] == "and" || clause[0] == "or" || clause[0] == "not") {
    for (std::size_t i = 1; i < clause.size(); ++i) clause_fields(clause[i], fields);
    return;
  }
  if (clause.size() < 2) return;
  const Json& named = clause[1];
  if (named.is_string()) fields.insert(named.get<std::string>());
  if (named.is_array())
    for (const Json& name : named)
      if (name.is_string()) fields.insert(name.get<std::string>());
}

}  // namespace

bool Predicate::reads_field(const std::string& field) const {
  return clause_reads(condition_, field);
}

std::set<std::string> Predicate::fields_read() const {
  std::set<std::string> fields;
  clause_fields(condition_, fields);
  return fields;
}

std::optional<std::set<std::string>> Predicate::facts_read() const {
  return top_level_facts(fields_read());
}

std::optional<std::set<std::string>> top_level_facts(const std::set<std::string>& fields) {
  std::set<std::string> names;
  for (const std::string& field : fields) {
    if (field == "facts" || field == "trusted") return std::nullopt;
    if (field.starts_with("trusted.")) names.insert("trusted");
    if (!field.starts_with("facts.")) continue;
    // the first key as field_value reads it: up to the next dot, quotes around it dropped
    std::string key = field.substr(
        6, field.find('.', 6) == std::string::npos ? std::string::npos : field.find('.', 6) - 6);
    if (key.size() >= 2 && key.front() == '"' && key.back() == '"')
      key = key.substr(1, key.size() - 2);
    names.insert(key);
  }
  return names;
}

std::vector<std::string> fact_path_keys(std::string_view field) {
  std::vector<std::string> keys;
  for (std::size_t start = field.find('.') + 1;;) {
    const std::size_t dot = field.find('.', start);
    keys.emplace_back(field.substr(start, dot == std::string_view::npos ? dot : dot - start));
    if (dot == std::string_view::npos) return keys;
    start = dot + 1;
  }
}

namespace {

using Nodes = Predicate::Nodes;

/// The nodes an index names: its ids, or the certnames of a set of certnames. With
/// `collecting`, none: an index of ids is listed there, unread.
Nodes index_nodes(FleetData& fleet, std::vector<std::string>* collecting, const std::string& key) {
  Nodes nodes;
  if (fleet.keys().holds_node_ids(key)) {
    nodes.by_id = true;
    if (collecting)
      collecting->push_back(key);
    else
      nodes.ids = fleet.ids(key);
  } else if (!collecting) {
    nodes.names = as_set(fleet.members(key));
  }
  return nodes;
}

Nodes named_nodes(std::set<std::string> names) {
  Nodes nodes;
  nodes.names = std::move(names);
  return nodes;
}

/// The nodes as certnames (their ids named: one HMGET a thousand ids).
void name_ids(Nodes& nodes, FleetData& fleet) {
  if (!nodes.by_id) return;
  nodes.names = as_set(fleet.names_of(nodes.ids));
  nodes.ids.clear();
  nodes.by_id = false;
}

/// The nodes in both (as ids when both are ids; the fewer named otherwise).
Nodes both_of(Nodes a, Nodes b, FleetData& fleet) {
  Nodes out;
  if (a.by_id && b.by_id) {
    out.by_id = true;
    std::set_intersection(a.ids.begin(), a.ids.end(), b.ids.begin(), b.ids.end(),
                          std::back_inserter(out.ids));
    return out;
  }
  // nothing in one: nothing in both, nothing to name
  if ((a.by_id ? a.ids.empty() : a.names.empty()) || (b.by_id ? b.ids.empty() : b.names.empty()))
    return out;
  name_ids(a, fleet);
  name_ids(b, fleet);
  std::set_intersection(a.names.begin(), a.names.end(), b.names.begin(), b.names.end(),
                        std::inserter(out.names, out.names.begin()));
  return out;
}

/// The nodes in either.
Nodes either_of(Nodes a, Nodes b, FleetData& fleet) {
  if (a.by_id && b.by_id) {
    Nodes out;
    out.by_id = true;
    std::set_union(a.ids.begin(), a.ids.end(), b.ids.begin(), b.ids.end(),
                   std::back_inserter(out.ids));
    return out;
  }
  name_ids(a, fleet);
  name_ids(b, fleet);
  a.names.merge(b.names);
  return a;
}

}  // namespace

std::optional<std::set<std::string>> Predicate::candidates(FleetData& fleet) {
  if (condition_.is_null()) return std::nullopt;
  std::optional<Nodes> rest;  // the nodes the query can match, its subqueries unanswered
  if (!answered_) {
    answered_ = true;
    rest = planned(condition_, fleet);  // an `in` not answered yet: any node may
    if (rest) name_ids(*rest, fleet);
    answer_subqueries(condition_, rest ? &rest->names : nullptr);
    // no `in` (nothing the second look would read differently): the first look's nodes
    // no `in` (nothing a second look would read differently), or no node: the first look's
    if (in_sets_.empty() || (rest && rest->names.empty()))
      return rest ? std::optional(std::move(rest->names)) : std::nullopt;
  }
  std::optional<Nodes> nodes = planned(condition_, fleet);
  if (!nodes) return rest ? std::optional(std::move(rest->names)) : std::nullopt;
  name_ids(*nodes, fleet);
  if (!rest) return std::move(nodes->names);
  std::set<std::string> both;
  std::set_intersection(nodes->names.begin(), nodes->names.end(), rest->names.begin(),
                        rest->names.end(), std::inserter(both, both.begin()));
  return both;
}

std::optional<Predicate::Nodes> Predicate::planned(const Json& condition, FleetData& fleet) const {
  std::vector<std::string> keys;
  {
    struct Collecting {
      const Predicate& predicate;
      ~Collecting() { predicate.collecting_ = nullptr; }
    } collecting{*this};
    collecting_ = &keys;
    plan(condition, fleet);
  }
  // nothing read ahead outlives the plan (an index read twice was read again the second time)
  struct ReadAhead {
    FleetData& fleet;
    ~ReadAhead() { fleet.forget_prefetched(); }
  } read_ahead{fleet};
  if (keys.size() > 1) fleet.prefetch_ids(keys);
  return plan(condition, fleet);
}

std::optional<Predicate::Nodes> Predicate::plan(const Json& clause, FleetData& fleet) const {
  const std::string& op = clause[0].get_ref<const std::string&>();
  const KeyLayout& keys = fleet.keys();
  const std::string& entity = entity_.name;
  if (op == "and") {
    std::optional<Nodes> known;
    // A fact's name and value together: the leaf index of [name] = value.
    Json name, value;
    for (std::size_t i = 1; i < clause.size(); ++i) {
      const Json& part = clause[i];
      if (part[0] == "=" && part[1] == "name") name = part[2];
      if (part[0] == "=" && part[1] == "value") value = part[2];
      if (part[0] == "=" && part[1] == "path" && entity == "fact-contents") name = part[2];
    }
    if ((entity == "facts" || entity == "fact-contents") && !name.is_null() &&
        (value.is_string() || value.is_boolean())) {
      Json path = name.is_array() ? name : Json::array({name});
      known = index_nodes(fleet, collecting_, keys.fact_leaf(path, value));
    }
    const bool by_leaf = known.has_value();
    Json type, title;
    for (std::size_t i = 1; i < clause.size(); ++i) {
      const Json& part = clause[i];
      if (entity == "resources" && part[0] == "=" && part[1] == "type") type = part[2];
      if (entity == "resources" && part[0] == "=" && part[1] == "title") title = part[2];
    }
    // the latest report's status, or its events': the nodes whose latest report has it
    if (entity == "reports" || entity == "events") {
      bool latest = false;
      Json status;
      for (std::size_t i = 1; i < clause.size(); ++i) {
        const Json& part = clause[i];
        if (part[0] == "=" && part[1] == "latest_report?" && part[2] == true) latest = true;
        if (part[0] == "=" && part[1] == "status" && part[2].is_string()) status = part[2];
      }
      if (latest && status.is_string() && !known) {
        const std::string wanted = status.get<std::string>();
        known = index_nodes(fleet, collecting_,
                            entity == "reports" ? keys.latest_report_status(wanted)
                                                : keys.latest_event_status(wanted));
      }
    }
    // the leaf or the title index names a subset of the nodes the name's (type's) index
    // names: that one, read for every node that has the fact (resource type), is left unread
    const bool by_title = !known && type.is_string() && title.is_string();
    if (by_title)
      known = index_nodes(fleet, collecting_,
                          keys.resource_title(type.get<std::string>(), title.get<std::string>()));
    for (std::size_t i = 1; i < clause.size(); ++i) {
      const Json& part = clause[i];
      if (part[0] == "=" && ((by_leaf && (part[1] == "name" || part[1] == "path")) ||
                             (by_title && part[1] == "type")))
        continue;
      std::optional<Nodes> part_known = plan(part, fleet);
      if (!part_known) continue;
      known = known ? both_of(std::move(*known), std::move(*part_known), fleet)
                    : std::move(*part_known);
    }
    return known;
  }
  if (op == "or") {
    std::optional<Nodes> any;
    for (std::size_t i = 1; i < clause.size(); ++i) {
      std::optional<Nodes> part = plan(clause[i], fleet);
      if (!part) return std::nullopt;
      any = any ? either_of(std::move(*any), std::move(*part), fleet) : std::move(*part);
    }
    return any ? std::move(any) : Nodes{};
  }
  if (op == "in") {
    if (clause[1].size() != 1 || clause[1][0] != "certname") return std::nullopt;
    auto found = in_sets_.find(&clause);
    if (found == in_sets_.end()) return std::nullopt;
    std::set<std::string> names;
    for (const Json& tuple : found->second)
      if (tuple[0].is_string()) names.insert(tuple[0].get<std::string>());
    return named_nodes(std::move(names));
  }
  if (op != "=") return std::nullopt;
  const std::string& field = clause[1].get_ref<const std::string&>();
  const Json& wanted = clause[2];
  if (field == "certname" && wanted.is_string()) return named_nodes({wanted.get<std::string>()});
  if (!wanted.is_string() && !wanted.is_boolean()) return std::nullopt;
  if (entity == "nodes" && field == "latest_report_status" && wanted.is_string())
    return index_nodes(fleet, collecting_, keys.latest_report_status(wanted.get<std::string>()));
  if ((entity == "facts" || entity == "fact-contents") && field == "name" && wanted.is_string())
    return index_nodes(fleet, collecting_, keys.fact_name(wanted.get<std::string>()));
  if (entity == "fact-contents" && field == "path" && wanted.is_array() && !wanted.empty() &&
      wanted[0].is_string())
    return index_nodes(fleet, collecting_, keys.fact_name(wanted[0].get<std::string>()));
  if ((entity == "nodes" || entity == "inventory") && field.starts_with("facts.")) {
    Json path = Json::array();
    for (std::string& key : fact_path_keys(field)) {
      // an index into an array or a quoted key: no index for it, any node may match
      if (key.empty() || key.find_first_not_of("0123456789") == std::string::npos ||
          key.front() == '"')
        return std::nullopt;
      path.push_back(std::move(key));
    }
    return index_nodes(fleet, collecting_, keys.fact_leaf(path, wanted));
  }
  if (entity == "resources" && wanted.is_string()) {
    const std::string& text = wanted.get_ref<const std::string&>();
    if (field == "type") return index_nodes(fleet, collecting_, keys.resource_type(text));
    if (field == "tag") {
      std::string lower = text;
      std::transform(lower.begin(), lower.end(), lower.begin(),
                     [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
      return index_nodes(fleet, collecting_, keys.resource_tag(lower));
    }
  }
  if ((entity == "edges") && (field == "source_type" || field == "target_type") &&
      wanted.is_string())
    return index_nodes(fleet, collecting_, keys.resource_type(wanted.get<std::string>()));
  return std::nullopt;
}

}  // namespace marionette::puppetdb
