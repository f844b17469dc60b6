// ParsePrefetch: module files parsed on a second thread, handed over only when asked for.
#include "compiler/parse_prefetch.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>

#include "compiler/compiler.hpp"
#include "lang/diagnostic.hpp"

namespace marionette::compiler {
namespace {

namespace fs = std::filesystem;

class ParsePrefetchTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("marionette-prefetch-" + std::to_string(std::random_device{}()));
    write("modules/app/manifests/init.pp", "class app { notify { 'app': } }\n");
    write("modules/app/manifests/db/server.pp", "class app::db::server { }\n");
    write("modules/app/functions/double.pp", "function app::double($x) { $x * 2 }\n");
    write("modules/app/types/port.pp", "type App::Port = Integer[1, 65535]\n");
    write("modules/app/manifests/README", "not Puppet code\n");
    write("modules/broken/manifests/init.pp", "class broken {\n  notify { 'x': message => }\n}\n");
  }
  void TearDown() override { fs::remove_all(dir_); }

  void write(const std::string& relative, const std::string& text) {
    fs::create_directories((dir_ / relative).parent_path());
    std::ofstream(dir_ / relative) << text;
  }
  fs::path modules() const { return dir_ / "modules"; }

  fs::path dir_;
};

TEST_F(ParsePrefetchTest, ListsEachModulesManifestsFunctionsAndTypes) {
  write("modules/empty/manifests/README", "no code\n");
  fs::create_directory_symlink(dir_ / "modules/app/manifests/db", dir_ / "modules/app/types/db");
  std::vector<ModuleManifests> modules = module_manifests(this->modules().string());
  std::vector<std::string> names;
  for (const ModuleManifests& module : modules) {
    names.push_back(module.module + ":");
    for (const std::string& file : module.files)
      names.push_back(fs::path(file).lexically_relative(this->modules()).string());
  }
  EXPECT_EQ(names, (std::vector<std::string>{"app:", "app/functions/double.pp",
                                             "app/manifests/db/server.pp", "app/manifests/init.pp",
                                             "app/types/db/server.pp", "app/types/port.pp",
                                             "broken:", "broken/manifests/init.pp"}));
}

TEST_F(ParsePrefetchTest, HandsOverTheParseOfAListedFile) {
  ParsePrefetch prefetch(modules());
  EXPECT_TRUE(prefetch.listed(modules() / "app/manifests/db/server.pp"));
  EXPECT_FALSE(prefetch.listed(modules() / "app/manifests/missing.pp"));
  EXPECT_FALSE(prefetch.listed(modules() / "app/manifests/README"));

  std::optional<ParsePrefetch::Parsed> parsed = prefetch.take(modules() / "app/manifests/init.pp");
  if (parsed) {  // the worker may not have reached it yet: then the caller parses it
    ASSERT_NE(parsed->program.body, nullptr);
    EXPECT_EQ(parsed->program.file->path, (modules() / "app/manifests/init.pp").string());
    EXPECT_EQ(parsed->program.body->statements.size(), 1u);
  }
  EXPECT_FALSE(prefetch.take(modules() / "app/manifests/init.pp")) << "a file is handed over once";
  EXPECT_FALSE(prefetch.take(modules() / "app/manifests/missing.pp"));
}

TEST_F(ParsePrefetchTest, ListedAnswersAlikeBeforeAndAfterTheListing) {
  write("modules/app/notes.pp", "# beside the module's directories, not autoloaded\n");
  write("modules/app/manifests/dir.pp/init.pp", "class app::dir { }\n");
  std::vector<std::string> asked = {
      "app/manifests/init.pp", "app/manifests/db/server.pp", "app/functions/double.pp",
      "app/types/port.pp",     "app/manifests/missing.pp",   "app/manifests/README",
      "app/notes.pp",          "app/manifests/dir.pp",       "app/manifests/dir.pp/init.pp",
      "app/manifests/.pp"};
  ParsePrefetch prefetch(modules());
  std::vector<bool> early;  // asked at once: usually before the worker has listed anything
  for (const std::string& file : asked) early.push_back(prefetch.listed(modules() / file));
  prefetch.wait_until_idle();
  std::vector<bool> late;
  for (const std::string& file : asked) late.push_back(prefetch.listed(modules() / file));
  EXPECT_EQ(early, late);
  EXPECT_EQ(late,
            (std::vector<bool>{true, true, true, true, false, false, false, false, true, false}));
  EXPECT_FALSE(prefetch.listed(dir_ / "elsewhere/app/manifests/init.pp"));
}

