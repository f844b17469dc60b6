#include "puppetdb/rows.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "digest/digest.hpp"
#include "puppetdb/fact_tree.hpp"
#include "puppetdb/json_scan.hpp"
#include "puppetdb/packed_resources.hpp"
#include "puppetdb/store.hpp"
#include "puppetdb/timestamp.hpp"

namespace marionette::puppetdb {

namespace {

enum class TextVerdict { unmet, met, unsure };

/// Whether the JSON text of a field is `wanted` (nlohmann's text of a value): both written by
/// nlohmann, two texts are the same string only when they are the same text; a text with an
/// escape may be another writer's, and is left to the parsed row.
TextVerdict text_is(std::string_view text, std::string_view wanted) {
  if (text == wanted) return TextVerdict::met;
  return text.find('\\') == std::string_view::npos ? TextVerdict::unmet : TextVerdict::unsure;
}

TextVerdict an_element_is(std::string_view array, std::string_view wanted) {
  if (array.empty() || array.front() != '[') return TextVerdict::unsure;
  TextVerdict verdict = TextVerdict::unmet;
  for_each_json_element(array, [&](std::string_view element) {
    const TextVerdict one = text_is(element, wanted);
    if (one != TextVerdict::unmet) verdict = one;
    return one != TextVerdict::met;
  });
  return verdict;
}

/// What a row's text shows of `equalities`: `row.text_of(FIELD)` is the field's JSON text, or
/// nullopt for a field the row's text does not hold.
template <typename RowText>
TextVerdict equalities_of(const RowText& row, const std::vector<TextEquality>& equalities) {
  TextVerdict verdict = TextVerdict::met;
  for (const TextEquality& equality : equalities) {
    const std::optional<std::string_view> text = row.text_of(equality.field);
    const TextVerdict one = !text                  ? TextVerdict::unsure
                            : equality.any_element ? an_element_is(*text, equality.text)
                                                   : text_is(*text, equality.text);
    if (one == TextVerdict::unmet) return one;
    if (one == TextVerdict::unsure) verdict = one;
  }
  return verdict;
}

/// Whether a row `filter` keeps: by its equalities on the row's text where they tell, else by
/// `keep` of the row `parsed` makes.
template <typename RowText, typename Parse>
bool filter_keeps(const RowTextFilter& filter, const RowText& row, Parse&& parsed) {
  const TextVerdict verdict = equalities_of(row, filter.equalities);
  if (verdict == TextVerdict::unmet) return false;
  if (verdict == TextVerdict::met && filter.equalities_decide) return true;
  return filter.keep(parsed());
}

Json or_null(const Json& object, const char* key) {
  if (!object.is_object()) return nullptr;
  auto found = object.find(key);
  return found == object.end() ? Json(nullptr) : *found;
}

/// The facts' values, or only `only`'s (put in `one`) when the query asks for one fact.
const Json& fact_values(const Json& facts, const std::optional<std::string>& only, Json& one) {
  const Json& values = facts["values"];
  if (!only || !values.is_object()) return values;
  one = Json::object();
  if (auto found = values.find(*only); found != values.end()) one[*only] = *found;
  return one;
}

std::vector<Json> fact_rows(const Json& facts, const std::optional<std::string>& only) {
  std::vector<Json> rows;
  Json one;
  const Json& values = fact_values(facts, only, one);
  for (const auto& [name, value] : values.items())
    rows.push_back({{"certname", facts["certname"]},
                    {"name", name},
                    {"value", value},
                    {"environment", facts["environment"]}});
  return rows;
}

std::vector<Json> fact_content_rows(const Json& facts, const std::optional<std::string>& only,
                                    const std::function<bool(const Json& path)>& may_continue) {
  std::vector<Json> rows;
  Json one;
  const Json& values = fact_values(facts, only, one);
  for (const auto& [name, value] : values.items()) {
    auto row = [&](const Json& path, const Json& leaf) {
      rows.push_back({{"certname", facts["certname"]},
                      {"environment", facts["environment"]},
                      {"name", name},
                      {"path", path},
                      {"value", leaf}});
    };
    if (may_continue)
      for_each_leaf(name, value, row, may_continue);
    else
      for_each_leaf(name, value, row);
  }
  return rows;
}

/// A factset: the node's facts as PuppetDB answers /factsets (the facts as {name, value} rows).
Json factset_row(const Json& facts) {
  Json data = Json::array();
  for (const auto& [name, value] : facts["values"].items())
    data.push_back({{"name", name}, {"value", value}});
  const std::string certname = facts["certname"];
  return {{"certname", certname},
          {"environment", facts["environment"]},
          {"timestamp", facts["timestamp"]},
          {"producer_timestamp", facts["producer_timestamp"]},
          {"producer", facts["producer"]},
          {"hash", facts["hash"]},
          {"facts", {{"href", "/pdb/query/v4/factsets/" + certname + "/facts"}, {"data", data}}}};
}

/// replace facts v5's package_inventory, [name, version, provider] each, as rows.
std::vector<Json> package_rows(const Json& facts, bool with_certname) {
  std::vector<Json> rows;
  auto inventory = facts.find("package_inventory");
  if (inventory == facts.end() || !inventory->is_array()) return rows;
  for (const Json& package : *inventory) {
    if (!package.is_array() || package.size() != 3) continue;
    Json row = {{"package_name", package[0]}, {"version", package[1]}, {"provider", package[2]}};
    if (with_certname) row["certname"] = facts["certname"];
    rows.push_back(std::move(row));
  }
  return rows;
}

Json inventory_row(const Json& facts) {
  return {{"certname", facts["certname"]},
          {"timestamp", facts["timestamp"]},
          {"environment", facts["environment"]},
          {"facts", facts["values"]},
          {"trusted", or_null(facts["values"], "trusted")}};
}

/// A resources row's parts as JSON text: the node's certname and the catalog's environment,
/// the group's type, and the six elements of the resource's packed tuple.
struct ResourceRowText {
  std::string_view certname, environment, type;
  std::string_view title, tags, exported, file, line, parameters;

