// node/exec: a real classifier (a shell script in a temp dir) run with the certname.

#include <gtest/gtest.h>

#include <chrono>

#include "indirector/classifier.hpp"
#include "indirector/registry.hpp"
#include "temp_dir.hpp"

namespace marionette::indirector {
namespace {

using testing::TempDir;

std::unique_ptr<Terminus<Node>> classifier_in(
    const TempDir& dir, const std::string& script,
    std::chrono::seconds timeout = std::chrono::seconds(10)) {
  Route route;
  route.terminus = "exec";
  route.command = dir.write("enc.sh", "#!/bin/sh\n" + script, true).string();
  TerminusSettings settings;
  settings.statedir = dir.path();
  settings.enc_timeout = timeout;
  return node_termini().make("exec", settings, route);
}

TEST(NodeExec, ReadsClassesAsAHashWithParametersAndTheEnvironment) {
  TempDir dir;
  auto enc = classifier_in(dir, R"(cat <<YAML
---
classes:
  common:
  ntp:
    servers: [ntp1, ntp2]
    enabled: true
environment: staging
parameters:
  role: web
  certname_seen: "$1"
YAML
)");
  auto node = enc->find({"web1.example.com"});
  ASSERT_TRUE(node);
  EXPECT_EQ(node->name, "web1.example.com");
  EXPECT_EQ(node->environment, "staging");
  ASSERT_EQ(node->classes.size(), 2u);
  EXPECT_EQ(node->classes[0].first, "common");
  EXPECT_TRUE(node->classes[0].second.empty());
  EXPECT_EQ(node->classes[1].first, "ntp");
  EXPECT_EQ(node->classes[1].second["servers"], facts::Facts::array({"ntp1", "ntp2"}));
  EXPECT_EQ(node->classes[1].second["enabled"], true);
  EXPECT_EQ(node->parameters["role"], "web");
  EXPECT_EQ(node->parameters["certname_seen"], "web1.example.com");
}

TEST(NodeExec, ReadsClassesAsAList) {
  TempDir dir;
  auto enc = classifier_in(dir, "printf 'classes:\\n  - base\\n  - app::web\\n'\n");
  auto node = enc->find({"n1"});
  ASSERT_TRUE(node);
  ASSERT_EQ(node->classes.size(), 2u);
  EXPECT_EQ(node->classes[1].first, "app::web");
  EXPECT_FALSE(node->environment);
}

TEST(NodeExec, EmptyOutputIsNoNode) {
  TempDir dir;
  EXPECT_FALSE(classifier_in(dir, "exit 0\n")->find({"n1"}));
}

TEST(NodeExec, AFailingClassifierIsAnErrorWithItsStderr) {
  TempDir dir;
  auto enc = classifier_in(dir, "echo 'no such node' >&2\nexit 3\n");
  try {
    enc->find({"n1"});
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()),
              "node/exec: cannot classify 'n1': " + (dir.path() / "enc.sh").string() +
                  " exited with 3: no such node");
  }
}

TEST(NodeExec, AMissingClassifierIsAnError) {
  Route route;
  route.terminus = "exec";
  route.command = "/nonexistent/enc";
  auto enc = node_termini().make("exec", {}, route);
  try {
    enc->find({"n1"});
    FAIL();
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(),
                 "node/exec: cannot classify 'n1': /nonexistent/enc exited with 127: No such file "
                 "or directory");
  }
}

TEST(NodeExec, BadYamlIsAnError) {
  TempDir dir;
  auto enc = classifier_in(dir, "echo 'classes: [a'\n");
  try {
    enc->find({"n1"});
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("its output is not valid YAML"), std::string::npos)
        << e.what();
  }
}

TEST(NodeExec, ReadsPlainValuesAsPuppetsPsychDoes) {
  // Puppet loads an ENC's output with Psych's safe_load: YAML 1.1 words and numbers.
  Node node = classifier::parse("parameters:\n  flag: yes\n  mode: 0755\n  text: '0755'\n", "n1");
  EXPECT_EQ(node.parameters["flag"], true);
  EXPECT_EQ(node.parameters["mode"], 493);
  EXPECT_EQ(node.parameters["text"], "0755");
  try {
    classifier::parse("parameters:\n  since: 2024-01-31\n", "n1");
    FAIL() << "Psych's safe loading refuses a Date";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("Tried to load unspecified class: Date"),
              std::string::npos)
        << e.what();
  }
}

TEST(NodeExec, ParametersThatAreNotAMappingAreAnError) {
  EXPECT_THROW(classifier::parse("parameters: [1, 2]\n", "n1"), std::runtime_error);
  EXPECT_THROW(classifier::parse("classes: {a: [1]}\n", "n1"), std::runtime_error);
}

TEST(NodeExec, AHungClassifierIsKilledAtTheTimeout) {
  TempDir dir;
  auto enc = classifier_in(dir, "sleep 30\n", std::chrono::seconds(1));
  auto start = std::chrono::steady_clock::now();
  try {
    enc->find({"n1"});
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("did not finish in 1 s"), std::string::npos) << e.what();
  }
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));
}

TEST(NodePlain, IsANodeWithNothing) {
  auto plain = node_termini().make("plain", {}, {});
  auto node = plain->find({"n1"});
  ASSERT_TRUE(node);
  EXPECT_EQ(node->name, "n1");
  EXPECT_TRUE(node->classes.empty());
  EXPECT_FALSE(node->environment);
}

}  // namespace
}  // namespace marionette::indirector
