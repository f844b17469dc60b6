// Every failure path of `marionette apply`, with and without --detailed-exitcodes, against the
// exit code real Puppet 7.23's `puppet apply` gives for the same input (docs/exit-codes.md has
// the table and how it was made). Each case also asserts Puppet's error text, and a time limit:
// a relative file path once made apply loop for ever.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "support/command.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using testing::CommandResult;
using testing::run_command;

/// One failure path: a manifest (or, with `catalog`, a catalog JSON built from `resources`),
/// the exit codes Puppet gives without and with --detailed-exitcodes, and a piece of its error.
struct ApplyCase {
  const char* name;
  const char* manifest;  ///< "@" is replaced by the test's scratch dir
  bool catalog;          ///< `manifest` is a JSON array of extra resources for --catalog
  int exit_code;
  int detailed_exit_code;
  const char* message;  ///< in stdout or stderr; "@" as in manifest
};

void PrintTo(const ApplyCase& c, std::ostream* out) {
  *out << c.name;
}

std::string with_dir(std::string text, const fs::path& dir) {
  for (auto at = text.find('@'); at != std::string::npos; at = text.find('@', at))
    text.replace(at, 1, dir.string()), at += dir.string().size();
  return text;
}

/// Puppet's catalog shape (format 2): Stage[main], Class[main] containing `extra`.
std::string catalog_with(const nlohmann::json& extra) {
  nlohmann::json catalog = {{"name", "web01.example.com"},
                            {"version", 1},
                            {"environment", "production"},
                            {"catalog_format", 2},
                            {"tags", nlohmann::json::array()},
                            {"classes", nlohmann::json::array()},
                            {"edges", nlohmann::json::array()}};
  nlohmann::json resources = nlohmann::json::array(
      {{{"type", "Stage"}, {"title", "main"}, {"tags", {"stage"}}, {"exported", false}},
       {{"type", "Class"}, {"title", "main"}, {"tags", {"class"}}, {"exported", false}}});
  catalog["edges"].push_back({{"source", "Stage[main]"}, {"target", "Class[main]"}});
  for (const auto& resource : extra) {
    resources.push_back(resource);
    catalog["edges"].push_back(
        {{"source", "Class[main]"},
         {"target", resource["type"].get<std::string>() + "[" +
                        resource["title"].get<std::string>() + "]"}});
  }
  catalog["resources"] = resources;
  return catalog.dump();
}

class ApplyExitCodes : public ::testing::TestWithParam<ApplyCase> {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "marionette-exit-XXXXXX").string();
    dir_ = ::mkdtemp(pattern.data());
    fs::create_directories(dir_ / "out");
  }
  void TearDown() override { fs::remove_all(dir_); }

  CommandResult apply(const ApplyCase& c, bool detailed) {
    std::vector<std::string> argv = {MARIONETTE_BINARY, "apply", "--statedir",
                                     (dir_ / "state").string(), "--facts", MARIONETTE_FACTS_FILE};
    if (detailed) argv.push_back("--detailed-exitcodes");
    const std::string text = with_dir(c.manifest, dir_);
    if (c.catalog) {
      std::ofstream(dir_ / "catalog.json")
          << (text.front() == '[' ? catalog_with(nlohmann::json::parse(text)) : text);
      argv.insert(argv.end(), {"--catalog", (dir_ / "catalog.json").string()});
    } else {
      std::ofstream(dir_ / "site.pp") << text;
      argv.push_back((dir_ / "site.pp").string());
    }
    return run_command(argv, 20s);
  }

  fs::path dir_;
};

TEST_P(ApplyExitCodes, ExitsAsPuppetDoesAndSaysWhy) {
  const ApplyCase& c = GetParam();
  for (bool detailed : {false, true}) {
    fs::remove_all(dir_ / "out");
    fs::create_directories(dir_ / "out");
    CommandResult result = apply(c, detailed);
    ASSERT_FALSE(result.timed_out) << c.name << " did not finish in 20 s";
    EXPECT_EQ(result.exit_code, detailed ? c.detailed_exit_code : c.exit_code)
        << c.name << (detailed ? " --detailed-exitcodes" : "") << "\n"
        << result.out << result.err;
    EXPECT_NE((result.out + result.err).find(with_dir(c.message, dir_)), std::string::npos)
        << c.name << "\n"
        << result.out << result.err;
  }
}

