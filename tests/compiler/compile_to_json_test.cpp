// compile_to_json writes the catalog straight from the resource table: its bytes must be
// catalog::to_json(compile()).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <regex>

#include "catalog/catalog.hpp"
#include "compiler/compiler.hpp"

namespace marionette::compiler {
namespace {

namespace fs = std::filesystem;

/// The JSON with the two fields that differ from run to run blanked.
std::string without_run_fields(const std::string& json) {
  static const std::regex version("\"version\":[0-9]+");
  static const std::regex uuid("\"catalog_uuid\":\"[^\"]*\"");
  return std::regex_replace(std::regex_replace(json, version, "\"version\":0"), uuid,
                            "\"catalog_uuid\":\"\"");
}

class CompileToJson : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ =
        fs::temp_directory_path() / ("marionette-output-" + std::to_string(std::random_device{}()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  CompileRequest request(const std::string& manifest) const {
    std::ofstream(dir_ / "site.pp") << manifest;
    CompileRequest request;
    request.env_dir = dir_;
    request.node_name = "web01.example.com";
    request.facts = facts::Facts::object();
    request.facts["fqdn"] = "web01.example.com";
    return request;
  }

  void expect_same_bytes(const std::string& manifest) const {
    CompileRequest req = request(manifest);
    std::string streamed = compile_to_json(req);
    std::string reference = catalog::to_json(compile(req));
    EXPECT_EQ(without_run_fields(streamed), without_run_fields(reference));
    EXPECT_NO_THROW(catalog::from_json(streamed));
  }

  fs::path dir_;
};

TEST_F(CompileToJson, ALargeCatalogIsTheSameAsWrittenFromTheCatalog) {
  expect_same_bytes(
      "1500.each |$i| {\n"
      "  notify { \"n${i}\":\n"
      "    message => \"tab\\there \\\"quoted\\\" back\\\\slash caf\\u00e9 \\u2603 ${i}\",\n"
      "    withpath => $i % 2 == 0,\n"
      "    loglevel => $i % 3 ? { 0 => 'info', default => undef },\n"
      "  }\n"
      "}\n"
      "file { '/tmp/x': ensure => file, mode => '0644', content => Sensitive('secret'),\n"
      "  require => Notify['n1'], before => [Notify['n2'], Notify['n3']] }\n"
      "exec { 'e': command => '/bin/true', environment => ['A=1.5', 'B={}'],\n"
      "  timeout => 2.5, returns => [0, 1] }\n"
      "Notify['n10'] -> Notify['n1400']\n");
}

TEST_F(CompileToJson, VirtualResourcesBeforeTheFirstCatalogResourceLeaveNoStrayComma) {
  expect_same_bytes(
      "800.each |$i| { @notify { \"v${i}\": } }\n"
      "500.each |$i| { notify { \"r${i}\": } }\n");
}

TEST_F(CompileToJson, ASmallCatalogIsWrittenTheSameWay) {
  expect_same_bytes("notify { 'a': message => [1, 2.0, {'k' => undef}] }\n");
}

}  // namespace
}  // namespace marionette::compiler
