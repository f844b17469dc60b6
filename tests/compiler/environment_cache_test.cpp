// EnvironmentCache: a server's environments kept between compiles under Puppet's
// environment_timeout (0 = none, unlimited, a duration since the last use), shared by threads.
#include "compiler/environment_cache.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <random>
#include <thread>

#include "catalog/catalog.hpp"
#include "compiler/compiler.hpp"
#include "compiler/environment.hpp"
#include "compiler/ruby_functions.hpp"
#include "lang/diagnostic.hpp"

namespace marionette::compiler {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

class EnvironmentCacheTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("marionette-envcache-" + std::to_string(std::random_device{}()));
    write("site.pp", "include app\n");
    write("modules/app/manifests/init.pp", "class app { notify { 'version one': } }\n");
  }
  void TearDown() override { fs::remove_all(dir_); }

  void write(const std::string& relative, const std::string& text) {
    fs::create_directories((dir_ / relative).parent_path());
    std::ofstream(dir_ / relative) << text;
  }

  /// A cache whose clock the test moves.
  std::shared_ptr<EnvironmentCache> cache(std::chrono::seconds timeout) {
    return std::make_shared<EnvironmentCache>(timeout, [this] { return now_; });
  }

  /// The catalog's JSON for node1 with `cache`.
  std::string compile_with(const std::shared_ptr<EnvironmentCache>& cache) {
    CompileRequest request;
    request.env_dir = dir_;
    request.node_name = "node1.example.com";
    request.environment_cache = cache;
    return catalog::to_json(compile(request));
  }

  static bool has(const std::string& json, const std::string& text) {
    return json.find(text) != std::string::npos;
  }

  fs::path dir_;
  EnvironmentCache::Clock::time_point now_ = EnvironmentCache::Clock::now();
};

TEST_F(EnvironmentCacheTest, TimeoutZeroCachesNothingAndSeesAChangeAtOnce) {
  auto none = cache(0s);
  EXPECT_EQ(none->acquire("x"), nullptr);
  EXPECT_TRUE(has(compile_with(none), "version one"));
  write("modules/app/manifests/init.pp", "class app { notify { 'version two': } }\n");
  EXPECT_TRUE(has(compile_with(none), "version two"));
}

TEST_F(EnvironmentCacheTest, AChangeIsSeenOnlyOnceUnusedForTheTimeout) {
  auto cached = cache(3s);
  EXPECT_TRUE(has(compile_with(cached), "version one"));
  write("modules/app/manifests/init.pp", "class app { notify { 'version two': } }\n");
  write("site.pp", "include app\nnotify { 'main two': }\n");
  now_ += 2s;
  EXPECT_TRUE(has(compile_with(cached), "version one"));  // within the timeout: the old code
  now_ += 2s;  // 4s since the first compile, but 2s since the last use (Puppet's MRU policy)
  std::string still = compile_with(cached);
  EXPECT_TRUE(has(still, "version one"));
  EXPECT_FALSE(has(still, "main two"));
  now_ += 3s + 1ms;  // unused for longer than the timeout: loaded again
  std::string fresh = compile_with(cached);
  EXPECT_TRUE(has(fresh, "version two"));
  EXPECT_TRUE(has(fresh, "main two"));
}

TEST_F(EnvironmentCacheTest, UnlimitedKeepsTheCodeForGood) {
  auto forever = cache(EnvironmentCache::kUnlimited);
  EXPECT_TRUE(has(compile_with(forever), "version one"));
  write("modules/app/manifests/init.pp", "class app { notify { 'version two': } }\n");
  now_ += 24h * 365 * 10;
  EXPECT_TRUE(has(compile_with(forever), "version one"));
}

TEST_F(EnvironmentCacheTest, AnExpiredEnvironmentReusesOnlyTheFilesThatDidNotChange) {
  auto cached = cache(1s);
  std::string site = fs::absolute(dir_ / "site.pp").lexically_normal().string();
  std::string app =
      fs::absolute(dir_ / "modules/app/manifests/init.pp").lexically_normal().string();
  std::shared_ptr<CachedCode> first = cached->acquire("env");
  auto site_before = first->manifest(site);
  auto app_before = first->manifest(app);
  EXPECT_EQ(first->manifest(site), site_before);  // asked again: the same parse
  write("modules/app/manifests/init.pp", "class app { notify { 'a longer version two': } }\n");
  now_ += 2s;
  std::shared_ptr<CachedCode> second = cached->acquire("env");
  ASSERT_NE(second, first);
  EXPECT_EQ(second->manifest(site), site_before);
  EXPECT_NE(second->manifest(app), app_before);
  // The compiles that still hold the first keep its parses alive and unchanged.
  EXPECT_EQ(first->manifest(app), app_before);
}