TEST_F(ParsePrefetchTest, AFileTakenBeforeTheListingIsNeverHandedOverAgain) {
  ParsePrefetch prefetch(modules());
  // Usually before the listing: the caller parses it itself, and the worker must skip it.
  std::optional<ParsePrefetch::Parsed> first = prefetch.take(modules() / "app/manifests/init.pp");
  prefetch.wait_until_idle();
  EXPECT_FALSE(prefetch.take(modules() / "app/manifests/init.pp"));
  std::optional<ParsePrefetch::Parsed> other = prefetch.take(modules() / "app/types/port.pp");
  ASSERT_TRUE(other) << "the worker parsed the files nobody took";
  EXPECT_EQ(other->program.body->statements.size(), 1u);
}

TEST_F(ParsePrefetchTest, AParseErrorIsRaisedWhenTheFileIsAskedFor) {
  write("site.pp", "include broken\ninclude app\n");
  ParsePrefetch prefetch(modules(), dir_ / "site.pp");
  prefetch.wait_until_idle();  // every file parsed, the broken one included, and nothing thrown
  try {
    prefetch.take(modules() / "broken/manifests/init.pp");
    FAIL() << "the broken file's error is raised when it is asked for";
  } catch (const lang::SourceError& error) {
    EXPECT_EQ(error.where().line, 2u);
    EXPECT_EQ(error.where().path(), (modules() / "broken/manifests/init.pp").string());
  }
  std::optional<ParsePrefetch::Parsed> parsed = prefetch.take(modules() / "app/types/port.pp");
  ASSERT_TRUE(parsed);
  EXPECT_EQ(parsed->program.body->statements.size(), 1u);
}

TEST_F(ParsePrefetchTest, ModulesTheMainManifestNamesAreParsedAndHandedOverAlike) {
  write("site.pp", "include ::Broken\nclass { 'app::db::server': }\nnotify { 'x': }\n");
  ParsePrefetch prefetch(modules(), dir_ / "site.pp");
  prefetch.wait_until_idle();
  std::optional<ParsePrefetch::Parsed> server =
      prefetch.take(modules() / "app/manifests/db/server.pp");
  ASSERT_TRUE(server);
  EXPECT_EQ(server->program.body->statements.size(), 1u);
  EXPECT_THROW(prefetch.take(modules() / "broken/manifests/init.pp"), lang::SourceError);
}

TEST_F(ParsePrefetchTest, WithoutAMainManifestAModuleIsParsedOnceReached) {
  ParsePrefetch prefetch(modules(), dir_ / "manifests");
  prefetch.wait_until_idle();
  EXPECT_TRUE(prefetch.listed_modules().empty());
  // The first file asked for is the caller's to parse; the rest of its module is parsed ahead.
  EXPECT_FALSE(prefetch.take(modules() / "app/manifests/init.pp"));
  prefetch.wait_until_idle();
  EXPECT_TRUE(prefetch.take(modules() / "app/manifests/db/server.pp"));
  EXPECT_EQ(prefetch.listed_modules(), std::vector<std::string>{"app"});
}

