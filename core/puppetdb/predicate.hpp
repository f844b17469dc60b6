#pragma once

#include <functional>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "puppetdb/entities.hpp"

namespace marionette::puppetdb {

class FleetData;

/// Answers a subquery: the rows of ["extract", FIELDS, ["select_ENTITY", …]] projected on
/// FIELDS.
using SubqueryRunner = std::function<Json(const Entity& entity, const Json& query)>;

/// A query's condition over one entity, checked and ready to match rows. Implicit subqueries
/// (["subquery", ENTITY, Q]) become PuppetDB's ["in", JOIN, ["extract", JOIN, ["select_…", Q]]];
/// every subquery is answered once, when the predicate is made, or with `deferred` by
/// candidates() (or answer_subqueries()) before the first row is matched. Throws QueryError
/// (400).
class Predicate {
 public:
  Predicate(const Entity& entity, const Json& condition, const SubqueryRunner& subqueries,
            bool deferred = false);
  Predicate(const Predicate&) = delete;  // in_sets_ points into condition_
  Predicate& operator=(const Predicate&) = delete;

  bool matches(const Json& row) const;
  /// The node_state the query asks for (active, inactive, any); active when it says none.
  const std::string& node_state() const { return node_state_; }
  /// Whether the query reads facts.* or ["fact", …] of nodes.
  bool reads_facts() const { return reads_facts_; }
  /// The value every matching row has in `field`: the query's ["=", field, V], alone or in its
  /// outermost "and"; nullopt when the query asks no such thing.
  std::optional<Json> required_value(const std::string& field) const;
  /// The query's ["=", field, V] clauses, alone or in its outermost "and" (as [field, V]), and
  /// whether they are the whole query (nothing else in that "and" but node_state).
  struct Equalities {
    std::vector<std::pair<std::string, Json>> clauses;
    bool whole = false;
  };
  Equalities equalities() const;
  /// A word every matching row's fact name holds: the first step of the query's
  /// ["~>", "path", [STEP, …]], alone or in its outermost "and", when STEP has no regex
  /// operator (letters, digits, _ and -), since the step's search finds it only in a name that
  /// holds it; nullopt when the query asks no such thing.
  std::optional<std::string> path_first_word() const;
  /// Whether a fact path beginning with `prefix` ([name, key or index, …]) can match the
  /// query's ["~>", "path", [STEP, …]], alone or in its outermost "and": no longer than the
  /// steps, each of its steps matching theirs. False only when no path below it can match.
  bool path_may_continue(const nlohmann::json& prefix) const;
  /// Whether the query looks at `field` of a row.
  bool reads_field(const std::string& field) const;
  /// Every field the query looks at (a dotted field as written: facts.os.family).
  std::set<std::string> fields_read() const;
  /// The top-level facts the query reads through facts.NAME… and trusted.… fields; nullopt when
  /// it reads the facts whole (`facts` or `trusted` themselves).
  std::optional<std::set<std::string>> facts_read() const;
  /// The nodes a clause can match: node ids while every index it reads holds ids (intersected
  /// and joined as ids), certnames once it meets a set of certnames, a certname or a
  /// subquery's answer. candidates() names the ids left at the end, those only.
  struct Nodes {
    bool by_id = false;
    std::vector<std::size_t> ids;  ///< sorted, when by_id
    std::set<std::string> names;   ///< when not by_id
  };
  /// The certnames whose rows can match, from the indexes; nullopt: any node may. A deferred
  /// predicate answers its subqueries here, after finding the nodes the rest of the query can
  /// match: a subquery joined on certname is asked only for those nodes' rows (a query on
  /// facts and report status reads the facts of the nodes with that status, not of every
  /// node with that fact).
  std::optional<std::set<std::string>> candidates(FleetData& fleet);
  /// Answers the subqueries of a deferred predicate that candidates() did not (once).
  void answer_subqueries();

 private:
  Json rewrite(const Json& condition);
  /// Answers the `in` clauses' subqueries; those joined on certname only for the nodes
  /// `only` names, when it names them.
  void answer_subqueries(const Json& condition, const std::set<std::string>* only);
  /// The pattern of a ~ clause (step 0) or of a ~> clause's step, compiled at its first use.
  const std::regex& pattern(const Json& clause, std::size_t step) const;
  bool test(const Json& condition, const Json& row) const;
  std::optional<Nodes> plan(const Json& condition, FleetData& fleet) const;
  /// plan(), the indexes of node ids it reads read first, together (one round trip): a plan
  /// that reads nothing lists them (collecting_), then the plan itself.
  std::optional<Nodes> planned(const Json& condition, FleetData& fleet) const;

  const Entity& entity_;
  Json condition_;  ///< rewritten; null: every row
  std::string node_state_ = "active";
  bool reads_facts_ = false;
  /// The tuples an `in` accepts, by the `in` clause's position in condition_.
  std::map<const Json*, std::set<Json>> in_sets_;
  SubqueryRunner subqueries_;
  bool answered_ = false;
  /// The patterns of the ~ and ~> clauses, compiled once per query (when first used, so that a
  /// query whose pattern never meets a value answers as before): by the clause's position in
  /// condition_ and the step. A predicate serves one query on one thread.
  mutable std::map<std::pair<const Json*, std::size_t>, std::regex> patterns_;
  /// While set, plan() reads no index: it lists the indexes of node ids it would read here.
  mutable std::vector<std::string>* collecting_ = nullptr;
};

/// The top-level facts that facts.NAME… and trusted.… among `fields` read; nullopt when one of
/// them is `facts` or `trusted` itself (the facts whole).
std::optional<std::set<std::string>> top_level_facts(const std::set<std::string>& fields);

/// The keys of a field facts.A.B… (A, B, …: its text after `facts.`, split at every dot, as
/// written: quotes and escapes kept, an empty key where two dots meet).
std::vector<std::string> fact_path_keys(std::string_view field);

/// The field name of a clause's field argument: "certname", or ["fact", "os"] as "facts.os".
std::string field_name_of(const Json& field);

}  // namespace marionette::puppetdb
