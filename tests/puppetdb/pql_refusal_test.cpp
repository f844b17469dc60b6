// Malformed PQL refused in PuppetDB 7.12's words: each case of reference/pql-refusals.json
// (recorded from PuppetDB by `bench/puppetdb_reference.py record-pql-refusals`: prefixes,
// left-out and put-in characters of the reference queries, several lines, non-ASCII text) gets
// instaparse's message with its list of what was expected, in PuppetDB's order, from parse_pql
// as the API calls it; what PuppetDB's grammar takes, the refusal does not refuse.
#include "puppetdb/pql_refusal.hpp"

#include <gtest/gtest.h>

#include "puppetdb/pql.hpp"
#include "puppetdb/query_error.hpp"
#include "reference_data.hpp"

namespace marionette::puppetdb {
namespace {

TEST(PqlRefusal, AsPuppetDbWordsIt) {
  const json cases = read_json("pql-refusals.json");
  ASSERT_TRUE(cases.is_array()) << "no recorded PQL refusals in " << kReference;
  std::size_t refused = 0;
  for (const json& recorded : cases) {
    const std::string query = recorded["query"];
    const std::optional<std::string> refusal = pql_grammar_refusal(query);
    if (recorded["body"].is_null()) {
      EXPECT_EQ(refusal, std::nullopt) << query;
      continue;
    }
    ++refused;
    const std::string expected = recorded["body"];
    EXPECT_EQ(refusal.value_or("(taken)"), expected) << query;
    try {
      parse_pql(query);
      ADD_FAILURE() << "parse_pql took " << query;
    } catch (const QueryError& e) {
      EXPECT_EQ(e.status, 400) << query;
      EXPECT_EQ(e.body, expected) << query;
    }
  }
  EXPECT_GT(refused, 300u);
}

TEST(PqlRefusal, AnAmbiguousQueryTooCostlyToFollowIsLeftToTheCaller) {
  // `a and b and ...` is ambiguous in PuppetDB's grammar: instaparse's steps grow with the cube
  // of the terms (700 took minutes and gigabytes); past its bound nothing is said
  std::string query = "nodes { ";
  for (int i = 0; i < 700; ++i) query += "certname = \"n" + std::to_string(i) + "\" and ";
  query += "}";
  EXPECT_EQ(pql_grammar_refusal(query), std::nullopt);
  EXPECT_THROW(parse_pql(query), QueryError);
}

}  // namespace
}  // namespace marionette::puppetdb
