#include "puppetdb/http_api.hpp"

#include <chrono>
#include <cstdio>
#include <random>

#include "puppetdb/event_counts.hpp"
#include "puppetdb/jackson_reading.hpp"
#include "puppetdb/pql.hpp"
#include "puppetdb/query_engine.hpp"
#include "puppetdb/query_error.hpp"
#include "puppetdb/timestamp.hpp"

namespace marionette::puppetdb {

namespace {

using http::HttpRequest;
using http::HttpResponse;

HttpResponse json_answer(int status, const Json& body) {
  return {status,
          "application/json; charset=utf-8",
          body.dump(-1, ' ', false, Json::error_handler_t::replace),
          {}};
}

HttpResponse text_answer(int status, const std::string& body) {
  return {status, "text/plain; charset=utf-8", body, {}};
}

std::string random_uuid() {
  static thread_local std::mt19937_64 random{std::random_device{}()};
  std::uint64_t high = random(), low = random();
  high = (high & 0xffffffffffff0fffULL) | 0x0000000000004000ULL;
  low = (low & 0x3fffffffffffffffULL) | 0x8000000000000000ULL;
  char text[40];
  std::snprintf(text, sizeof text, "%08x-%04x-%04x-%04x-%012llx", static_cast<unsigned>(high >> 32),
                static_cast<unsigned>((high >> 16) & 0xffff), static_cast<unsigned>(high & 0xffff),
                static_cast<unsigned>(low >> 48),
                static_cast<unsigned long long>(low & 0xffffffffffffULL));
  return text;
}

/// A JSON parameter (query, order_by); PQL for a query that is not JSON.
Json parse_json_parameter(const std::string& text, const char* what) {
  if (std::string_view(what) == "query") return read_json_as_puppetdb(text, true);
  Json parsed = Json::parse(text, nullptr, false);
  if (parsed.is_discarded())
    throw QueryError(400, std::string("Malformed JSON for ") + what + ": " + text);
  return parsed;
}

/// The request's parameters: the URL's for GET, the JSON body's for POST.
Json parameters_of(const HttpRequest& request) {
  if (request.method == "POST") {
    Json body = read_json_as_puppetdb(request.body, false);
    if (!body.is_object()) throw QueryError(400, "Malformed JSON in the request body");
    return body;
  }
  Json parameters = Json::object();
  for (const auto& [name, value] : request.query) parameters[name] = value;
  return parameters;
}

Paging paging_of(const Json& parameters) {
  Paging paging;
  auto number = [&](const char* name, bool positive) -> std::optional<long long> {
    auto found = parameters.find(name);
    if (found == parameters.end() || found->is_null()) return std::nullopt;
    long long value = 0;
    bool ok = false;
    if (found->is_number_integer()) {
      value = found->get<long long>();
      ok = true;
    } else if (found->is_string()) {
      const std::string& text = found->get_ref<const std::string&>();
      ok = !text.empty() && text.find_first_not_of("0123456789") == std::string::npos &&
           text.size() < 18;
      if (ok) value = std::stoll(text);
    }
    if (!ok || value < (positive ? 1 : 0)) {
      std::string shown = found->is_string() ? found->get<std::string>() : found->dump();
      throw QueryError(400,
                       "Illegal value '" + shown + "' for :" + name + "; expected " +
                           (positive ? "a positive non-zero integer." : "a non-negative integer."));
    }
    return value;
  };
  paging.limit = number("limit", true);
  paging.offset = number("offset", false);
  if (auto order = parameters.find("order_by"); order != parameters.end() && !order->is_null()) {
    if (order->is_string() && !Json::accept(order->get<std::string>()))
      throw QueryError(400, "Illegal value '" + order->get<std::string>() +
                                "' for :order_by; expected a JSON array of maps.");
    paging.order_by = read_order_by(
        order->is_string() ? parse_json_parameter(order->get<std::string>(), "order_by") : *order,
        true);
  }
  if (auto total = parameters.find("include_total"); total != parameters.end())
    paging.include_total = *total == true || *total == "true";
  return paging;
}

HttpResponse rows_answer(QueryAnswer&& answer) {
  HttpResponse response =
      answer.text
          ? HttpResponse{200, "application/json; charset=utf-8", std::move(*answer.text), {}}
          : json_answer(200, answer.rows);
  if (answer.total) response.headers.emplace_back("X-Records", std::to_string(*answer.total));
  return response;
}

std::vector<std::string> split_path(const std::string& rest) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (start <= rest.size()) {
    std::size_t slash = rest.find('/', start);
    if (slash == std::string::npos) slash = rest.size();
    if (slash > start) parts.push_back(rest.substr(start, slash - start));
    start = slash + 1;
  }
  return parts;
}

Json and_all(const std::vector<Json>& clauses, const Json& query) {
  Json all = Json::array({"and"});
  for (const Json& clause : clauses) all.push_back(clause);
  if (!query.is_null()) all.push_back(query);
  return all.size() == 2 ? all[1] : all;
}

/// What follows the first `count` segments of `rest`: a resource title may hold slashes
/// (File//etc/motd once the path is decoded).
std::string remainder_after(const std::string& rest, std::size_t count) {
  std::size_t at = 0;
  for (std::size_t i = 0; i < count; ++i) {
    std::size_t slash = rest.find('/', at);
    if (slash == std::string::npos) return "";
    at = slash + 1;
  }
  return rest.substr(at);
}

/// /pdb/query/v4/ENTITY/A/B…: the entity asked and the conditions the path adds.
HttpResponse entity_endpoint(const std::string& rest, const Json& parameters, FleetData& fleet) {
  const std::vector<std::string> parts = split_path(rest);
  QueryEngine engine(fleet, true);
  Json query = nullptr;
  if (auto given = parameters.find("query"); given != parameters.end() && !given->is_null())
    query = given->is_string() ? parse_json_parameter(given->get<std::string>(), "query") : *given;
  Paging paging = paging_of(parameters);
  const std::string& entity = parts[0];
  if ((entity == "event-counts" || entity == "aggregate-event-counts") && parts.size() == 1) {
    const bool aggregate = entity == "aggregate-event-counts";
    EventCountsRequest request = read_event_counts_request(parameters, aggregate);
    request.paging = paging;
    if (aggregate) return json_answer(200, aggregate_event_counts(request, fleet));
    return rows_answer(event_counts(request, fleet));
  }
  if (parts.size() == 1) return rows_answer(engine.entity_query(entity, query, paging));

  // One node, one catalog, one environment or producer: an object, or 404.
  auto single = [&](const std::string& which, const Json& condition,
                    const std::string& missing) -> HttpResponse {
    Json found = engine.entity_query(which, condition, {}).rows;
    if (found.empty()) return json_answer(404, {{"error", missing}});
    return json_answer(200, found[0]);
  };
  const std::string& name = parts[1];
  if (entity == "nodes") {
    Json is_node = {"=", "certname", name};
    if (parts.size() == 2)
      return single("nodes", is_node, "No information is known about node " + name);
    const std::string& child = parts[2];
    std::vector<Json> clauses = {is_node};
    if (child == "facts") {
      if (parts.size() > 3) clauses.push_back({"=", "name", parts[3]});
      if (parts.size() > 4) clauses.push_back({"=", "value", parts[4]});
    } else if (child == "resources") {
      if (parts.size() > 3) clauses.push_back({"=", "type", parts[3]});
      if (parts.size() > 4) clauses.push_back({"=", "title", remainder_after(rest, 4)});
    } else {
      throw QueryError(404, "Not Found");
    }
    return rows_answer(engine.entity_query(child, and_all(clauses, query), paging));
  }
  if (entity == "facts" || entity == "fact-contents") {
    std::vector<Json> clauses = {{"=", "name", name}};
    if (parts.size() > 2) clauses.push_back({"=", "value", parts[2]});
    return rows_answer(engine.entity_query(entity, and_all(clauses, query), paging));
  }
  if (entity == "factsets" && parts.size() == 3 && parts[2] == "facts") {
    // PuppetDB 7.12 answers the node's factset here (as recorded), or 404
    QueryAnswer found =
        engine.entity_query("factsets", and_all({{"=", "certname", name}}, query), paging);
    if (found.rows.empty())
      return json_answer(404, {{"error", "No information is known about factset " + name}});
    return rows_answer(std::move(found));
  }
  if (entity == "package-inventory" && parts.size() == 2)
    return rows_answer(
        engine.entity_query(entity, and_all({{"=", "certname", name}}, query), paging));
  if (entity == "resources") {
    std::vector<Json> clauses = {{"=", "type", name}};
    if (parts.size() > 2) clauses.push_back({"=", "title", remainder_after(rest, 2)});
    return rows_answer(engine.entity_query(entity, and_all(clauses, query), paging));
  }
  if (entity == "catalogs") {
    Json is_node = {"=", "certname", name};
    if (parts.size() == 2)
      return single("catalogs", is_node, "No information is known about catalog " + name);
    if (parts[2] == "resources")
      return rows_answer(engine.entity_query("resources", and_all({is_node}, query), paging));
    // PuppetDB 7.12 answers every node's edges here, whatever the certname (as recorded)
    if (parts[2] == "edges") return rows_answer(engine.entity_query("edges", query, paging));
    throw QueryError(404, "Not Found");
  }
  if (entity == "reports" && parts.size() == 3) {
    Json report = engine.entity_query("reports", Json{"=", "hash", name}, {}).rows;
    if (parts[2] == "events")
      return rows_answer(
          engine.entity_query("events", and_all({{"=", "report", name}}, query), paging));
    if (report.empty())
      return json_answer(404, {{"error", "No information is known about report " + name}});
    if (parts[2] == "metrics") return json_answer(200, report[0]["metrics"]["data"]);
    if (parts[2] == "logs") return json_answer(200, report[0]["logs"]["data"]);
    throw QueryError(404, "Not Found");
  }
  if (entity == "environments" || entity == "producers") {
    Json is_named = {"=", "name", name};
    if (parts.size() == 2)
      return single(entity, is_named,
                    std::string("No information is known about ") +
                        (entity == "environments" ? "environment " : "producer ") + name);
    const char* field = entity == "environments" ? "environment" : "producer";
    return rows_answer(engine.entity_query(parts[2], and_all({{"=", field, name}}, query), paging));
  }
  throw QueryError(404, "Not Found");
}

HttpResponse root_query(const Json& parameters, FleetData& fleet) {
  auto given = parameters.find("query");
  if (given == parameters.end() || given->is_null())
    throw QueryError(400, "Missing required query parameter 'query'");
  return rows_answer(answer_root_query(*given, paging_of(parameters), fleet));
}

/// Whether every certname the command names (the URL's, the payload's, and replace facts v4's
/// name when `facts` says the command is replace facts) is `own`, and it names one.
bool names_only(const std::string& own, const HttpRequest& request, const Json& payload,
                bool facts) {
  if (auto in_url = request.query.find("certname");
      in_url != request.query.end() && in_url->second != own)
    return false;
  if (!payload.is_object()) return false;
  std::vector<std::string> keys = {"certname"};
  if (facts) keys.push_back("name");
  bool named_one = false;
  for (const std::string& key : keys) {
    auto named = payload.find(key);
    if (named == payload.end()) continue;
    if (!named->is_string() || named->get_ref<const std::string&>() != own) return false;
    named_one = true;
  }
  return named_one;
}

/// The command's name as PuppetDB spells it in the URL or in the body (replace_facts, "replace
/// facts"), with its version.
HttpResponse command(const HttpRequest& request, FleetData& fleet, const Submitter& submitter) {
  if (request.method != "POST") return text_answer(405, "Method Not Allowed");
  Json body = Json::parse(request.body, nullptr, false);
  if (body.is_discarded()) return text_answer(400, "Supplied command is not valid JSON");
  std::string name;
  long long version = 0;
  Json payload;
  auto in_url = request.query.find("command");
  if (in_url != request.query.end()) {
    name = in_url->second;
    auto given = request.query.find("version");
    if (given == request.query.end())
      return text_answer(400, "Missing required query parameter 'version'");
    try {
      version = std::stoll(given->second);
    } catch (const std::exception&) {
      return text_answer(400, "Invalid version '" + given->second + "'");
    }
    payload = body;
  } else {
    if (!body.is_object() || !body.contains("command") || !body["command"].is_string() ||
        !body.contains("version") || !body["version"].is_number_integer() ||
        !body.contains("payload"))
      return text_answer(400, "Missing required query parameter 'command'");
    name = body["command"];
    version = body["version"];
    payload = body["payload"];
    if (payload.is_string()) payload = Json::parse(payload.get<std::string>(), nullptr, false);
  }
  for (char& c : name)
    if (c == '_') c = ' ';
  const std::string received = now_timestamp();
  if (payload.is_object() && !payload.contains("certname"))
    if (auto certname = request.query.find("certname"); certname != request.query.end())
      payload["certname"] = certname->second;
  if (!submitter.for_any_node &&
      !names_only(submitter.certname, request, payload, name == "replace facts"))
    return permission_denied(submitter.certname);
  if (name == "replace facts" && (version == 4 || version == 5)) {
    if (version == 4 && payload.is_object() && payload.contains("name") &&
        !payload.contains("certname"))
      payload["certname"] = payload["name"];
    fleet.replace_facts(payload, received);
  } else if (name == "replace catalog" && (version == 8 || version == 9)) {
    fleet.replace_catalog(std::move(payload), received);
  } else if (name == "store report" && (version == 7 || version == 8)) {
    fleet.store_report(payload, received);
  } else if (name == "deactivate node" && version == 3) {
    fleet.deactivate_node(payload, received);
  } else {
    return text_answer(400,
                       "Supported commands are configure expiration (version 1), "
                       "deactivate node (version 3), replace catalog (versions 8 and 9), "
                       "replace facts (versions 4 and 5), store report (versions 7 and 8). "
                       "Received '" +
                           name + "' version " + std::to_string(version) + ".");
  }
  return json_answer(200, {{"uuid", random_uuid()}});
}

Json status_body() {
  return {{"service_version", kPuppetDbVersion},
          {"service_status_version", 1},
          {"detail_level", "info"},
          {"state", "running"},
          {"status",
           {{"maintenance_mode?", false},
            {"queue_depth", 0},
            {"read_db_up?", true},
            {"write_db_up?", true},
            {"write_dbs_up?", true},
            {"write_db", {{"default", {{"up?", true}}}}},
            {"read_db", {{"default", {{"up?", true}}}}}}},
          {"active_alerts", Json::array()},
          {"service_name", "puppetdb-status"}};
}

}  // namespace