TEST_F(EnvironmentCacheTest, AClassFileParsedOnceIsNotLookedForAgain) {
  write("site.pp", "include app\ninclude app::extra\n");
  write("modules/app/manifests/extra.pp", "class app::extra { notify { 'extra one': } }\n");
  auto forever = cache(EnvironmentCache::kUnlimited);
  EXPECT_TRUE(has(compile_with(forever), "extra one"));
  // Gone from the disk, but its parse is the cached environment's: later compiles load it
  // from there without looking for the file, as a changed file keeps its first parse.
  fs::remove(dir_ / "modules/app/manifests/extra.pp");
  EXPECT_TRUE(has(compile_with(forever), "extra one"));
  // Without the cache the class is gone.
  EXPECT_THROW(compile_with(nullptr), lang::SourceError);
}

TEST_F(EnvironmentCacheTest, ASyntaxErrorIsNotKept) {
  auto cached = cache(EnvironmentCache::kUnlimited);
  write("modules/app/manifests/init.pp", "class app { notify { 'x': message => } }\n");
  EXPECT_THROW(compile_with(cached), lang::SourceError);
  write("modules/app/manifests/init.pp", "class app { notify { 'repaired': } }\n");
  EXPECT_TRUE(has(compile_with(cached), "repaired"));
}

TEST_F(EnvironmentCacheTest, ModulesResourceTypesAreReadOnceForTheCachedEnvironment) {
  write("modules/app/lib/puppet/type/widget.rb",
        "Puppet::Type.newtype(:widget) do\n  newparam(:name)\n  newparam(:size)\nend\n");
  write("modules/app/manifests/init.pp", "class app { widget { 'w': size => 3 } }\n");
  auto cached = cache(EnvironmentCache::kUnlimited);
  EXPECT_TRUE(has(compile_with(cached), "\"size\":3"));
  // Read once: a later change to the type is not seen while the environment is cached, as
  // Puppet keeps the types it loaded.
  write("modules/app/lib/puppet/type/widget.rb",
        "Puppet::Type.newtype(:widget) do\n  newparam(:name)\nend\n");
  EXPECT_TRUE(has(compile_with(cached), "\"size\":3"));
  // Without the cache the change is seen: `size` is no attribute any more.
  EXPECT_THROW(compile_with(nullptr), lang::SourceError);
}

TEST_F(EnvironmentCacheTest, ModulesRubyFunctionsAreLookedForOnceForTheCachedEnvironment) {
  write("modules/app/lib/puppet/functions/app/double.rb",
        "Puppet::Functions.create_function(:'app::double') do\nend\n");
  write("modules/app/lib/puppet/parser/functions/triple.rb",
        "module Puppet::Parser::Functions\n  newfunction(:triple) { |args| }\nend\n");
  auto shared = std::make_shared<CachedCode>();
  auto has_functions = [&](std::shared_ptr<CachedCode> code) {
    Environment environment(dir_, std::nullopt, std::nullopt, nullptr, std::move(code));
    RubyFunctions functions(environment);
    return std::make_pair(functions.has("app::double"), functions.has("triple"));
  };
  EXPECT_EQ(has_functions(shared), std::make_pair(true, true));
  EXPECT_EQ(has_functions(shared), std::make_pair(true, true));
  fs::remove_all(dir_ / "modules/app/lib");
  write("modules/app/lib/puppet/functions/app/added.rb",
        "Puppet::Functions.create_function(:'app::added') do\nend\n");
  // Every compile of the cached environment takes the first answers (no file looked for
  // again), as Puppet's loaders index a module's files once per environment...
  EXPECT_EQ(has_functions(shared), std::make_pair(true, true));
  {
    Environment environment(dir_, std::nullopt, std::nullopt, nullptr, shared);
    RubyFunctions functions(environment);
    EXPECT_FALSE(functions.has("app::missing"));
    EXPECT_TRUE(functions.has("app::added"));  // not asked before: looked for now
  }
  // ...and an environment loaded again, or none cached, looks again.
  EXPECT_EQ(has_functions(std::make_shared<CachedCode>(shared.get())),
            std::make_pair(false, false));
  EXPECT_EQ(has_functions(nullptr), std::make_pair(false, false));
}

TEST_F(EnvironmentCacheTest, ConcurrentCompilesShareOneParse) {
  write("modules/app/manifests/init.pp",
        "class app { app::item { ['a', 'b', 'c']: } }\n"
        "define app::item { notify { \"item ${title} on ${trusted['certname']}\": } }\n");
  auto cached = cache(EnvironmentCache::kUnlimited);
  const std::string expected = compile_with(cached);
  ASSERT_TRUE(has(expected, "item c on node1.example.com"));
  std::atomic<int> same{0}, different{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&] {
      for (int i = 0; i < 25; ++i) {
        std::string json = compile_with(cached);
        // Only the catalog's version and uuid differ from one compile to the next.
        bool alike = has(json, "item a on node1.example.com") && json.size() == expected.size();
        ++(alike ? same : different);
      }
    });
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(same.load(), 100);
  EXPECT_EQ(different.load(), 0);
  EXPECT_EQ(cached
                ->acquire([&] {
                  std::string key = dir_.native();
                  return key.append(1, '\0');
                }())
                ->size(),
            2u);  // site.pp and init.pp, parsed once for the 101 compiles
}

}  // namespace
}  // namespace marionette::compiler