TEST_F(ParsePrefetchTest, OnlyTheModulesNamedOrReachedAreListed) {
  for (int i = 0; i < 50; ++i)
    write("modules/unused" + std::to_string(i) + "/manifests/init.pp", "class x { }\n");
  // Words that name no module (node, default, include) are looked for and left.
  write("site.pp", "node default { include app }\n");
  ParsePrefetch prefetch(modules(), dir_ / "site.pp");
  prefetch.wait_until_idle();
  EXPECT_EQ(prefetch.listed_modules(), std::vector<std::string>{"app"});
  EXPECT_TRUE(prefetch.take(modules() / "app/functions/double.pp"));
  // A module the compiler reaches later (asked whether its file exists) is listed then.
  EXPECT_TRUE(prefetch.listed((modules() / "unused7/manifests/init.pp").string()));
  prefetch.wait_until_idle();
  EXPECT_EQ(prefetch.listed_modules(), (std::vector<std::string>{"app", "unused7"}));
  EXPECT_TRUE(prefetch.take(modules() / "unused7/manifests/init.pp"));
}

TEST_F(ParsePrefetchTest, AfterStopNothingMoreIsParsed) {
  ParsePrefetch prefetch(modules());
  prefetch.stop();
  // Whatever was not parsed before the stop comes back empty, for the caller to parse.
  for (const char* file :
       {"app/manifests/init.pp", "app/manifests/db/server.pp", "broken/manifests/init.pp"}) {
    try {
      std::optional<ParsePrefetch::Parsed> parsed = prefetch.take(modules() / file);
      if (parsed) {
        EXPECT_NE(parsed->program.body, nullptr);
      }
    } catch (const lang::SourceError& error) {
      EXPECT_EQ(std::string(file), "broken/manifests/init.pp");
    }
  }
}

TEST_F(ParsePrefetchTest, AnUnusedBrokenModuleDoesNotFailTheCompile) {
  write("site.pp",
        "include app\ninclude app::db::server\nnotify { 'n': message => app::double(21) }\n"
        "$p = 8140\nif $p =~ App::Port { notify { 'port': } }\n");
  CompileRequest request;
  request.env_dir = dir_;
  request.node_name = "web01.example.com";
  request.facts = facts::Facts::object();
  catalog::Catalog catalog = compile(request);
  std::vector<std::string> refs;
  for (const catalog::Resource& resource : catalog.resources)
    refs.push_back(resource.type + "[" + resource.title + "]");
  EXPECT_NE(std::find(refs.begin(), refs.end(), "Notify[app]"), refs.end());
  EXPECT_NE(std::find(refs.begin(), refs.end(), "Class[App::Db::Server]"), refs.end());
  EXPECT_NE(std::find(refs.begin(), refs.end(), "Notify[port]"), refs.end());
  EXPECT_EQ(catalog.resources.size(), refs.size());
}

TEST_F(ParsePrefetchTest, ABrokenModuleFailsTheCompileWhenIncluded) {
  write("site.pp", "include app\ninclude broken\n");
  CompileRequest request;
  request.env_dir = dir_;
  request.node_name = "web01.example.com";
  request.facts = facts::Facts::object();
  try {
    compile(request);
    FAIL() << "the broken class was included";
  } catch (const lang::SourceError& error) {
    EXPECT_EQ(error.where().path(), (modules() / "broken/manifests/init.pp").string());
    EXPECT_EQ(error.where().line, 2u);
  }
}

TEST_F(ParsePrefetchTest, AModuleInAnEarlierEntryHidesTheLaterCopiesWhole) {
  write("site/app/manifests/init.pp", "class app { }\n");
  write("site/empty/README", "a module without code still hides the later one\n");
  write("modules/empty/manifests/init.pp", "class empty { }\n");
  ParsePrefetch prefetch(std::vector<fs::path>{dir_ / "site", modules()});
  prefetch.wait_until_idle();
  EXPECT_TRUE(prefetch.listed((dir_ / "site/app/manifests/init.pp").string()));
  EXPECT_FALSE(prefetch.listed((modules() / "app/manifests/init.pp").string()));
  EXPECT_FALSE(prefetch.listed((modules() / "app/manifests/db/server.pp").string()));
  EXPECT_FALSE(prefetch.listed((modules() / "empty/manifests/init.pp").string()));
  EXPECT_TRUE(prefetch.listed((modules() / "broken/manifests/init.pp").string()));
}

}  // namespace
}  // namespace marionette::compiler