QueryAnswer answer_root_query(const Json& query, Paging paging, FleetData& fleet) {
  Json ast;
  if (query.is_string()) {
    const std::string& text = query.get_ref<const std::string&>();
    ast = looks_like_pql(text) ? parse_pql(text) : parse_json_parameter(text, "query");
  } else {
    ast = query;
  }
  QueryEngine engine(fleet);
  return engine.from_query(ast, std::move(paging));
}

HttpResponse permission_denied(const std::string& certname) {
  return text_answer(403, "Permission denied: The client certificate name " + certname +
                              " doesn't appear in the certificate allowlist. Is your master's "
                              "(or other PuppetDB client's) certname listed in PuppetDB's "
                              "certificate-allowlist file?");
}

bool is_puppetdb_path(const std::string& path) {
  return path.starts_with("/pdb/") || path == "/status/v1/services/puppetdb-status";
}

HttpResponse handle_puppetdb(const HttpRequest& request, FleetData& fleet,
                             const Submitter& submitter) {
  const std::string& path = request.path;
  try {
    if (path == "/pdb/meta/v1/version") return json_answer(200, {{"version", kPuppetDbVersion}});
    if (path == "/pdb/meta/v1/version/latest")
      return json_answer(
          200,
          {{"version", kPuppetDbVersion}, {"newer", false}, {"link", nullptr}, {"message", ""}});
    if (path == "/pdb/meta/v1/server-time")
      return json_answer(200, {{"server_time", now_timestamp()}});
    if (path == "/status/v1/services/puppetdb-status") return json_answer(200, status_body());
    if (path == "/pdb/cmd/v1" || path == "/pdb/cmd/v1/") return command(request, fleet, submitter);
    if (path == "/pdb/query/v4" || path == "/pdb/query/v4/") {
      if (request.method != "GET" && request.method != "POST")
        return text_answer(405, "Method Not Allowed");
      return root_query(parameters_of(request), fleet);
    }
    if (path.starts_with("/pdb/query/v4/")) {
      if (request.method != "GET" && request.method != "POST")
        return text_answer(405, "Method Not Allowed");
      const std::string rest = path.substr(14);
      if (split_path(rest).empty()) return root_query(parameters_of(request), fleet);
      return entity_endpoint(rest, parameters_of(request), fleet);
    }
    return text_answer(404, "Not Found");
  } catch (const QueryError& e) {
    return text_answer(e.status, e.body);
  } catch (const StoreError& e) {
    return text_answer(500, std::string("The store failed: ") + e.what());
  } catch (const Json::exception& e) {
    return text_answer(400, e.what());
  }
}

}  // namespace marionette::puppetdb
