// CompileRequest::timings: the time a compile spends lexing and parsing.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>

#include "compiler/compiler.hpp"

namespace marionette::compiler {
namespace {

namespace fs = std::filesystem;

/// An environment in a temp dir: site.pp includes a module class with many resources, whose
/// content comes from an EPP template.
class CompileTimings : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("marionette-timings-" + std::to_string(std::random_device{}()));
    fs::create_directories(dir_ / "modules/big/manifests");
    fs::create_directories(dir_ / "modules/big/templates");
    std::ofstream(dir_ / "site.pp") << "include big\n";
    std::ofstream init(dir_ / "modules/big/manifests/init.pp");
    init << "class big {\n";
    for (int i = 0; i < 2000; ++i) {
      init << "  notify { 'n" << i << "': message => \"${facts['fqdn']} " << i << "\" }\n";
    }
    init << "  notify { 'templated': message => epp('big/motd.epp', { 'n' => 3 }) }\n}\n";
    std::ofstream(dir_ / "modules/big/templates/motd.epp")
        << "<%- | Integer $n | -%>\n<% [1, 2, $n].each |$i| { %>line <%= $i %>\n<% } %>";
  }
  void TearDown() override { fs::remove_all(dir_); }

  CompileRequest request(compiler::CompileTimings* timings) const {
    CompileRequest request;
    request.env_dir = dir_;
    request.node_name = "web01.example.com";
    request.facts = facts::Facts::object();
    request.facts["fqdn"] = "web01.example.com";
    request.timings = timings;
    return request;
  }

  fs::path dir_;
};

TEST_F(CompileTimings, ParsingIsAPartOfTheCompile) {
  compiler::CompileTimings timings;
  timings.parse_seconds = 99;  // a compile starts from zero
  const auto start = std::chrono::steady_clock::now();
  catalog::Catalog catalog = compile(request(&timings));
  const double compile_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_GE(catalog.resources.size(), 2001u);
  EXPECT_GT(timings.parse_seconds, 0.0) << "2000 lines of an autoloaded class were parsed";
  // the prefetch thread parses class files beside the compile: its time is added, so the sum
  // may pass the compile's own wall time, never twice it (two threads in the compile's window)
  EXPECT_LT(timings.parse_seconds, 2 * compile_seconds);
}

TEST_F(CompileTimings, AreOptional) {
  EXPECT_GE(compile(request(nullptr)).resources.size(), 2001u);
}

TEST_F(CompileTimings, ASyntaxErrorStillCountsTheTimeSpentParsing) {
  std::ofstream(dir_ / "site.pp", std::ios::app) << "notify { 'broken': message => }\n";
  compiler::CompileTimings timings;
  timings.parse_seconds = 99;
  EXPECT_ANY_THROW(compile(request(&timings)));
  EXPECT_GT(timings.parse_seconds, 0.0);
  EXPECT_LT(timings.parse_seconds, 99.0);
}

}  // namespace
}  // namespace marionette::compiler
