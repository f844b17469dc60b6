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
#include "reference_data.hpp"

namespace marionette::puppetdb {
namespace {

using nlohmann::json;

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
  request.target = path;  // as a client sends it; the query parameters are given apart below
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
  ASSERT_NO_FATAL_FAILURE(replay_commands(commands, fleet));
  const Submitter server = reference_submitter();
  const std::map<std::string, std::string> known = known_differences();
  std::size_t agree = 0;
  std::set<std::string> seen;
  // MARIONETTE_PUPPETDB_ANSWERS=FILE writes our answers there, as answers.json holds
  // PuppetDB's (to study the differences with bench/puppetdb_compare.py).
  json ours = json::object();
  for (const json& query : queries) {
    const std::string name = query["name"];
    seen.insert(name);
    http::HttpResponse response = handle_puppetdb(request_of(query), fleet, server);
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

// routes.json: what PuppetDB's router answers for the paths beside its routes (recorded by
// `bench/puppetdb_reference.py record-routes`, redirects not followed): unknown paths under /pdb/
// redirected to a dashboard below them, empty segments, children of a parent that is not there.
TEST(PuppetDbReference, RoutesAsPuppetDb) {
  json routes = read_json("routes.json");
  ASSERT_TRUE(routes.is_object()) << "no recorded routes in " << kReference;
  MemoryStore store;
  FleetData fleet(store, "reference");
  ASSERT_NO_FATAL_FAILURE(replay_commands(read_json("commands.json"), fleet));
  for (const auto& [target, expected] : routes.items()) {
    http::HttpRequest request;
    request.method = "GET";
    request.target = target;
    request.path = http::percent_decode(target.substr(0, target.find('?')), false);
    request.headers["host"] = "127.0.0.1:8081";
    http::HttpResponse response = handle_puppetdb(request, fleet, reference_submitter());
    EXPECT_EQ(difference(expected, response, false), "") << target;
    if (expected.contains("location"))
      EXPECT_EQ(response.header("Location"),
                "https://127.0.0.1:8081" + expected["location"].get<std::string>())
          << target;
    else
      EXPECT_EQ(response.header("Location"), "") << target;
  }
}

}  // namespace
}  // namespace marionette::puppetdb
