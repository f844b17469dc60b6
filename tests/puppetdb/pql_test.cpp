// PQL read into PuppetDB's AST: each form of PuppetDB's PQL documentation, one row each.
#include "puppetdb/pql.hpp"

#include <gtest/gtest.h>

#include "puppetdb/query_error.hpp"

namespace marionette::puppetdb {
namespace {

struct Case {
  const char* pql;
  const char* ast;
};

class PqlCases : public ::testing::TestWithParam<Case> {};

TEST_P(PqlCases, ReadsAsPuppetDbsAst) {
  EXPECT_EQ(parse_pql(GetParam().pql), nlohmann::json::parse(GetParam().ast)) << GetParam().pql;
}

INSTANTIATE_TEST_SUITE_P(
    Documented, PqlCases,
    ::testing::Values(
        Case{"nodes {}", R"(["from","nodes"])"},
        Case{"nodes[certname] {}", R"(["from","nodes",["extract",["certname"]]])"},
        Case{"nodes { certname = \"a.example.com\" }",
             R"(["from","nodes",["=","certname","a.example.com"]])"},
        Case{"nodes[certname] { facts { name = \"os\" } }",
             R"(["from","nodes",["extract",["certname"],["subquery","facts",["=","name","os"]]]])"},
        Case{"resources[title] { type = \"Class\" }",
             R"(["from","resources",["extract",["title"],["=","type","Class"]]])"},
        Case{"facts { name = \"uptime_seconds\" and value > 100 }",
             R"(["from","facts",["and",["=","name","uptime_seconds"],[">","value",100]]])"},
        Case{"facts { value <= 1.5 or value >= -2 }",
             R"(["from","facts",["or",["<=","value",1.5],[">=","value",-2]]])"},
        Case{"nodes { certname ~ \"^web\" }", R"(["from","nodes",["~","certname","^web"]])"},
        Case{"nodes { certname != 'a' }", R"(["from","nodes",["not",["=","certname","a"]]])"},
        Case{"nodes { certname !~ 'a' }", R"(["from","nodes",["not",["~","certname","a"]]])"},
        Case{"nodes { !(certname = 'a') }", R"(["from","nodes",["not",["=","certname","a"]]])"},
        Case{"nodes { deactivated is null }", R"(["from","nodes",["null?","deactivated",true]])"},
        Case{"nodes { deactivated is not null }",
             R"(["from","nodes",["null?","deactivated",false]])"},
        Case{"fact_contents { path ~> [\"os\", \"fam.*\"] }",
             R"(["from","fact_contents",["~>","path",["os","fam.*"]]])"},
        Case{"nodes { certname in [\"a\", \"b\"] }",
             R"(["from","nodes",["in","certname",["array",["a","b"]]]])"},
        Case{
            "nodes { certname in resources[certname] { type = \"Class\" and title = \"Apache\" } }",
            R"(["from","nodes",["in","certname",["from","resources",["extract",["certname"],
                 ["and",["=","type","Class"],["=","title","Apache"]]]]]])"},
        Case{"facts { [certname, name] in fact_contents[certname, name] { value = 1 } }",
             R"(["from","facts",["in",["certname","name"],["from","fact_contents",
                 ["extract",["certname","name"],["=","value",1]]]]])"},
        Case{"inventory { facts.os.family = \"Debian\" }",
             R"(["from","inventory",["=","facts.os.family","Debian"]])"},
        Case{
            "resources { parameters.ensure = 'present' and exported = true }",
            R"(["from","resources",["and",["=","parameters.ensure","present"],["=","exported",true]]])"},
        Case{"reports { latest_report? = true }",
             R"(["from","reports",["=","latest_report?",true]])"},
        Case{"nodes { order by certname desc limit 2 offset 1 }",
             R"(["from","nodes",["order_by",[["certname","desc"]]],["limit",2],["offset",1]])"},
        Case{"facts[name, count()] { group by name }",
             R"(["from","facts",["extract",["name",["function","count"]],["group_by","name"]]])"},
        Case{"events[count(), status] { certname = 'a' group by status }",
             R"(["from","events",["extract",[["function","count"],"status"],
                 ["=","certname","a"],["group_by","status"]]])"},
        Case{"nodes { a = 1 and (b = 2 or c = 3) }",
             R"(["from","nodes",["and",["=","a",1],["or",["=","b",2],["=","c",3]]]])"},
        Case{"nodes { a = 'x\\'y' }", R"(["from","nodes",["=","a","x'y"]])"},
        // PuppetDB 7.12's grammar has no null literal: `value != null` is refused there
        Case{"facts { value = true and value != false }",
             R"(["from","facts",["and",["=","value",true],["not",["=","value",false]]]])"}));

TEST(Pql, RefusesWhatIsNotPql) {
  for (const char* text : {"nodes", "nodes {", "nodes { certname = }", "nodes { certname == 1 }",
                           "nodes { certname = 'a' } extra", "nodes { limit x }", "nodes { 'a' }",
                           "nodes { certname = \"open }"}) {
    try {
      parse_pql(text);
      ADD_FAILURE() << "accepted: " << text;
    } catch (const QueryError& e) {
      EXPECT_EQ(e.status, 400) << text;
    }
  }
}

TEST(Pql, NestingIsBoundedBeforeTheParserRecursesTooDeep) {
  // Any node with a certificate can send a query: 100,000 parentheses, negations, array
  // literals or subqueries would overflow the stack of the recursive parser.
  const std::size_t n = 100'000;
  for (const std::string& query :
       {"nodes { " + std::string(n, '(') + "certname = 'a'" + std::string(n, ')') + " }",
        "nodes { " + std::string(n, '!') + "certname = 'a' }",
        "nodes { certname in " + std::string(n, '[') + "'a'" + std::string(n, ']') + " }"}) {
    try {
      parse_pql(query);
      ADD_FAILURE() << "parsed " << query.substr(0, 40);
    } catch (const QueryError& e) {
      EXPECT_EQ(e.status, 400);
      EXPECT_NE(e.body.find("expressions nest deeper than 1000"), std::string::npos)
          << e.body.substr(0, 200);
    }
  }
  std::string subqueries = "nodes { ";
  for (int i = 0; i < 5000; ++i) subqueries += "resources { ";
  subqueries += "title = 'a'" + std::string(5001, '}');
  EXPECT_THROW(parse_pql(subqueries), QueryError);
  EXPECT_NO_THROW(parse_pql("nodes { " + std::string(500, '(') + "certname = 'a'" +
                            std::string(500, ')') + " }"));
}

// parse_pql keeps the ASTs of the texts it read last: a text asked again reads the same, what a
// caller does with its AST is its own, and a refused text is refused every time.
TEST(Pql, ATextAskedAgainReadsTheSameAndACallersAstIsItsOwn) {
  const std::string text = "nodes[certname] { resources { type = \"Class\" and title = \"X\" } }";
  nlohmann::json first = parse_pql(text);
  const nlohmann::json expected = first;
  first[1] = "changed by the caller";
  EXPECT_EQ(parse_pql(text), expected);
  EXPECT_EQ(parse_pql(text), expected);
  for (int attempt = 0; attempt < 2; ++attempt)
    EXPECT_THROW(parse_pql("nodes { certname = }"), QueryError);
}

TEST(Pql, TellsPqlFromJson) {
  EXPECT_TRUE(looks_like_pql("nodes {}"));
  EXPECT_FALSE(looks_like_pql("  [\"from\", \"nodes\"]"));
}

}  // namespace
}  // namespace marionette::puppetdb
