// JSON queries read as PuppetDB 7.12 reads them. Expected: tests/puppetdb/reference/
// json-reading.json, PuppetDB's own parse-json-query run from its jar on each case
// (bench/puppetdb_json_reading.py): its refusal text, or null where it reads the query.

#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "puppetdb/jackson_reading.hpp"
#include "puppetdb/query_error.hpp"

namespace marionette::puppetdb {
namespace {

nlohmann::json recorded_cases() {
  std::ifstream in(std::string(MARIONETTE_SOURCE_DIR) +
                   "/tests/puppetdb/reference/json-reading.json");
  return nlohmann::json::parse(in);
}

TEST(JsonReading, QueriesAreReadAndRefusedAsPuppetDbDoes) {
  const nlohmann::json cases = recorded_cases();
  ASSERT_GE(cases.size(), 100u);
  for (const nlohmann::json& c : cases) {
    const std::string query = c["query"];
    if (c["refusal"].is_null()) {
      EXPECT_NO_THROW(read_json_as_puppetdb(query, true)) << query;
      continue;
    }
    try {
      read_json_as_puppetdb(query, true);
      ADD_FAILURE() << "read, where PuppetDB refuses: " << query;
    } catch (const QueryError& e) {
      EXPECT_EQ(e.status, 400);
      EXPECT_EQ(e.body, c["refusal"].get<std::string>()) << query;
    }
  }
}

TEST(JsonReading, ValuesAreJacksonsValues) {
  EXPECT_EQ(read_json_as_puppetdb("[\"=\", \"certname\", \"a\tb\"]", true),
            nlohmann::json::parse(R"(["=", "certname", "a\tb"])"));
  EXPECT_EQ(read_json_as_puppetdb("  \n ", true), nullptr);
  EXPECT_EQ(read_json_as_puppetdb("-0", true), 0);
}

TEST(JsonReading, NestingIsBoundedBeforeAnythingRecursesOverIt) {
  // A query nested 100,000 deep (from any node with a certificate) would overflow the stack of
  // the printing and matching that recurse over it: refused at depth 1,001.
  const std::string deep = "[1] " + std::string(100'000, '[') + std::string(100'000, ']');
  try {
    read_json_as_puppetdb(deep, true);
    ADD_FAILURE() << "read a query nested 100,000 deep";
  } catch (const QueryError& e) {
    EXPECT_EQ(e.status, 400);
    EXPECT_NE(e.body.find("Document nesting depth (1001) exceeds the maximum allowed (1000)"),
              std::string::npos)
        << e.body.substr(0, 200);
  }
  const std::string fine = std::string(1000, '[') + std::string(1000, ']');
  EXPECT_NO_THROW(read_json_as_puppetdb(fine, true));
}

TEST(JsonReading, ABodyIsItsFirstValue) {
  // cheshire's parse-string reads one value and leaves the rest unread.
  EXPECT_EQ(read_json_as_puppetdb(R"({"query": ["=", "certname", "a"]} [2])", false),
            nlohmann::json::parse(R"({"query": ["=", "certname", "a"]})"));
}

}  // namespace
}  // namespace marionette::puppetdb
