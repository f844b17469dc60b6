// PuppetDB's event-counts and aggregate-event-counts: the events query's rows, counted by
// subject as PuppetDB counts them (distinct resources, or nodes, per status).
#include "puppetdb/event_counts.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "puppetdb/predicate.hpp"
#include "puppetdb/query_error.hpp"

namespace marionette::puppetdb {

namespace {

const char* const kCounts[] = {"successes", "failures", "noops", "skips"};

/// The counts' fields, for counts_filter and order_by (not an entity of the URL or of PQL).
const Entity& counts_entity() {
  static const Entity entity{"event-counts",
                             "event_counts",
                             {{"subject_type", FieldType::string},
                              {"subject", FieldType::object},
                              {"successes", FieldType::integer},
                              {"failures", FieldType::integer},
                              {"noops", FieldType::integer},
                              {"skips", FieldType::integer}},
                             false,
                             false};
  return entity;
}

const char* count_of_status(const Json& status) {
  if (status == "success") return "successes";
  if (status == "failure") return "failures";
  if (status == "noop") return "noops";
  if (status == "skipped") return "skips";
  return nullptr;
}

Json subject_of(const std::string& summarize_by, const Json& event) {
  if (summarize_by == "certname") return {{"title", event["certname"]}};
  if (summarize_by == "resource")
    return {{"type", event["resource_type"]}, {"title", event["resource_title"]}};
  return {{"title", event["containing_class"]}};
}

Json parameter(const Json& parameters, const char* name) {
  auto found = parameters.find(name);
  if (found == parameters.end() || found->is_null()) return nullptr;
  return *found;
}

Json json_parameter(const Json& parameters, const char* name) {
  Json given = parameter(parameters, name);
  if (!given.is_string()) return given;
  Json parsed = Json::parse(given.get<std::string>(), nullptr, false);
  if (parsed.is_discarded())
    throw QueryError(400,
                     std::string("Malformed JSON for ") + name + ": " + given.get<std::string>());
  return parsed;
}

std::vector<std::string> split_commas(const std::string& text) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (true) {
    std::size_t comma = text.find(',', start);
    parts.push_back(text.substr(start, comma == std::string::npos ? comma : comma - start));
    if (comma == std::string::npos) return parts;
    start = comma + 1;
  }
}

/// The rows of one summarize_by, before counts_filter.
std::vector<Json> counted(const std::string& summarize_by, const std::string& count_by,
                          const Json& events) {
  struct Tally {
    Json subject;
    std::map<std::string, std::set<Json>> seen;  // by count: the resources or nodes counted
  };
  std::map<std::string, Tally> tallies;  // by the subject's text, in first-seen order below
  std::vector<std::string> order;
  for (const Json& event : events) {
    const char* count = count_of_status(event.value("status", Json(nullptr)));
    if (!count) continue;
    Json subject = subject_of(summarize_by, event);
    std::string key = subject.dump();
    auto [at, added] = tallies.try_emplace(key, Tally{subject, {}});
    if (added) order.push_back(key);
    Json counted_thing =
        count_by == "certname"
            ? Json(event["certname"])
            : Json::array({event["certname"], event["resource_type"], event["resource_title"]});
    at->second.seen[count].insert(std::move(counted_thing));
  }
  std::vector<Json> rows;
  for (const std::string& key : order) {
    const Tally& tally = tallies[key];
    Json row = {{"subject_type", summarize_by}, {"subject", tally.subject}};
    for (const char* count : kCounts) {
      auto found = tally.seen.find(count);
      row[count] = found == tally.seen.end() ? 0 : found->second.size();
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

std::vector<Json> filtered(std::vector<Json> rows, const Json& counts_filter) {
  if (counts_filter.is_null()) return rows;
  Predicate keep(counts_entity(), counts_filter, [](const Entity&, const Json&) -> Json {
    throw QueryError(400, "counts_filter takes no subqueries");
  });
  std::vector<Json> kept;
  for (Json& row : rows)
    if (keep.matches(row)) kept.push_back(std::move(row));
  return kept;
}

Json matching_events(const EventCountsRequest& request, FleetData& fleet) {
  QueryEngine engine(fleet);
  return engine.entity_query("events", request.query, {}).rows;
}

}  // namespace

EventCountsRequest read_event_counts_request(const Json& parameters, bool aggregate) {
  EventCountsRequest request;
  Json summarize_by = parameter(parameters, "summarize_by");
  if (!summarize_by.is_string())
    throw QueryError(400, "Missing required query parameter 'summarize_by'");
  request.summarize_by = summarize_by.get<std::string>();
  for (const std::string& part :
       aggregate ? split_commas(request.summarize_by) : std::vector{request.summarize_by})
    if (part != "certname" && part != "resource" && part != "containing_class")
      throw QueryError(400, "Unsupported value for 'summarize_by': '" + part + "'");
  if (Json count_by = parameter(parameters, "count_by"); !count_by.is_null()) {
    if (count_by != "resource" && count_by != "certname")
      throw QueryError(
          400, "Unsupported value for 'count_by': '" +
                   (count_by.is_string() ? count_by.get<std::string>() : count_by.dump()) + "'");
    request.count_by = count_by.get<std::string>();
  }
  request.counts_filter = json_parameter(parameters, "counts_filter");
  request.query = json_parameter(parameters, "query");
  return request;
}

QueryAnswer event_counts(const EventCountsRequest& request, FleetData& fleet) {
  std::vector<Json> rows =
      filtered(counted(request.summarize_by, request.count_by, matching_events(request, fleet)),
               request.counts_filter);
  const Json& order_by = request.paging.order_by;
  for (const Json& term : order_by) {
    const std::string field = term[0].get<std::string>();
    if (std::none_of(std::begin(kCounts), std::end(kCounts),
                     [&](const char* count) { return field == count; }) &&
        field != "subject_type")
      throw QueryError(400, "Unrecognized column '" + field + "' specified in :order_by");
  }
  std::stable_sort(rows.begin(), rows.end(), [&](const Json& a, const Json& b) {
    for (const Json& term : order_by) {
      const std::string field = term[0].get<std::string>();
      if (a[field] == b[field]) continue;
      return term[1] == "desc" ? b[field] < a[field] : a[field] < b[field];
    }
    return false;
  });
  QueryAnswer answer;
  if (request.paging.include_total) answer.total = rows.size();
  std::size_t from = request.paging.offset ? static_cast<std::size_t>(*request.paging.offset) : 0;
  std::size_t count =
      request.paging.limit ? static_cast<std::size_t>(*request.paging.limit) : rows.size();
  for (std::size_t i = from; i < rows.size() && i - from < count; ++i)
    answer.rows.push_back(std::move(rows[i]));
  return answer;
}

Json aggregate_event_counts(const EventCountsRequest& request, FleetData& fleet) {
  Json events = matching_events(request, fleet);
  Json answer = Json::array();
  for (const std::string& summarize_by : split_commas(request.summarize_by)) {
    std::vector<Json> rows =
        filtered(counted(summarize_by, request.count_by, events), request.counts_filter);
    Json total = {{"summarize_by", summarize_by}, {"total", rows.size()}};
    for (const char* count : kCounts)
      total[count] =
          std::count_if(rows.begin(), rows.end(), [&](const Json& row) { return row[count] > 0; });
    answer.push_back(std::move(total));
  }
  return answer;
}

}  // namespace marionette::puppetdb
