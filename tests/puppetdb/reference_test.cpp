// marionette's PuppetDB API against Debian's PuppetDB 7.12, without PuppetDB: the commands
// bench/puppetdb_reference.py sent to PuppetDB are replayed into marionette's handler over an
// in-memory store, and each recorded query's answer is compared with PuppetDB's (status,
// X-Records and body; receive times, hashes and UUIDs masked; rows as multisets unless the
// query orders them, tags as sets: the rules of bench/puppetdb_compare.py). known-differences lists
// the queries that still differ, each with why; it only shrinks (a listed query that agrees fails).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "http/http_message.hpp"
#include "puppetdb/http_api.hpp"
#include "puppetdb/store.hpp"

namespace marionette::puppetdb {
namespace {

using nlohmann::json;

const std::string kReference = std::string(MARIONETTE_SOURCE_DIR) + "/tests/puppetdb/reference/";

json read_json(const std::string& name) {
  std::ifstream in(kReference + name);
  if (!in) return nullptr;
  return json::parse(in);
}

std::map<std::string, std::string> known_differences() {
  std::map<std::string, std::string> known;
  std::ifstream in(kReference + "known-differences");
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::size_t space = line.find(' ');
    known[line.substr(0, space)] = space == std::string::npos ? "" : line.substr(space + 1);
  }
  return known;
}

json normalized(const json& value, bool ordered_top, bool top = true) {
  static const std::regex hash("^[0-9a-f]{40}$");
  static const std::regex time(R"(^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:?\d\d)$)");
  static const std::regex hash_in_path("/[0-9a-f]{40}/");
  if (value.is_object()) {
    json out = json::object();
    for (const auto& [key, member] : value.items()) {
      out[key] = normalized(member, false, false);
      // a resource's tags are a set: PuppetDB answers them in no particular order
      if (key == "tags" && member.is_array()) std::sort(out[key].begin(), out[key].end());
    }
    return out;
  }
  if (value.is_array()) {
    std::vector<json> items;
    bool all_objects = true;
    for (const json& member : value) {
      items.push_back(normalized(member, false, false));
      all_objects = all_objects && member.is_object();
    }
    if ((top && !ordered_top) || (!top && all_objects))
      std::sort(items.begin(), items.end(),
                [](const json& a, const json& b) { return a.dump() < b.dump(); });
    return json(items);
  }
  if (value.is_string()) {
    const std::string text = value;
    if (std::regex_match(text, hash)) return "<hash>";
    if (std::regex_match(text, time) && !text.starts_with("2026-11-28")) return "<received>";
    return std::regex_replace(text, hash_in_path, "/<hash>/");
  }
  return value;
}

/// Why our answer differs from PuppetDB's; empty when they agree.
std::string difference(const json& expected, const http::HttpResponse& ours, bool ordered) {
  json body = json::parse(ours.body, nullptr, false);
  if (body.is_discarded()) body = ours.body;
  if (expected["status"] != ours.status)
    return "status " + std::to_string(ours.status) + ", PuppetDB " + expected["status"].dump() +
           ": " + ours.body.substr(0, 300);
  json records =
      ours.header("X-Records").empty() ? json(nullptr) : json(std::stoll(ours.header("X-Records")));
  if (expected.value("x_records", json(nullptr)) != records)
    return "X-Records " + records.dump() + ", PuppetDB " +
           expected.value("x_records", json(nullptr)).dump();
  json a = normalized(expected["body"], ordered), b = normalized(body, ordered);
  if (a != b)
    return "body\n  ours:     " + b.dump().substr(0, 800) +
           "\n  PuppetDB: " + a.dump().substr(0, 800);
  return "";
}

http::HttpRequest request_of(const json& query) {
  http::HttpRequest request;
  request.method = query["method"];
  std::string path = query["path"];
  request.path = http::percent_decode(path, false);
  if (request.method == "POST")
    request.body = query["params"].dump();
  else
    for (const auto& [name, value] : query["params"].items()) request.query[name] = value;
  return request;
}

TEST(PuppetDbReference, AnswersAsPuppetDb) {
  json commands = read_json("commands.json");
  json queries = read_json("queries.json");
  json answers = read_json("answers.json");
  if (answers.is_null()) GTEST_SKIP() << "no recorded answers in " << kReference;
  MemoryStore store;
  FleetData fleet(store, "reference");
  for (const json& command : commands) {
    http::HttpRequest request;
    request.method = "POST";
    request.path = "/pdb/cmd/v1";
    std::string name = command["command"];
    std::replace(name.begin(), name.end(), ' ', '_');
    request.query = {{"command", name},
                     {"version", std::to_string(command["version"].get<int>())},
                     {"certname", command["payload"]["certname"]}};
    request.body = command["payload"].dump();
    http::HttpResponse response = handle_puppetdb(request, fleet);
    ASSERT_EQ(response.status, 200) << name << ": " << response.body;
  }
  const std::map<std::string, std::string> known = known_differences();
  std::size_t agree = 0;
  std::set<std::string> seen;
  // MARIONETTE_PUPPETDB_ANSWERS=FILE writes our answers there, as answers.json holds
  // PuppetDB's (to study the differences with bench/puppetdb_compare.py).
  json ours = json::object();
  for (const json& query : queries) {
    const std::string name = query["name"];
    seen.insert(name);
    http::HttpResponse response = handle_puppetdb(request_of(query), fleet);
    json body = json::parse(response.body, nullptr, false);
    ours[name] = {{"status", response.status},
                  {"body", body.is_discarded() ? json(response.body) : body}};
    if (!response.header("X-Records").empty())
      ours[name]["x_records"] = std::stoll(response.header("X-Records"));
    std::string why = difference(answers[name], response, query["ordered"].get<bool>());
    if (why.empty()) ++agree;
    if (known.count(name)) {
      EXPECT_FALSE(why.empty()) << name
                                << " agrees with PuppetDB now: take it off known-differences";
    } else {
      EXPECT_TRUE(why.empty()) << name << ": " << why;
    }
  }
  for (const auto& [name, why] : known) EXPECT_TRUE(seen.count(name)) << "no query " << name;
  if (const char* dump = std::getenv("MARIONETTE_PUPPETDB_ANSWERS"))
    std::ofstream(dump) << ours.dump(1);
  std::cout << agree << " of " << queries.size() << " answers agree with PuppetDB 7.12's"
            << std::endl;
}

}  // namespace
}  // namespace marionette::puppetdb
