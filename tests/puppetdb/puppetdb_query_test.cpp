// puppetdb_query() in a manifest, compiled with the fleet's data behind it (puppetdb's
// CompilerQueries, the seam marionette server injects), against PuppetDB 7.12's recorded
// answers to the same queries: what the function returns is what POST /pdb/query/v4 answered
// (puppet-terminus-puppetdb's function returns that body, parsed). The commands
// bench/puppetdb_reference.py sent to PuppetDB are replayed first; every root query recorded
// with a 200 is asked, as the string it was sent as and, for an AST, as a Puppet array too.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>

#include "catalog/catalog.hpp"
#include "catalog_compare.hpp"
#include "compiler/compiler.hpp"
#include "lang/diagnostic.hpp"
#include "puppetdb/compiler_queries.hpp"
#include "puppetdb/store.hpp"
#include "reference_data.hpp"

namespace marionette::puppetdb {
namespace {

namespace fs = std::filesystem;

/// A Puppet single-quoted string holding `text`.
std::string puppet_string(const std::string& text) {
  std::string out = "'";
  for (char c : text) {
    if (c == '\'' || c == '\\') out += '\\';
    out += c;
  }
  return out + "'";
}

class PuppetDbQueryFunction : public ::testing::Test {
 protected:
  PuppetDbQueryFunction()
      : fleet(store, "reference"),
        queries([this](const auto& use) { use(fleet); }),
        dir(fs::temp_directory_path() /
            ("marionette-puppetdb-query-" + std::to_string(std::random_device{}()))) {
    fs::create_directories(dir);
  }
  ~PuppetDbQueryFunction() override { fs::remove_all(dir); }

  /// The catalog of `manifest`, compiled for web1.example.com with the fleet behind
  /// puppetdb_query().
  catalog::Catalog compile(const std::string& manifest, bool with_puppetdb = true,
                           const std::string& file_name = "site.pp") {
    const fs::path site = dir / file_name;
    std::ofstream(site) << manifest;
    compiler::CompileRequest request;
    request.manifest = site;
    request.node_name = "web1.example.com";
    request.facts = {{"kernel", "Linux"}};
    if (with_puppetdb) request.puppetdb = &queries;
    return compiler::compile(request);
  }

  /// What puppetdb_query(ARGUMENT) returned, through a notify's message.
  json answer_of(const std::string& argument) {
    catalog::Catalog catalog = compile("$answer = puppetdb_query(" + argument +
                                       ")\nnotify { 'answer': message => $answer }\n");
    for (const catalog::Resource& resource : catalog.resources)
      if (resource.type == "Notify" && resource.title == "answer")
        return json::parse(resource.parameters["message"].dump());
    ADD_FAILURE() << "no Notify[answer]";
    return nullptr;
  }

  /// The compile's error, rendered, "" when it compiled.
  std::string error_of(const std::string& manifest, bool with_puppetdb = true) {
    try {
      compile(manifest, with_puppetdb);
    } catch (const lang::SourceError& error) {
      return error.what();
    }
    return "";
  }