  /// Reads the tuple [title, tags, exported, file, line, parameters]; throws StoreError.
  void read_tuple(std::string_view tuple) {
    std::string_view* parts[] = {&title, &tags, &exported, &file, &line, &parameters};
    std::size_t count = 0;
    for_each_json_element(tuple, [&](std::string_view element) {
      if (count < 6) *parts[count] = element;
      return ++count <= 6;
    });
    if (count != 6) throw StoreError("a packed resource is not a 6-tuple");
  }

  /// The row's fields in the answer's order (by name, as nlohmann writes an object), each as
  /// JSON text; `resource` only with `hash`. The one place a resources row is made: the text
  /// answer writes these, the rows a query matches or extracts are parsed from them.
  template <typename Each>
  void fields(bool hash, Each&& each) const {
    each("certname", certname);
    each("environment", environment);
    each("exported", exported);
    each("file", file);
    each("line", line);
    each("parameters", parameters);
    if (hash) {
      const std::string quoted =
          '"' + resource_hash_of(certname, type, title, parameters, tags, exported) + '"';
      each("resource", std::string_view(quoted));
    }
    each("tags", tags);
    each("title", title);
    each("type", type);
  }

  /// The JSON text of the row's field `name` (not `resource`), nullopt for another name.
  std::optional<std::string_view> text_of(std::string_view name) const {
    std::optional<std::string_view> found;
    fields(false, [&](const char* field, std::string_view value) {
      if (name == field) found = value;
    });
    return found;
  }

  void write(std::string& out, bool hash) const {
    out += '{';
    bool first = true;
    fields(hash, [&](const char* name, std::string_view value) {
      if (!first) out += ',';
      first = false;
      out += '"';
      out += name;
      out += "\":";
      out += value;
    });
    out += '}';
  }

