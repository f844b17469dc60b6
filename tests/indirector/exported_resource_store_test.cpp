// storeconfigs' stores: the query as PuppetDB answers it, the node documents in files and in a
// private Redis shared by two stores (two servers), and catalog/compiler with storeconfigs on:
// what one node's compile exports, another node's compile collects.

#include "indirector/exported_resource_store.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <set>

#include "compiler/exported_resources.hpp"
#include "compiler/puppetdb_queries.hpp"
#include "indirector/registry.hpp"
#include "support/private_redis.hpp"
#include "temp_dir.hpp"

namespace marionette::indirector {
namespace {

using compiler::ExportQuery;
using testing::PrivateRedis;
using namespace std::chrono_literals;

catalog::Resource exported(const std::string& type, const std::string& title,
                           std::vector<std::string> tags, catalog::Data parameters) {
  catalog::Resource r;
  r.type = type;
  r.title = title;
  r.tags = std::move(tags);
  r.parameters = std::move(parameters);
  r.exported = true;
  r.file = "/etc/puppet/site.pp";
  r.line = 3;
  return r;
}

std::unique_ptr<ExportQuery> compare(ExportQuery::Op op, const std::string& field,
                                     catalog::Data value) {
  auto query = std::make_unique<ExportQuery>();
  query->op = op;
  query->field = field;
  query->value = std::move(value);
  return query;
}

std::unique_ptr<ExportQuery> join(ExportQuery::Op op, std::unique_ptr<ExportQuery> left,
                                  std::unique_ptr<ExportQuery> right) {
  auto query = std::make_unique<ExportQuery>();
  query->op = op;
  query->left = std::move(left);
  query->right = std::move(right);
  return query;
}

TEST(ExportQueryMatching, AsPuppetDbAnswers) {
  using Op = ExportQuery::Op;
  catalog::Resource host = exported("Host", "Web01", {"fleet", "host"},
                                    {{"ip", "10.0.0.1"}, {"host_aliases", {"web", "www"}}});
  EXPECT_TRUE(compiler::matches(nullptr, host));
  EXPECT_TRUE(compiler::matches(compare(Op::Equal, "title", "Web01").get(), host));
  EXPECT_FALSE(compiler::matches(compare(Op::Equal, "title", "web01").get(), host));  // exact
  EXPECT_TRUE(compiler::matches(compare(Op::Equal, "tag", "FLEET").get(), host));     // lower-cased
  EXPECT_TRUE(compiler::matches(compare(Op::Equal, "host_aliases", "www").get(), host));
  EXPECT_FALSE(compiler::matches(compare(Op::Equal, "ip", "10.0.0.2").get(), host));
  EXPECT_TRUE(compiler::matches(compare(Op::NotEqual, "ensure", "absent").get(), host));
  EXPECT_FALSE(compiler::matches(compare(Op::Equal, "ip", 10).get(), host));  // no coercion
  EXPECT_TRUE(compiler::matches(
      join(Op::Or, compare(Op::Equal, "ip", "x"), compare(Op::Equal, "tag", "host")).get(), host));
  EXPECT_FALSE(compiler::matches(
      join(Op::And, compare(Op::Equal, "ip", "10.0.0.1"), compare(Op::NotEqual, "tag", "fleet"))
          .get(),
      host));
}

TEST(ExportedResourcesJson, RoundTrip) {
  std::vector<catalog::Resource> resources = {
      exported("File", "/etc/motd", {"file"}, {{"content", "hi"}, {"mode", "0644"}})};
  std::vector<catalog::Resource> back =
      compiler::exported_resources_from_json(compiler::exported_resources_to_json(resources));
  ASSERT_EQ(back.size(), 1u);
  EXPECT_EQ(back[0].ref(), "File[/etc/motd]");
  EXPECT_EQ(back[0].parameters, resources[0].parameters);
  EXPECT_EQ(back[0].line, 3);
  EXPECT_TRUE(back[0].exported);
  EXPECT_THROW(compiler::exported_resources_from_json("{\"not\": \"a list\"}"), std::runtime_error);
  std::string deep = "[{\"type\":\"Notify\",\"title\":\"x\",\"parameters\":{\"message\":" +
                     std::string(100000, '[') + std::string(100000, ']') + "}}]";
  EXPECT_THROW(compiler::exported_resources_from_json(deep), std::runtime_error);
}

/// Two nodes export; each sees only the other's, per environment; an empty export removes it.
void exercise(compiler::ExportedResourceStore& one, compiler::ExportedResourceStore& other) {
  one.replace("production", "a.test", {exported("Host", "a.test", {"fleet"}, {{"ip", "1"}})});
  other.replace("production", "b.test",
                {exported("Host", "b.test", {"fleet"}, {{"ip", "2"}}),
                 exported("File", "/b", {"fleet"}, {})});
  other.replace("staging", "c.test", {exported("Host", "c.test", {"fleet"}, {})});
  auto from_b = other.search("production", "b.test", "Host", nullptr);
  ASSERT_EQ(from_b.size(), 1u);
  EXPECT_EQ(from_b[0].certname, "a.test");
  EXPECT_EQ(from_b[0].resource.parameters["ip"], "1");
  auto from_a = one.search("production", "a.test", "Host", nullptr);
  ASSERT_EQ(from_a.size(), 1u);
  EXPECT_EQ(from_a[0].certname, "b.test");
  auto query = compare(ExportQuery::Op::Equal, "ip", "2");
  EXPECT_EQ(one.search("production", "x.test", "Host", query.get()).size(), 1u);
  EXPECT_EQ(one.search("production", "x.test", "File", nullptr).size(), 1u);
  EXPECT_EQ(one.search("staging", "x.test", "Host", nullptr).size(), 1u);
  one.replace("production", "a.test", {});
  EXPECT_TRUE(other.search("production", "b.test", "Host", nullptr).empty());
}

TEST(DocumentExportedResourceStore, FilesUnderTheStateDir) {
  testing::TempDir dir;
  TerminusSettings settings;
  settings.statedir = dir.path();
  DocumentExportedResourceStore one(settings), other(settings);
  exercise(one, other);
  EXPECT_TRUE(std::filesystem::exists(dir.path() / "exported" / "production" / "b.test.json"));
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "exported" / "production" / "a.test.json"));
}