  MemoryStore store;
  FleetData fleet;
  CompilerQueries queries;
  fs::path dir;
};

TEST_F(PuppetDbQueryFunction, ReturnsWhatPuppetDbAnswered) {
  json commands = read_json("commands.json"), queries_asked = read_json("queries.json"),
       answers = read_json("answers.json");
  if (answers.is_null()) GTEST_SKIP() << "no recorded answers in " << kReference;
  ASSERT_NO_FATAL_FAILURE(replay_commands(commands, fleet));
  std::size_t asked = 0, agree = 0;
  for (const json& query : queries_asked) {
    const std::string name = query["name"];
    const std::string path = query["path"];
    const json& expected = answers[name];
    const std::string root = path.substr(0, path.find_last_not_of('/') + 1);
    if (root != "/pdb/query/v4" || query["params"].size() != 1 ||
        !query["params"].contains("query") || expected["status"] != 200)
      continue;
    const json& given = query["params"]["query"];
    std::vector<std::string> arguments;
    if (given.is_string()) {
      arguments.push_back(puppet_string(given.get<std::string>()));
      json ast = json::parse(given.get<std::string>(), nullptr, false);
      if (!ast.is_discarded()) arguments.push_back(ast.dump());  // a JSON array is Puppet's too
    } else {
      arguments.push_back(given.dump());
    }
    const bool ordered = query["ordered"];
    for (const std::string& argument : arguments) {
      ++asked;
      json answer = answer_of(argument);
      const json ours = normalized(answer, ordered), theirs = normalized(expected["body"], ordered);
      EXPECT_EQ(ours, theirs) << name << ": puppetdb_query(" << argument << ")";
      if (ours == theirs) ++agree;
    }
  }
  EXPECT_GE(asked, 30u);
  std::cout << agree << " of " << asked << " puppetdb_query() answers agree with PuppetDB 7.12's"
            << std::endl;
}

TEST_F(PuppetDbQueryFunction, CompilesTheCatalogPuppetCompiledWithPuppetDb) {
  // bench/puppetdb_reference.py record-function: Puppet 7.23 with puppet-terminus-puppetdb 7
  // compiled each manifest of reference/function for web1.example.com, its puppetdb_query()
  // answered by PuppetDB 7.12 holding the same commands.
  json commands = read_json("commands.json");
  ASSERT_FALSE(commands.is_null());
  ASSERT_NO_FATAL_FAILURE(replay_commands(commands, fleet));
  std::size_t compared = 0;
  for (const auto& entry : fs::directory_iterator(kReference + "function")) {
    if (entry.path().extension() != ".pp") continue;
    fs::path expected_file = entry.path();
    expected_file.replace_extension(".json");
    std::ifstream expected_in(expected_file);
    ASSERT_TRUE(expected_in) << "no catalog recorded for " << entry.path();
    const json expected = json::parse(expected_in);
    std::ifstream manifest_in(entry.path());
    const std::string manifest((std::istreambuf_iterator<char>(manifest_in)),
                               std::istreambuf_iterator<char>());
    const json actual =
        json::parse(catalog::to_json(compile(manifest, true, entry.path().filename().string())));
    for (const std::string& difference : testing::compare_catalogs(expected, actual))
      ADD_FAILURE() << entry.path().filename() << ": " << difference;
    ++compared;
  }
  EXPECT_GE(compared, 5u);
}

TEST_F(PuppetDbQueryFunction, RefusesArgumentsAsTheTerminusDispatchDoes) {
  // Puppet 7.23 with puppet-terminus-puppetdb 7, `puppet apply -e`, wrote these.
  EXPECT_NE(error_of("puppetdb_query(1)")
                .find("'puppetdb_query' parameter 'query' expects a value of type String or "
                      "Array, got Integer"),
            std::string::npos)
      << error_of("puppetdb_query(1)");
  EXPECT_NE(error_of("puppetdb_query('')")
                .find("'puppetdb_query' parameter 'query' expects a value of type String[1] or "
                      "Array[Data, 1], got String"),
            std::string::npos);
  EXPECT_NE(error_of("puppetdb_query([])")
                .find("'puppetdb_query' parameter 'query' variant 0 expects a String value, got "
                      "Array"),
            std::string::npos);
}

TEST_F(PuppetDbQueryFunction, APuppetDbRefusalFailsTheCompileAsTheTerminusReadsIt) {
  // The terminus parses PuppetDB's plain-text 400 as JSON: Ruby's JSON error is the compile's.
  const std::string error = error_of("puppetdb_query('nodes[certname] { nope = 1 }')");
  EXPECT_NE(error.find("859: unexpected token at ''nope' is not a queryable object for nodes"),
            std::string::npos)
      << error;
}

TEST_F(PuppetDbQueryFunction, WithoutAPuppetDbTheFunctionIsUnknown) {
  // `marionette apply` has no PuppetDB: as a Puppet without puppet-terminus-puppetdb.
  EXPECT_NE(
      error_of("puppetdb_query('nodes {}')", false).find("Unknown function: 'puppetdb_query'"),
      std::string::npos);
}

}  // namespace
}  // namespace marionette::puppetdb
