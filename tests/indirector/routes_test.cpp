#include "indirector/routes.hpp"

#include <gtest/gtest.h>

#include "indirector/error.hpp"
#include "temp_dir.hpp"

namespace marionette::indirector {
namespace {

using testing::TempDir;

TEST(Routes, DefaultsAreTheAgentsTermini) {
  Routes routes = default_routes(false);
  EXPECT_EQ(routes.facts.terminus, "native");
  EXPECT_EQ(routes.node.terminus, "plain");
  EXPECT_EQ(routes.catalog.terminus, "compiler");
  EXPECT_EQ(routes.catalog.cache, "json");
  EXPECT_EQ(routes.report.terminus, "yaml");
  EXPECT_FALSE(routes.report.cache);
}

TEST(Routes, AFactsFileMakesFactsYaml) {
  EXPECT_EQ(default_routes(true).facts.terminus, "yaml");
}

TEST(Routes, ApplyCachesNoCatalog) {
  EXPECT_FALSE(default_routes(false, "apply").catalog.cache);
}

TEST(Routes, TheApplicationsRoutesLieOverTheDefaults) {
  TempDir dir;
  auto file = dir.write("routes.yaml", R"(
agent:
  catalog: { terminus: compiler, cache: redis }
  node:
    terminus: exec
    command: /usr/local/bin/enc --verbose
  report: { terminus: redis }
apply:
  catalog: { terminus: json }
)");
  Routes routes = load_routes(file, "agent", false);
  EXPECT_EQ(routes.catalog.terminus, "compiler");
  EXPECT_EQ(routes.catalog.cache, "redis");
  EXPECT_EQ(routes.node.terminus, "exec");
  EXPECT_EQ(routes.node.command, "/usr/local/bin/enc --verbose");
  EXPECT_EQ(routes.report.terminus, "redis");
  EXPECT_EQ(routes.facts.terminus, "native");  // not named: the default

  Routes apply = load_routes(file, "apply", true);
  EXPECT_EQ(apply.catalog.terminus, "json");
  EXPECT_FALSE(apply.catalog.cache);
  EXPECT_EQ(apply.facts.terminus, "yaml");
}

TEST(Routes, AnEmptyCacheTurnsTheCacheOff) {
  TempDir dir;
  auto file = dir.write("routes.yaml", "agent:\n  catalog: { terminus: compiler, cache: ~ }\n");
  EXPECT_FALSE(load_routes(file, "agent", false).catalog.cache);
}

TEST(Routes, AnEmptyFileGivesTheDefaults) {
  TempDir dir;
  auto file = dir.write("routes.yaml", "");
  EXPECT_EQ(load_routes(file, "agent", false).catalog.cache, "json");
}

struct BadRoutes {
  const char* name;
  const char* text;
  const char* error;  ///< @ stands for the file's path
};

void PrintTo(const BadRoutes& bad, std::ostream* out) {
  *out << bad.name;
}

class RoutesErrors : public ::testing::TestWithParam<BadRoutes> {};

TEST_P(RoutesErrors, SayWhereAndWhat) {
  TempDir dir;
  auto file = dir.write("routes.yaml", GetParam().text);
  std::string expected = GetParam().error;
  for (auto at = expected.find('@'); at != std::string::npos; at = expected.find('@'))
    expected.replace(at, 1, file.string());
  try {
    load_routes(file, "agent", false);
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(e.what(), expected);
    EXPECT_TRUE(e.rendered());
  }
}

INSTANTIATE_TEST_SUITE_P(
    Table, RoutesErrors,
    ::testing::Values(
        BadRoutes{"UnknownTerminus", "agent:\n  catalog: { terminus: compiler, cache: jsn }\n",
                  "@:2:41: error: unknown catalog terminus 'jsn' (known: compiler, json, redis)\n"
                  "  catalog: { terminus: compiler, cache: jsn }\n"
                  "                                        ^~~"},
        BadRoutes{"UnknownModel", "agent:\n  catalogue: { terminus: compiler }\n",
                  "@:2:3: error: unknown model 'catalogue' (known: facts, node, catalog, report)\n"
                  "  catalogue: { terminus: compiler }\n"
                  "  ^~~~~~~~~"},
        BadRoutes{"UnknownKey", "agent:\n  facts:\n    terminus: json\n    cach: yaml\n",
                  "@:4:5: error: unknown key 'cach' in the facts route (known: terminus, cache)\n"
                  "    cach: yaml\n"
                  "    ^~~~"},
        BadRoutes{"NoTerminus", "agent:\n  report: { cache: json }\n",
                  "@:2:11: error: the report route has no terminus\n"
                  "  report: { cache: json }\n"
                  "          ^"},
        BadRoutes{"ExecWithoutCommand", "agent:\n  node: { terminus: exec }\n",
                  "@:2:9: error: the node terminus 'exec' needs a command (the classifier)\n"
                  "  node: { terminus: exec }\n"
                  "        ^"},
        BadRoutes{"RouteNotAMapping", "agent:\n  facts: native\n",
                  "@:2:10: error: the facts route must be a mapping with a terminus and an "
                  "optional cache\n"
                  "  facts: native\n"
                  "         ^~~~~~"},
        BadRoutes{"NotAMapping", "- agent\n",
                  "@:1:1: error: the routes file must be a mapping of applications to routes\n"
                  "- agent\n"
                  "^"},
        BadRoutes{"OtherApplicationsAreCheckedToo", "apply:\n  report: { terminus: mail }\n",
                  "@:2:23: error: unknown report terminus 'mail' (known: json, none, redis, "
                  "yaml)\n"
                  "  report: { terminus: mail }\n"
                  "                      ^~~~"}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(Routes, AMissingFileIsAnError) {
  try {
    load_routes("/nonexistent/routes.yaml", "agent", false);
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "/nonexistent/routes.yaml: error: cannot read the routes file");
  }
}

}  // namespace
}  // namespace marionette::indirector
