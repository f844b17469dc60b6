#include "puppetdb/http_api.hpp"

#include <chrono>
#include <cstdio>
#include <random>
#include <set>
#include <string_view>

#include "puppetdb/entities.hpp"
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

/// The rows as one JSON array's text, each written straight into it (as json_answer would
/// write them, without first copying every row into one array value: 4,000 resources rows
/// were copied, then freed, for their text alone).
std::string rows_text(const Json& rows) {
  std::string text = "[";
  nlohmann::detail::serializer<Json> writer(nlohmann::detail::output_adapter<char>(text), ' ',
                                            Json::error_handler_t::replace);
  for (const Json& row : rows) {
    if (text.size() > 1) text += ',';
    writer.dump(row, false, false, 0);
  }
  text += ']';
  return text;
}

HttpResponse rows_answer(QueryAnswer&& answer) {
  HttpResponse response = {200,
                           "application/json; charset=utf-8",
                           answer.text ? std::move(*answer.text) : rows_text(answer.rows),
                           {}};
  if (answer.total) response.headers.emplace_back("X-Records", std::to_string(*answer.total));
  return response;
}

/// A path under /pdb/ that none of PuppetDB's routes takes: its router sends the client to a
/// dashboard below it (handle_puppetdb answers dashboard_redirect).
struct NoRoute {};

/// The segments of `rest` between slashes, empty ones kept ("nodes/" is the node named ""), each
/// percent-decoded after the split, as PuppetDB's router matches the URL as sent: File/%2Fetc%2Fx
/// is a type and a title.
std::vector<std::string> route_segments(std::string_view rest) {
  std::vector<std::string> segments;
  std::size_t start = 0;
  for (;;) {
    std::size_t slash = rest.find('/', start);
    segments.push_back(http::percent_decode(std::string(rest.substr(start, slash - start)), false));
    if (slash == std::string_view::npos) return segments;
    start = slash + 1;
  }
}

/// The request's path as sent (not decoded), without its query; the decoded path when the
/// caller gave no target (an in-process request).
std::string_view sent_path(const HttpRequest& request) {
  std::string_view target = request.target.empty() ? request.path : request.target;
  return target.substr(0, target.find('?'));
}

/// PuppetDB's answer to a path under /pdb/ that no route takes: 302 to the URL as sent with
/// /dashboard/index.html after it (its query too), again for that URL.
HttpResponse dashboard_redirect(const HttpRequest& request) {
  const std::string target = request.target.empty() ? request.path : request.target;
  const std::string host = request.header("host");
  HttpResponse response{302, "", "", {}};
  response.headers.emplace_back(
      "Location", (host.empty() ? "" : "https://" + host) + target + "/dashboard/index.html");
  return response;
}

Json and_all(const std::vector<Json>& clauses, const Json& query) {
  Json all = Json::array({"and"});
  for (const Json& clause : clauses) all.push_back(clause);
  if (!query.is_null()) all.push_back(query);
  return all.size() == 2 ? all[1] : all;
}

/// Whether /pdb/query/v4/NAME is one of PuppetDB's entity endpoints: an entity by its URL name
/// (not its select_ name), or one of the event counts.
bool is_entity(const std::string& name) {
  if (name == "event-counts" || name == "aggregate-event-counts") return true;
  const Entity* entity = find_entity(name);
  return entity && entity->name == name;
}