  /// The row as a value, with the hidden `tag` (the tags, matched one by one); only the fields
  /// `wanted` names (a dotted parameters.X by its prefix), or all of them.
  Json row(bool hash, const std::set<std::string>* wanted = nullptr) const {
    auto needed = [&](std::string_view name) { return !wanted || reads_field(*wanted, name); };
    Json row = Json::object();
    fields(hash && needed("resource"), [&](const char* name, std::string_view value) {
      if (needed(name)) row[name] = Json::parse(value);
    });
    if (needed("tag")) row["tag"] = Json::parse(tags);
    return row;
  }
};

/// Calls `each` with every resource row of the node's catalog that `options` asks for (its
/// type's, its title's), as text, until `each` returns false.
template <typename Each>
void for_each_resource_row(FleetData& fleet, const std::string& certname, const RowOptions& options,
                           Each&& each) {
  // what the rows and catalog_groups read of the header (resources: an earlier build's catalog
  // kept whole)
  static const std::set<std::string, std::less<>> read = {"certname", "environment", "resources"};
  std::vector<std::pair<std::string, std::string>> groups;
  std::string certname_text, environment;
  if (options.resource_type) {  // the environment, when asked, as the node's kept row holds it
    std::optional<std::string> kept =
        options.resource_environment ? fleet.kept_catalog_environment(certname) : "null";
    if (kept) {
      static const Json kNoInlineResources = Json::object();
      groups = fleet.catalog_groups(certname, kNoInlineResources, options.resource_type);
      append_json_string(certname, certname_text);
      environment = std::move(*kept);
    }
  }
  if (groups.empty()) {
    const std::optional<Json> header = fleet.catalog_header_fields(certname, read);
    if (!header) return;
    groups = fleet.catalog_groups(certname, *header, options.resource_type);
    auto text_of = [&](const char* field) {
      auto found = header->find(field);
      return found == header->end() ? std::string("null") : found->dump();
    };
    certname_text = text_of("certname");
    environment = text_of("environment");
  }
  const std::optional<std::string> title =
      options.resource_title ? std::optional<std::string>(Json(*options.resource_title).dump())
                             : std::nullopt;
  ResourceRowText row{certname_text, environment, {}, {}, {}, {}, {}, {}, {}};
  bool going_on = true;
  for (const auto& [type, packed] : groups) {
    const std::string type_text = Json(type).dump();
    row.type = type_text;
    for_each_json_element(packed, [&](std::string_view tuple) {
      // the title first, alone: the rest of another title's tuple unread
      if (title && !packed_tuple_titled(tuple, type, *title, *options.resource_title)) return true;
      row.read_tuple(tuple);
      going_on = each(row);
      return going_on;
    });
    if (!going_on) return;
  }
}

std::vector<Json> edge_rows(const Json& catalog) {
  std::vector<Json> rows;
  for (const Json& edge : catalog["edges"])
    rows.push_back({{"certname", catalog["certname"]},
                    {"relationship", edge["relationship"]},
                    {"source_title", or_null(edge["source"], "title")},
                    {"source_type", or_null(edge["source"], "type")},
                    {"target_title", or_null(edge["target"], "title")},
                    {"target_type", or_null(edge["target"], "type")}});
  return rows;
}

Json catalog_row(const Json& catalog) {
  const std::string certname = catalog["certname"];
  const std::string base = "/pdb/query/v4/catalogs/" + certname;
  Json resources = Json::array();
  const std::string certname_text = Json(certname).dump();
  const std::string environment = or_null(catalog, "environment").dump();
  for (const Json& resource : catalog["resources"]) {
    const std::string type = or_null(resource, "type").dump();
    const std::string tuple =
        Json::array({or_null(resource, "title"), or_null(resource, "tags"),
                     or_null(resource, "exported"), or_null(resource, "file"),
                     or_null(resource, "line"), or_null(resource, "parameters")})
            .dump();
    ResourceRowText text{certname_text, environment, type, {}, {}, {}, {}, {}, {}};
    text.read_tuple(tuple);
    Json row = text.row(true);
    for (const char* hidden : {"tag", "certname", "environment"}) row.erase(hidden);
    resources.push_back(std::move(row));
  }
  Json edges = Json::array();
  for (const Json& edge : catalog["edges"])
    edges.push_back({{"source_type", or_null(edge["source"], "type")},
                     {"source_title", or_null(edge["source"], "title")},
                     {"target_type", or_null(edge["target"], "type")},
                     {"target_title", or_null(edge["target"], "title")},
                     {"relationship", edge["relationship"]}});
  Json row = catalog;
  row.erase("timestamp");
  row["resources"] = {{"href", base + "/resources"}, {"data", resources}};
  row["edges"] = {{"href", base + "/edges"}, {"data", edges}};
  return row;
}

/// The class a resource is in, from its containment path (Stage[main], Apache, File[x]): the
/// last step that is a class's name rather than a resource reference.
Json containing_class(const Json& path) {
  Json found = nullptr;
  if (!path.is_array()) return found;
  for (const Json& step : path)
    if (step.is_string() && step.get<std::string>().find('[') == std::string::npos) found = step;
  return found;
}

std::vector<Json> event_rows(const Json& report, bool latest) {
  std::vector<Json> rows;
  for (const Json& resource : report.value("resources", Json::array())) {
    for (const Json& event : resource.value("events", Json::array())) {
      Json path = or_null(resource, "containment_path");
      rows.push_back({{"certname", report["certname"]},
                      {"report", report["hash"]},
                      {"status", or_null(event, "status")},
                      {"timestamp", or_null(event, "timestamp")},
                      {"run_start_time", or_null(report, "start_time")},
                      {"run_end_time", or_null(report, "end_time")},
                      {"report_receive_time", or_null(report, "receive_time")},
                      {"resource_type", or_null(resource, "resource_type")},
                      {"resource_title", or_null(resource, "resource_title")},
                      {"property", or_null(event, "property")},
                      {"name", or_null(event, "name")},
                      {"new_value", or_null(event, "new_value")},
                      {"old_value", or_null(event, "old_value")},
                      {"message", or_null(event, "message")},
                      {"file", or_null(resource, "file")},
                      {"line", or_null(resource, "line")},
                      {"containment_path", path},
                      {"containing_class", containing_class(path)},
                      {"environment", or_null(report, "environment")},
                      {"configuration_version", or_null(report, "configuration_version")},
                      // PuppetDB (open source) keeps no corrective_change
                      {"corrective_change", nullptr},
                      {"latest_report?", latest}});
    }
  }
  return rows;
}

Json report_row(const Json& report, bool latest) {
  const std::string hash = report["hash"];
  const std::string base = "/pdb/query/v4/reports/" + hash;
  Json events = Json::array();
  for (Json row : event_rows(report, latest)) {
    for (const char* hidden :
         {"certname", "report", "run_start_time", "run_end_time", "report_receive_time",
          "environment", "configuration_version", "latest_report?"})
      row.erase(hidden);
    if (row["timestamp"].is_string())
      row["timestamp"] = offset_timestamp(row["timestamp"].get<std::string>());
    events.push_back(std::move(row));
  }
  if (events.empty()) events = nullptr;
  Json row = Json::object();
  for (const char* field :
       {"hash", "certname", "puppet_version", "receive_time", "report_format", "start_time",
        "end_time", "producer_timestamp", "producer", "transaction_uuid", "catalog_uuid", "code_id",
        "job_id", "cached_catalog_status", "status", "noop", "noop_pending", "environment",
        "configuration_version"})
    row[field] = or_null(report, field);
  row["corrective_change"] = nullptr;  // not kept by PuppetDB (open source)
  row["type"] = report.value("type", "agent");
  row["metrics"] = {{"href", base + "/metrics"}, {"data", report.value("metrics", Json::array())}};
  row["logs"] = {{"href", base + "/logs"}, {"data", report.value("logs", Json::array())}};
  row["resource_events"] = {{"href", base + "/events"}, {"data", events}};
  row["latest_report?"] = latest;
  return row;
}

}  // namespace

Json event_summary(const Json& report) {
  Json summary = Json::array();
  for (const Json& resource : report.value("resources", Json::array())) {
    if (!resource.is_object()) continue;
    for (const Json& event : resource.value("events", Json::array())) {
      if (summary.size() == kSummarizedEvents) return nullptr;
      summary.push_back({or_null(event, "status"), or_null(resource, "resource_type"),
                         or_null(resource, "resource_title"), or_null(event, "property"),
                         or_null(event, "name"),
                         containing_class(or_null(resource, "containment_path"))});
    }
  }
  return summary;
}

const std::set<std::string>& summary_fields(const Entity& entity) {
  static const std::set<std::string> events = {
      "certname",      "report", "status",           "resource_type", "resource_title",
      "property",      "name",   "containing_class", "environment",   "corrective_change",
      "latest_report?"};
  static const std::set<std::string> reports = {"certname",
                                                "hash",
                                                "status",
                                                "noop",
                                                "noop_pending",
                                                "environment",
                                                "job_id",
                                                "cached_catalog_status",
                                                "producer_timestamp",
                                                "corrective_change",
                                                "latest_report?"};
  static const std::set<std::string> none;
  if (entity.name == "events") return events;
  if (entity.name == "reports") return reports;
  return none;
}

namespace {

/// node[key], or null when the node has none (no copy).
const Json& member(const Json& node, const char* key) {
  static const Json none = nullptr;
  auto found = node.find(key);
  return found == node.end() ? none : *found;
}

/// row[name] = value, unless `only` leaves the field out of the row.
void set_field(Json& row, const std::set<std::string>* only, const char* name, const Json& value) {
  if (!only || only->count(name)) row[name] = value;
}

/// A summarized event's row parts as JSON text: the node's certname, the report's hash and
/// environment, and the six elements of the event's tuple (event_summary's).
/// Whether `set` holds `name`, without making a string of it (asked per field of every row).
bool holds_field_name(const std::set<std::string>& set, std::string_view name) {
  for (const std::string& member : set)
    if (member == name) return true;
  return false;
}

struct SummaryEventText {
  std::string_view certname, report, environment;
  std::string_view status, resource_type, resource_title, property, name, containing_class;

