// The facts and inventory rows of a node written as the answer's text straight from the stored
// values: the fact-object is nlohmann's dump of the values, so each member's name and value
// (and the whole object, an inventory row's facts) are already the text the answer's row would
// dump; no value is parsed beyond those the query reads.
#include "puppetdb/json_scan.hpp"
#include "puppetdb/predicate.hpp"
#include "puppetdb/rows.hpp"

namespace marionette::puppetdb {

namespace {

std::string dumped(const Json& value) {
  return value.dump(-1, ' ', false, Json::error_handler_t::replace);
}

}  // namespace

std::optional<FactPathEqualities> fact_path_equalities(
    const std::vector<std::pair<std::string, Json>>& clauses) {
  constexpr std::string_view kFacts = "facts.";
  FactPathEqualities equalities;
  for (const auto& [field, value] : clauses) {
    if (!field.starts_with(kFacts) || (!value.is_string() && !value.is_boolean()))
      return std::nullopt;
    FactPathEquality equality;
    equality.keys = fact_path_keys(field);
    for (const std::string& key : equality.keys)
      if (key.empty() || key.find_first_of("\\\"[]") != std::string::npos) return std::nullopt;
    equality.value = value.dump();
    if (equality.value.find('\\') != std::string::npos) return std::nullopt;
    equalities.facts.insert(equality.keys.front());
    equalities.clauses.push_back(std::move(equality));
  }
  if (equalities.clauses.empty()) return std::nullopt;
  return equalities;
}

namespace {

/// Whether the value at the rest of the path's keys (after its fact's name) is `wanted`, read
/// on the fact's value text: nullopt when the text cannot tell (an array on the path, an
/// escape in the value).
std::optional<bool> value_meets(std::string_view at, const std::vector<std::string>& keys,
                                const std::string& wanted) {
  for (std::size_t k = 1; k < keys.size(); ++k) {
    if (!at.empty() && at[0] == '[') return std::nullopt;  // a step into an array: the row's
    if (at.empty() || at[0] != '{') return false;
    std::optional<std::string_view> member;
    for_each_json_member_while(at, [&](std::string_view written, std::string_view value) {
      std::string unescaped;
      if (json_name_view(written, unescaped) == keys[k]) member = value;
      return !member;
    });
    if (!member) return false;
    at = *member;
  }
  if (at.find('\\') != std::string_view::npos) return std::nullopt;
  return at == wanted;
}

}  // namespace

std::optional<bool> facts_meet(FleetData& fleet, const std::string& certname,
                               const FactPathEqualities& equalities) {
  // each clause as its fact's value text shows it (unmet when the node lacks the fact), decided
  // in the clauses' order
  std::vector<std::optional<bool>> met(equalities.clauses.size(), false);
  const bool read = fleet.for_each_fact_value(
      certname, equalities.facts, [&](std::string_view written, std::string_view value) {
        std::string unescaped;
        const std::string_view name = json_name_view(written, unescaped);
        for (std::size_t i = 0; i < met.size(); ++i) {
          const FactPathEquality& equality = equalities.clauses[i];
          if (name == equality.keys.front())
            met[i] = value_meets(value, equality.keys, equality.value);
        }
      });
  if (!read) return std::nullopt;
  for (const std::optional<bool>& clause : met)
    if (!clause || !*clause) return clause;
  return true;
}

bool fact_rows_text(FleetData& fleet, const std::string& certname, const RowOptions& options,
                    const RowTextFilter& filter, std::string& out, std::vector<std::size_t>& ends) {
  static const std::set<std::string, std::less<>> kHeaderFields = {"certname", "environment"};
  FleetData::FactsText facts = fleet.facts_text(
      certname, &kHeaderFields, options.fact_names ? &*options.fact_names : nullptr);
  if (!facts.header) return true;  // no facts, no rows
  if (!facts.values) return false;
  const Json& header = *facts.header;
  const Json certname_value = header.value("certname", Json(nullptr));
  const Json environment = header.value("environment", Json(nullptr));
  // the row's fields in the order nlohmann writes an object's (by name)
  const std::string head = "{\"certname\":" + dumped(certname_value) +
                           ",\"environment\":" + dumped(environment) + ",\"name\":";
  const bool name_read = reads_field(filter.read, "name");
  const bool value_read = reads_field(filter.read, "value");
  Json row = Json::object();
  if (reads_field(filter.read, "certname")) row["certname"] = certname_value;
  if (reads_field(filter.read, "environment")) row["environment"] = environment;
  for_each_json_member(*facts.values, [&](std::string_view written, std::string_view value) {
    std::string name;
    if (options.fact_name || name_read) {
      // another fact's name, written without escapes, is passed over without being made
      const std::string_view raw = written.substr(1, written.size() - 2);
      if (options.fact_name && raw != *options.fact_name &&
          raw.find('\\') == std::string_view::npos)
        return;
      name = json_name(written);
      if (options.fact_name && name != *options.fact_name) return;
      if (name_read) row["name"] = name;
    }
    if (value_read) row["value"] = Json::parse(value);
    if (!filter.keep(row)) return;
    if (!ends.empty()) out += ',';
    out += head;
    out += written;
    out += ",\"value\":";
    out += value;
    out += '}';
    ends.push_back(out.size());
  });
  return true;
}

bool inventory_row_text(FleetData& fleet, const std::string& certname, const RowTextFilter& filter,
                        std::string& out, std::vector<std::size_t>& ends) {
  if (reads_field(filter.read, "facts") || reads_field(filter.read, "trusted")) return false;
  static const std::set<std::string, std::less<>> kHeaderFields = {"certname", "environment",
                                                                   "timestamp"};
  FleetData::FactsText facts = fleet.facts_text(certname, &kHeaderFields);
  if (!facts.header) return true;  // no facts, no row
  if (!facts.values) return false;
  const Json& header = *facts.header;
  Json row = Json::object();
  for (const char* field : {"certname", "environment", "timestamp"})
    if (reads_field(filter.read, field)) row[field] = header.value(field, Json(nullptr));
  if (!filter.keep(row)) return true;
  std::string_view trusted = "null";
  for_each_json_member(*facts.values, [&](std::string_view written, std::string_view value) {
    if (written == "\"trusted\"") trusted = value;
  });
  // the row's fields in the order nlohmann writes an object's (by name)
  if (!ends.empty()) out += ',';
  out += "{\"certname\":";
  out += dumped(header.value("certname", Json(nullptr)));
  out += ",\"environment\":";
  out += dumped(header.value("environment", Json(nullptr)));
  out += ",\"facts\":";
  out += *facts.values;
  out += ",\"timestamp\":";
  out += dumped(header.value("timestamp", Json(nullptr)));
  out += ",\"trusted\":";
  out += trusted;
  out += '}';
  ends.push_back(out.size());
  return true;
}

}  // namespace marionette::puppetdb