/// /pdb/query/v4/ENTITY/A/B…: the entity asked and the conditions the path adds, by PuppetDB
/// 7.12's routes: a segment may be empty (the node named ""), a parent a child path names must
/// exist (404 in PuppetDB's words), and a path no route takes throws NoRoute.
HttpResponse entity_endpoint(const std::vector<std::string>& parts, const Json& parameters,
                             FleetData& fleet) {
  QueryEngine engine(fleet, true);
  Json query = nullptr;
  if (auto given = parameters.find("query"); given != parameters.end() && !given->is_null())
    query = given->is_string() ? parse_json_parameter(given->get<std::string>(), "query") : *given;
  Paging paging = paging_of(parameters);
  const std::string& entity = parts[0];
  if (!is_entity(entity)) throw NoRoute{};
  if ((entity == "event-counts" || entity == "aggregate-event-counts") && parts.size() == 1) {
    const bool aggregate = entity == "aggregate-event-counts";
    EventCountsRequest request = read_event_counts_request(parameters, aggregate);
    request.paging = paging;
    if (aggregate) return json_answer(200, aggregate_event_counts(request, fleet));
    return rows_answer(event_counts(request, fleet));
  }
  if (parts.size() == 1) return rows_answer(engine.entity_query(entity, query, paging));

  // One node, catalog, factset, environment or producer: an object, or 404.
  auto found = [&](const std::string& which, const Json& condition) {
    return QueryEngine(fleet).entity_query(which, condition, {}).rows;  // as values
  };
  auto unknown = [](const std::string& what, const std::string& name) {
    return json_answer(404, {{"error", "No information is known about " + what + " " + name}});
  };
  auto rows = [&](const std::string& which, std::vector<Json> clauses) {
    return rows_answer(engine.entity_query(which, and_all(clauses, query), paging));
  };
  const std::string& name = parts[1];
  const std::size_t size = parts.size();
  if (entity == "nodes") {
    const Json is_node = {"=", "certname", name};
    if (size == 2) {
      Json node = found("nodes", is_node);
      return node.empty() ? unknown("node", name) : json_answer(200, node[0]);
    }
    const std::string& child = parts[2];
    if ((child != "facts" && child != "resources") || size > 5) throw NoRoute{};
    std::vector<Json> clauses = {is_node};
    const bool facts = child == "facts";
    if (size > 3) clauses.push_back({"=", facts ? "name" : "type", parts[3]});
    if (size > 4) clauses.push_back({"=", facts ? "value" : "title", parts[4]});
    // A row of the node's, the query saying nothing of node_state and asking no order (what
    // could refuse it), answers that the node is known and active: its rows at once, without
    // first asking for the node.
    if (query.is_null() && paging.order_by.empty()) {
      QueryAnswer answer = engine.entity_query(child, and_all(clauses, query), paging);
      if (answer.text ? *answer.text != "[]" : !answer.rows.empty())
        return rows_answer(std::move(answer));
    }
    if (found("nodes", is_node).empty()) return unknown("node", name);
    return rows(child, clauses);
  }
  if (entity == "facts" && size <= 3) {
    std::vector<Json> clauses = {{"=", "name", name}};
    if (size == 3) clauses.push_back({"=", "value", parts[2]});
    return rows(entity, clauses);
  }
  if (entity == "resources" && size <= 3) {
    std::vector<Json> clauses = {{"=", "type", name}};
    if (size == 3) clauses.push_back({"=", "title", parts[2]});
    return rows(entity, clauses);
  }
  if (entity == "factsets" && !name.empty() && (size == 2 || (size == 3 && parts[2] == "facts"))) {
    // PuppetDB 7.12 answers the node's factset: an object, or in an array under /facts
    Json factset = found("factsets", and_all({{"=", "certname", name}}, query));
    if (factset.empty()) return unknown("factset", name);
    return size == 2 ? json_answer(200, factset[0]) : json_answer(200, factset);
  }
  if (entity == "package-inventory" && size == 2) return rows(entity, {{"=", "certname", name}});
  if (entity == "catalogs" && size <= 3) {
    const Json is_node = {"=", "certname", name};
    if (size == 3 && parts[2] != "resources" && parts[2] != "edges") throw NoRoute{};
    Json catalog = found("catalogs", is_node);
    if (catalog.empty()) return unknown("catalog", name);
    if (size == 2) return json_answer(200, catalog[0]);
    if (parts[2] == "resources") return rows("resources", {is_node});
    // PuppetDB 7.12 answers every node's edges here, whatever the certname (as recorded)
    return rows_answer(engine.entity_query("edges", query, paging));
  }
  if (entity == "reports" && size == 3) {
    const std::string& child = parts[2];
    if (child != "events" && child != "metrics" && child != "logs") throw NoRoute{};
    Json report = found("reports", Json{"=", "hash", name});
    if (report.empty()) return unknown("report", name);
    if (child == "events") return rows("events", {{"=", "report", name}});
    return json_answer(200, report[0][child]["data"]);
  }
  if (entity == "environments" || entity == "producers") {
    const bool environment = entity == "environments";
    static const std::set<std::string> environment_children = {"facts", "resources", "reports",
                                                               "events"};
    static const std::set<std::string> producer_children = {"catalogs", "factsets", "reports"};
    if (size > 3 ||
        (size == 3 && !(environment ? environment_children : producer_children).count(parts[2])))
      throw NoRoute{};
    Json named = found(entity, {"=", "name", name});
    if (named.empty()) return unknown(environment ? "environment" : "producer", name);
    if (size == 2) return json_answer(200, named[0]);
    return rows(parts[2], {{"=", environment ? "environment" : "producer", name}});
  }
  throw NoRoute{};
}

HttpResponse root_query(const Json& parameters, FleetData& fleet) {
  auto given = parameters.find("query");
  if (given == parameters.end() || given->is_null())
    throw QueryError(400, "Missing required query parameter 'query'");
  return rows_answer(answer_root_query(*given, paging_of(parameters), fleet, true));
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

QueryAnswer answer_root_query(const Json& query, Paging paging, FleetData& fleet, bool text_rows) {
  Json ast;
  if (query.is_string()) {
    const std::string& text = query.get_ref<const std::string&>();
    ast = looks_like_pql(text) ? parse_pql(text) : parse_json_parameter(text, "query");
  } else {
    ast = query;
  }
  QueryEngine engine(fleet, text_rows);
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
    if (path == "/pdb/query/v4") {
      if (request.method != "GET" && request.method != "POST")
        return text_answer(405, "Method Not Allowed");
      return root_query(parameters_of(request), fleet);
    }
    if (path.starts_with("/pdb/query/v4/")) {
      if (request.method != "GET" && request.method != "POST")
        return text_answer(405, "Method Not Allowed");
      constexpr std::string_view kEntities = "/pdb/query/v4/";
      const std::string_view sent = sent_path(request);
      if (!sent.starts_with(kEntities)) return dashboard_redirect(request);
      return entity_endpoint(route_segments(sent.substr(kEntities.size())), parameters_of(request),
                             fleet);
    }
    if (path.starts_with("/pdb/")) return dashboard_redirect(request);
    return text_answer(404, "Not Found");
  } catch (const NoRoute&) {
    return dashboard_redirect(request);
  } catch (const QueryError& e) {
    return text_answer(e.status, e.body);
  } catch (const StoreError& e) {
    return text_answer(500, std::string("The store failed: ") + e.what());
  } catch (const Json::exception& e) {
    return text_answer(400, e.what());
  }
}

}  // namespace marionette::puppetdb