  /// Reads [status, resource_type, resource_title, property, name, containing_class]; false for
  /// a tuple not so written.
  bool read_tuple(std::string_view tuple) {
    if (tuple.empty() || tuple[0] != '[') return false;
    std::string_view* parts[] = {&status,   &resource_type, &resource_title,
                                 &property, &name,          &containing_class};
    std::size_t count = 0;
    for_each_json_element(tuple, [&](std::string_view element) {
      if (count < 6) *parts[count] = element;
      return ++count <= 6;
    });
    return count == 6;
  }

  /// The row's fields in the answer's order (by name, as nlohmann writes an object), each as
  /// JSON text, only those `only` names (all without it). The one place these rows are made:
  /// the text answer writes these, the rows a query matches are parsed from them.
  template <typename Each>
  void fields(const std::set<std::string>* only, Each&& each) const {
    auto field = [&](const char* field, std::string_view value) {
      if (!only || holds_field_name(*only, field)) each(field, value);
    };
    field("certname", certname);
    field("containing_class", containing_class);
    field("corrective_change", "null");  // PuppetDB (open source) keeps none
    field("environment", environment);
    field("latest_report?", "true");
    field("name", name);
    field("property", property);
    field("report", report);
    field("resource_title", resource_title);
    field("resource_type", resource_type);
    field("status", status);
  }