/// PuppetDB's data at the seam: the nodes it holds as inactive, and the queries it was asked.
class FakeNodeStates : public compiler::PuppetDbQueries {
 public:
  std::set<std::string> inactive;
  bool unreachable = false;
  std::vector<catalog::Data> asked;
  catalog::Data query(const catalog::Data& query) override {
    asked.push_back(query);
    if (unreachable) throw std::runtime_error("PuppetDB's store cannot be reached");
    catalog::Data rows = catalog::Data::array();
    for (const std::string& name : inactive) rows.push_back({{"certname", name}});
    return rows;
  }
};

TEST(DocumentExportedResourceStore, LeavesOutTheNodesPuppetDbHoldsInactive) {
  testing::TempDir dir;
  TerminusSettings settings;
  settings.statedir = dir.path();
  FakeNodeStates states;
  DocumentExportedResourceStore store(settings, &states);
  store.replace("production", "a.test", {exported("Host", "a.test", {"fleet"}, {})});
  store.replace("production", "b.test", {exported("Host", "b.test", {"fleet"}, {})});
  EXPECT_EQ(store.search("production", "c.test", "Host", nullptr).size(), 2u);
  ASSERT_EQ(states.asked.size(), 1u);  // one question for the nodes found, as PuppetDB's AST
  EXPECT_EQ(states.asked[0].dump(),
            R"(["from","nodes",["extract",["certname"],["and",["=","node_state","inactive"],)"
            R"(["in","certname",["array",["a.test","b.test"]]]]]])");

  states.inactive = {"a.test"};  // deactivated (or expired): its exports are not collected
  auto found = store.search("production", "c.test", "Host", nullptr);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].certname, "b.test");
  EXPECT_TRUE(std::filesystem::exists(dir.path() / "exported" / "production" / "a.test.json"));

  states.unreachable = true;  // the collectors' store answered: its resources are collected
  EXPECT_EQ(store.search("production", "c.test", "Host", nullptr).size(), 2u);
  states.asked.clear();  // nothing found: nothing to ask
  EXPECT_TRUE(store.search("production", "c.test", "File", nullptr).empty());
  EXPECT_TRUE(states.asked.empty());
}

TEST(DocumentExportedResourceStore, OneRedisForTwoServers) {
  std::unique_ptr<PrivateRedis> redis;
  testing::start_private_redis(redis);
  if (!redis) return;
  TerminusSettings settings;
  settings.redis = redis->url();
  settings.redis_prefix = "fleet";
  settings.redis_timeout = 500ms;
  DocumentExportedResourceStore one(settings), other(settings);
  exercise(one, other);
  std::optional<std::string> stored = redis->command({"GET", "fleet:exported:production:b.test"});
  ASSERT_TRUE(stored);
  EXPECT_NE(stored->find("\"title\":\"/b\""), std::string::npos);
  EXPECT_EQ(redis->command({"EXISTS", "fleet:exported:production:a.test"}), "0");

  redis->pause();  // a hung Redis fails the search within the timeout, saying why
  auto started = std::chrono::steady_clock::now();
  EXPECT_THROW(one.search("production", "a.test", "Host", nullptr), std::runtime_error);
  EXPECT_LT(std::chrono::steady_clock::now() - started, 5s);
  redis->resume();
}

TEST(CompilerCatalogWithStoreconfigs, OneNodeExportsAnotherCollects) {
  testing::TempDir dir;
  dir.write("env/manifests/site.pp",
            "node 'a.test' { @@host { 'a.test': ip => '192.0.2.1', tag => 'fleet' } }\n"
            "node 'b.test' { Host <<| tag == 'fleet' |>> { comment => 'collected' } }\n");
  TerminusSettings settings;
  settings.statedir = dir.path() / "state";
  settings.env_dir = dir.path() / "env";
  settings.storeconfigs = true;
  auto compiler = catalog_termini().make("compiler", settings, {});
  facts::Facts facts = {{"kernel", "Linux"}};
  auto a = compiler->find({"a.test", &facts});
  ASSERT_TRUE(a);
  EXPECT_EQ(a->find("Host[a.test]"), nullptr);  // exported, not collected: not a's to apply
  auto b = compiler->find({"b.test", &facts});
  ASSERT_TRUE(b);
  const catalog::Resource* host = b->find("Host[a.test]");
  ASSERT_NE(host, nullptr);
  EXPECT_FALSE(host->exported);
  EXPECT_EQ(host->parameters["ip"], "192.0.2.1");
  EXPECT_EQ(host->parameters["comment"], "collected");

  settings.storeconfigs = false;  // Puppet without storeconfigs: nothing collected
  auto plain = catalog_termini().make("compiler", settings, {});
  auto b_plain = plain->find({"b.test", &facts});
  ASSERT_TRUE(b_plain);
  EXPECT_EQ(b_plain->find("Host[a.test]"), nullptr);
}

}  // namespace
}  // namespace marionette::indirector
