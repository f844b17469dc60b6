// What the classifier says reaches the catalog as Puppet does it: classes declared at top scope
// (with parameters, resource-like, first), parameters as top-scope variables that win over facts.

#include <gtest/gtest.h>

#include <algorithm>

#include "indirector/registry.hpp"
#include "temp_dir.hpp"

namespace marionette::indirector {
namespace {

using testing::TempDir;

const char* kSite = R"PP(
class base { notify { "role ${::role} kernel ${::kernel}": } }
class ntp (Array[String] $servers, Boolean $enabled = false) {
  notify { "ntp ${servers.join(',')} ${enabled}": }
}
)PP";

catalog::Catalog compile_with(const TempDir& dir, const Node& node) {
  TerminusSettings settings;
  settings.statedir = dir.path();
  settings.manifest = dir.write("site.pp", kSite);
  auto compiler = catalog_termini().make("compiler", settings, {});
  facts::Facts facts = {{"kernel", "Linux"}, {"role", "from-facts"}};
  auto catalog = compiler->find({"n1", &facts, &node});
  if (!catalog) throw std::runtime_error("no catalog");
  return *catalog;
}

TEST(EncCompile, ClassesAndParametersReachTheCatalog) {
  TempDir dir;
  Node node;
  node.name = "n1";
  node.classes = {{"base", facts::Facts::object()},
                  {"ntp", {{"servers", {"a", "b"}}, {"enabled", true}}}};
  node.parameters = {{"role", "web"}};
  catalog::Catalog catalog = compile_with(dir, node);
  EXPECT_TRUE(catalog.find("Notify[role web kernel Linux]"));
  EXPECT_TRUE(catalog.find("Notify[ntp a,b true]"));
  const catalog::Resource* ntp = catalog.find("Class[Ntp]");
  ASSERT_TRUE(ntp);
  EXPECT_EQ(ntp->parameters["servers"], catalog::Data::array({"a", "b"}));
  // Puppet evaluates the classes with parameters first.
  auto ntp_at = std::find(catalog.classes.begin(), catalog.classes.end(), "ntp");
  auto base_at = std::find(catalog.classes.begin(), catalog.classes.end(), "base");
  EXPECT_LT(ntp_at, base_at);
}

TEST(EncCompile, TheNodesEnvironmentNamesTheCatalog) {
  TempDir dir;
  Node node;
  node.name = "n1";
  node.environment = "staging";
  EXPECT_EQ(compile_with(dir, node).environment, "staging");
}

TEST(EncCompile, AnUnknownClassIsACompileError) {
  TempDir dir;
  Node node;
  node.name = "n1";
  node.classes = {{"nosuch", facts::Facts::object()}};
  try {
    compile_with(dir, node);
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.terminus(), "compiler");
    EXPECT_NE(e.why().find("Could not find class ::nosuch for n1"), std::string::npos) << e.why();
  }
}

TEST(EncCompile, NoFactsIsAnError) {
  auto compiler = catalog_termini().make("compiler", {}, {});
  EXPECT_THROW(compiler->find({"n1"}), Error);
}

}  // namespace
}  // namespace marionette::indirector