  /// The JSON text of the row's field `name`, nullopt for another name.
  std::optional<std::string_view> text_of(std::string_view name) const {
    std::optional<std::string_view> found;
    fields(nullptr, [&](const char* field, std::string_view value) {
      if (name == field) found = value;
    });
    return found;
  }

  Json row(const std::set<std::string>* only) const {
    Json row = Json::object();
    fields(only,
           [&](const char* field, std::string_view value) { row[field] = Json::parse(value); });
    return row;
  }
};

/// The events rows of a latest report's summarized events (event_summary's tuples); nullopt
/// for a summary not so written.
std::optional<std::vector<Json>> summary_event_rows(const Json& certname, const Json& hash,
                                                    const Json& environment, const Json& summary,
                                                    const std::set<std::string>* only) {
  const std::string certname_text = certname.dump(), hash_text = hash.dump(),
                    environment_text = environment.dump();
  SummaryEventText text{certname_text, hash_text, environment_text, {}, {}, {}, {}, {}, {}};
  std::vector<Json> rows;
  rows.reserve(summary.size());
  for (const Json& event : summary) {
    if (!event.is_array() || event.size() != 6) return std::nullopt;
    const std::string tuple = event.dump();
    text.read_tuple(tuple);
    rows.push_back(text.row(only));
  }
  return rows;
}

}  // namespace

std::optional<std::vector<Json>> latest_report_rows(const Entity& entity, const Json& node,
                                                    const std::set<std::string>* only) {
  const Json& hash = member(node, "latest_report_hash");
  if (hash.is_null()) return std::vector<Json>{};
  if (entity.name == "reports") {
    Json row = Json::object();
    set_field(row, only, "certname", node["certname"]);
    set_field(row, only, "hash", hash);
    set_field(row, only, "status", member(node, "latest_report_status"));
    set_field(row, only, "noop", member(node, "latest_report_noop"));
    set_field(row, only, "noop_pending", member(node, "latest_report_noop_pending"));
    set_field(row, only, "environment", member(node, "report_environment"));
    set_field(row, only, "job_id", member(node, "latest_report_job_id"));
    set_field(row, only, "cached_catalog_status", member(node, "cached_catalog_status"));
    set_field(row, only, "producer_timestamp", member(node, "report_producer_timestamp"));
    set_field(row, only, "corrective_change", nullptr);
    set_field(row, only, "latest_report?", true);
    return std::vector<Json>{std::move(row)};
  }
  const auto summary = node.find("latest_report_events");
  if (summary == node.end() || !summary->is_array())
    return std::nullopt;  // none kept (too many, or an earlier build's)
  return summary_event_rows(node["certname"], hash, member(node, "report_environment"), *summary,
                            only);
}

namespace {

/// latest_failure_rows_text of a kept text whose state is read; throws StoreError for one that
/// is not JSON.
std::optional<RowsText> failure_rows_text(const std::string& certname,
                                          const FleetData::KeptState& state,
                                          const RowTextFilter& filter,
                                          const std::set<std::string>& written) {
  // [hash, environment, [tuple, …]] as FleetData::latest_failures_of writes it
  std::string_view parts[3];
  std::size_t count = 0;
  for_each_json_element(state.rest, [&](std::string_view element) {
    if (count < 3) parts[count] = element;
    return ++count <= 3;
  });
  if (count != 3 || parts[0].empty() || parts[0][0] != '"' || parts[2].empty() ||
      parts[2][0] != '[')
    return std::nullopt;
  std::string certname_text;
  append_json_string(certname, certname_text);
  SummaryEventText event{certname_text, parts[0], parts[1], {}, {}, {}, {}, {}, {}};
  RowsText rows;
  rows.active = state.active;
  bool well_formed = true;
  for_each_json_element(parts[2], [&](std::string_view tuple) {
    if (!event.read_tuple(tuple)) return well_formed = false;
    if (!filter_keeps(filter, event, [&] { return event.row(&filter.read); })) return true;
    rows.text += '{';
    bool first = true;
    event.fields(&written, [&](const char* name, std::string_view value) {
      if (!first) rows.text += ',';
      first = false;
      rows.text += '"';
      rows.text += name;
      rows.text += "\":";
      rows.text += value;
    });
    rows.text += '}';
    rows.ends.push_back(rows.text.size());
    return true;
  });
  if (!well_formed) return std::nullopt;
  return rows;
}

}  // namespace

std::optional<RowsText> latest_failure_rows_text(const std::string& certname, std::string_view kept,
                                                 const RowTextFilter& filter,
                                                 const std::set<std::string>& written) {
  const std::optional<FleetData::KeptState> state = FleetData::read_kept_state(kept);
  if (!state || state->rest.empty() || state->rest[0] != '[') return std::nullopt;
  try {
    return failure_rows_text(certname, *state, filter, written);
  } catch (const std::exception&) {  // not JSON: the node's document answers, as for another form
    return std::nullopt;
  }
}

std::optional<std::vector<Json>> latest_failure_rows(const std::string& certname,
                                                     const LatestFailures& failures,
                                                     const std::set<std::string>* only) {
  return summary_event_rows(Json(certname), failures.hash, failures.environment, failures.events,
                            only);
}

bool reads_field(const std::set<std::string>& read, std::string_view name) {
  for (const std::string& field : read)
    if (field == name ||
        (field.size() > name.size() && field.starts_with(name) && field[name.size()] == '.'))
      return true;
  return false;
}

void add_resource_hash(Json& row) {
  if (!row.contains("resource")) row["resource"] = resource_hash(row["certname"], row);
}

std::string resource_hash(const std::string& certname, const Json& resource) {
  auto text = [&](const char* field) { return or_null(resource, field).dump(); };
  return resource_hash_of(Json(certname).dump(), text("type"), text("title"), text("parameters"),
                          text("tags"), text("exported"));
}

std::string resource_hash_of(std::string_view certname, std::string_view type,
                             std::string_view title, std::string_view parameters,
                             std::string_view tags, std::string_view exported) {
  // the SHA-1 of [certname, type, title, parameters, tags, exported] as nlohmann writes it
  std::string identity;
  identity.reserve(certname.size() + type.size() + title.size() + parameters.size() + tags.size() +
                   exported.size() + 7);
  identity += '[';
  for (std::string_view part : {certname, type, title, parameters, tags, exported}) {
    if (identity.size() > 1) identity += ',';
    identity += part;
  }
  identity += ']';
  return digest::hex(digest::Algorithm::sha1, identity);
}

std::vector<Json> node_rows(const Entity& entity, FleetData& fleet, const Json& node,
                            const RowOptions& options) {
  const std::string certname = node["certname"];
  const std::string& name = entity.name;
  if (name == "nodes") {
    Json row = node;
    if (options.with_facts) {
      std::optional<Json> values = fleet.fact_values(certname, options.fact_names);
      row["__trusted"] = values ? or_null(*values, "trusted") : Json(nullptr);
      row["__facts"] = values ? std::move(*values) : Json::object();
    }
    return {row};
  }
  if (name == "inventory" && !options.facts_header) {
    std::optional<Json> values = fleet.fact_values(certname, options.fact_names);
    if (!values) return {};
    return {inventory_row({{"certname", certname},
                           {"environment", nullptr},
                           {"timestamp", nullptr},
                           {"values", std::move(*values)}})};
  }
  if (name == "facts" || name == "fact-contents" || name == "inventory" || name == "factsets" ||
      name == "package-inventory") {
    std::optional<Json> facts = options.fact_names || !options.fact_name_holding
                                    ? fleet.facts(certname, options.fact_names)
                                    : fleet.facts_holding(certname, *options.fact_name_holding);
    if (!facts) return {};
    if (name == "facts") return fact_rows(*facts, options.fact_name);
    if (name == "fact-contents")
      return fact_content_rows(*facts, options.fact_name, options.fact_path_may_continue);
    if (name == "factsets") return {factset_row(*facts)};
    if (name == "package-inventory") return package_rows(*facts, true);
    return {inventory_row(*facts)};
  }
  if (name == "resources") {
    std::vector<Json> rows;
    for_each_resource_row(fleet, certname, options, [&](const ResourceRowText& row) {
      rows.push_back(row.row(options.resource_hashes,
                             options.resource_fields ? &*options.resource_fields : nullptr));
      return true;
    });
    return rows;
  }
  if (name == "edges") {
    std::optional<Json> header = fleet.catalog_header(certname);
    if (!header) return {};
    (*header)["edges"] = fleet.catalog_edges(certname, *header);
    return edge_rows(*header);
  }
  if (name == "catalogs") {
    std::optional<Json> catalog = fleet.catalog(certname);
    if (!catalog) return {};
    return {catalog_row(*catalog)};
  }
  std::vector<Json> rows;
  if (name == "reports" || name == "events") {
    const Json latest_hash = node.value("latest_report_hash", Json(nullptr));
    for (const Json& report : fleet.reports(certname)) {
      bool latest = report["hash"] == latest_hash;
      if (name == "reports") {
        rows.push_back(report_row(report, latest));
      } else {
        for (Json& event : event_rows(report, latest)) rows.push_back(std::move(event));
      }
    }
  }
  return rows;
}

std::vector<TextEquality> text_equalities(const Entity& entity,
                                          const std::vector<std::pair<std::string, Json>>& clauses,
                                          bool& all_as_text) {
  std::vector<TextEquality> equalities;
  all_as_text = true;
  for (const auto& [name, value] : clauses) {
    const Field* field = find_field(entity, name);
    const bool string = field && field->name == name && value.is_string();
    if (string && field->type == FieldType::tags) {
      std::string tag = value.get<std::string>();
      std::transform(tag.begin(), tag.end(), tag.begin(),
                     [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
      equalities.push_back(
          {"tags", Json(tag).dump(-1, ' ', false, Json::error_handler_t::replace), true});
    } else if (string && field->type == FieldType::string) {
      equalities.push_back({name, value.dump(-1, ' ', false, Json::error_handler_t::replace)});
    } else if (field && field->name == name && field->type == FieldType::boolean &&
               value.is_boolean()) {
      equalities.push_back({name, value.get<bool>() ? "true" : "false"});
    } else {
      all_as_text = false;
    }
  }
  return equalities;
}

void resource_rows_text(FleetData& fleet, const std::string& certname, const RowOptions& options,
                        const RowTextFilter& filter, std::string& out,
                        std::vector<std::size_t>& ends) {
  // a filter that reads only the node's own fields (certname, environment: the same in every
  // row of the node, as a one-node query's) is asked once
  const bool per_node = std::all_of(filter.read.begin(), filter.read.end(), [](const auto& field) {
    return field == "certname" || field == "environment";
  });
  std::optional<bool> node_kept;
  for_each_resource_row(fleet, certname, options, [&](const ResourceRowText& row) {
    if (!per_node) {
      if (!filter_keeps(filter, row, [&] { return row.row(true, &filter.read); })) return true;
    } else {
      if (!node_kept) node_kept = filter.keep(row.row(true, &filter.read));
      if (!*node_kept) return false;
    }
    if (!ends.empty()) out += ',';
    row.write(out, true);
    ends.push_back(out.size());
    return true;
  });
}

bool resource_row_kept(FleetData& fleet, const std::string& certname, const RowOptions& options,
                       const RowTextFilter& filter) {
  bool kept = false;
  for_each_resource_row(fleet, certname, options, [&](const ResourceRowText& row) {
    kept = filter_keeps(filter, row, [&] { return row.row(true, &filter.read); });
    return !kept;
  });
  return kept;
}

namespace {

/// Whether the first step of a fact path's [path, type] text may hold `word`: false only when
/// its name, written without escapes, does not.
bool first_step_may_hold(std::string_view text, std::string_view word) {
  constexpr std::string_view kStart = "[[\"";
  if (!text.starts_with(kStart)) return true;
  const std::size_t end = text.find('"', kStart.size());
  if (end == std::string_view::npos) return true;
  const std::string_view name = text.substr(kStart.size(), end - kStart.size());
  return name.find('\\') != std::string_view::npos || name.find(word) != std::string_view::npos;
}

}  // namespace

std::vector<Json> fleet_rows(const Entity& entity, FleetData& fleet,
                             const std::optional<std::string>& fact_name_holding) {
  std::vector<Json> rows;
  if (entity.name == "environments" || entity.name == "producers") {
    for (const std::string& name :
         entity.name == "environments" ? fleet.environments() : fleet.producers())
      rows.push_back({{"name", name}});
    return rows;
  }
  if (entity.name == "packages") {
    std::set<Json> packages;
    for (const std::string& certname : fleet.certnames())
      if (std::optional<Json> facts = fleet.facts(certname))
        for (Json& row : package_rows(*facts, false)) packages.insert(std::move(row));
    return std::vector<Json>(packages.begin(), packages.end());
  }
  // fact-names and fact-paths: the leaves of the active nodes' facts (a fact that is an empty
  // map has none), kept at ingest as [path, type] (FleetData::fact_paths)
  std::set<std::string> names;
  const bool by_word = fact_name_holding && entity.name == "fact-paths";
  for (const std::string& text : fleet.fact_paths()) {
    if (by_word && !first_step_may_hold(text, *fact_name_holding)) continue;
    Json entry = Json::parse(text, nullptr, false);
    if (!entry.is_array() || entry.size() != 2 || !entry[0].is_array() || entry[0].empty() ||
        !entry[0][0].is_string())
      continue;
    const Json& path = entry[0];
    if (entity.name == "fact-names") {
      names.insert(path[0].get<std::string>());
      continue;
    }
    rows.push_back(
        {{"name", path[0]}, {"path", path}, {"type", entry[1]}, {"depth", path.size() - 1}});
  }
  for (const std::string& name : names) rows.push_back({{"name", name}});
  return rows;
}

std::string node_answer_text(const Json& node) {
  static const Entity& nodes = *find_entity("nodes");
  return answer_row(nodes, node).dump(-1, ' ', false, Json::error_handler_t::replace);
}

Json answer_row(const Entity& entity, const Json& row) {
  Json out = Json::object();
  for (const Field& field : entity.fields)
    if (field.in_answer) out[field.name] = or_null(row, field.name.c_str());
  return out;
}

Json answer_row(const Entity& entity, Json&& row) {
  Json out = Json::object();
  for (const Field& field : entity.fields) {
    if (!field.in_answer) continue;
    auto found = row.find(field.name);
    out[field.name] = found == row.end() ? Json(nullptr) : std::move(*found);
  }
  return out;
}

}  // namespace marionette::puppetdb