// The exit codes are real Puppet 7.23's for the same input (`puppet apply [--detailed-exitcodes]
// site.pp` or `--catalog catalog.json`), see docs/exit-codes.md.
const ApplyCase kCases[] = {
    {"changes", "notify { 'changed': }", false, 0, 2, "Notice: changed"},
    {"failed_resource", "exec { '/bin/false': }", false, 0, 4,
     "'/bin/false' returned 1 instead of one of [0]"},
    {"changes_and_failure", "notify { 'changed': } exec { '/bin/false': }", false, 0, 6,
     "returned 1 instead of one of [0]"},
    {"failed_dependency", "exec { '/bin/false': } -> notify { 'after': }", false, 0, 4,
     "Skipping because of failed dependencies"},
    {"file_over_directory", "file { '@/out': ensure => file, content => 'x' }", false, 0, 4,
     "Not removing directory; use 'force' to override"},
    {"ensure_other_value_is_a_link", "file { '@/out/e': ensure => bogus }", false, 0, 2,
     "File[@/out/e]/ensure: created"},
    {"compile_error", "notify { 'x': message => }", false, 1, 1, "Syntax error"},
    {"fail_function", "fail('boom')", false, 1, 1, "boom"},
    {"duplicate_declaration", "notify { 'x': }\nnotify { 'x': }\n", false, 1, 1,
     "Duplicate declaration: Notify[x] is already declared"},
    {"missing_require_target", "notify { 'x': require => File['/nope'] }", false, 1, 1,
     "Could not find resource 'File[/nope]' in parameter 'require'"},
    {"dependency_cycle", "notify { 'a': require => Notify['b'] }\nnotify { 'b': require => Notify['a'] }",
     false, 1, 1, "One or more resource dependency cycles detected in graph"},
    {"file_mode_invalid", "file { '@/out/m': ensure => file, mode => '99999' }", false, 1, 1,
     "Parameter mode failed on File[@/out/m]"},
    {"relative_file_title", "file { 'relative/path': ensure => file }", false, 1, 1,
     "Parameter path failed on File[relative/path]: File paths must be fully qualified, not "
     "'relative/path'"},
    {"relative_file_path", "file { 'x': path => 'rel/a', ensure => file }", false, 1, 1,
     "File paths must be fully qualified, not 'rel/a'"},
    {"unknown_type", "nosuchtype { 'x': }", false, 1, 1, "Unknown resource type: 'nosuchtype'"},
    {"unknown_parameter", "notify { 'x': nosuchparam => 1 }", false, 1, 1,
     "no parameter named 'nosuchparam'"},
    // --catalog: what the compiler would have refused reaches the transaction.
    {"catalog_file_mode_invalid",
     R"([{"type":"File","title":"@/out/a","tags":["file"],"exported":false,
         "parameters":{"ensure":"file","mode":"99999"}}])",
     true, 1, 1, "Parameter mode failed on File[@/out/a]"},
    {"catalog_duplicate_resource",
     R"([{"type":"Notify","title":"n","tags":["notify"],"exported":false},
         {"type":"Notify","title":"n","tags":["notify"],"exported":false}])",
     true, 1, 1, "Duplicate declaration: Notify[n] is already declared"},
    // Puppet's `apply --catalog` logs these two and exits 0 even with --detailed-exitcodes (it
    // drops the run's result); marionette exits as for a manifest: docs/exit-codes.md.
    {"catalog_missing_require_target",
     R"([{"type":"Notify","title":"n","tags":["notify"],"exported":false,
         "parameters":{"require":"File[/nonexistent]"}}])",
     true, 1, 1, "File[/nonexistent]"},
    {"catalog_dependency_cycle",
     R"([{"type":"Notify","title":"a","tags":["notify"],"exported":false,
         "parameters":{"require":"Notify[b]"}},
        {"type":"Notify","title":"b","tags":["notify"],"exported":false,
         "parameters":{"require":"Notify[a]"}}])",
     true, 1, 1, "One or more resource dependency cycles detected in graph"},
    {"catalog_relative_file_title",
     R"([{"type":"File","title":"relative/path","tags":["file"],"exported":false,
         "parameters":{"ensure":"file"}}])",
     true, 1, 1, "File paths must be fully qualified, not 'relative/path'"},
    {"catalog_relative_file_path",
     R"([{"type":"File","title":"x","tags":["file"],"exported":false,
         "parameters":{"ensure":"file","path":"rel/a"}}])",
     true, 1, 1, "File paths must be fully qualified, not 'rel/a'"},
    {"catalog_file_ensure_and_content",
     R"([{"type":"File","title":"@/out/a","tags":["file"],"exported":false,
         "parameters":{"ensure":"bogus","content":"a"}}])",
     true, 1, 1, "You cannot specify more than one of content, source, target"},
    {"catalog_unknown_parameter",
     R"([{"type":"Notify","title":"n","tags":["notify"],"exported":false,
         "parameters":{"nosuchparam":"1"}}])",
     true, 1, 1, "no parameter named 'nosuchparam'"},
    {"catalog_not_json", "{\"name\": ", true, 1, 1, "Could not read catalog"},
};

INSTANTIATE_TEST_SUITE_P(Paths, ApplyExitCodes, ::testing::ValuesIn(kCases),
                         [](const auto& info) { return std::string(info.param.name); });

TEST(ApplyExitCodesMissingInput, MissingManifestAndCatalogExit1) {
  CommandResult manifest = run_command(
      {MARIONETTE_BINARY, "apply", "--statedir", "/tmp/marionette-no-state", "/nonexistent.pp"}, 20s);
  EXPECT_EQ(manifest.exit_code, 1) << manifest.out << manifest.err;
  EXPECT_NE(manifest.err.find("Could not find file /nonexistent.pp"), std::string::npos)
      << manifest.err;
  CommandResult catalog = run_command({MARIONETTE_BINARY, "apply", "--statedir",
                                       "/tmp/marionette-no-state", "--catalog", "/nonexistent.json"},
                                      20s);
  EXPECT_EQ(catalog.exit_code, 1) << catalog.out << catalog.err;
  EXPECT_NE(catalog.err.find("Could not read catalog /nonexistent.json"), std::string::npos)
      << catalog.err;
  std::error_code ignored;
  fs::remove_all("/tmp/marionette-no-state", ignored);
}

}  // namespace
}  // namespace marionette
