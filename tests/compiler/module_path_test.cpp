// The module path as Puppet 7 resolves it (checked with `puppet config print modulepath`).
#include "compiler/module_path.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>

namespace marionette::compiler {
namespace {

namespace fs = std::filesystem;

class ModulePathTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char pattern[] = "/tmp/marionette-modpath-XXXXXX";
    dir_ = mkdtemp(pattern);
    fs::create_directories(dir_ / "envs/prod");
    fs::create_directories(dir_ / "envs/x");
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_;
};

std::vector<fs::path> paths(std::initializer_list<const char*> list) {
  return {list.begin(), list.end()};
}

TEST_F(ModulePathTest, AnEnvironmentWithoutConfHasItsModulesThenTheBase) {
  EnvironmentSettings settings;
  settings.environmentpath = (dir_ / "missing").string() + ":" + (dir_ / "envs").string();
  settings.environment = "x";
  settings.basemodulepath = "/b1:/b2/";
  ResolvedEnvironment resolved = resolve_environment(settings);
  EXPECT_EQ(resolved.env_dir, dir_ / "envs/x");
  EXPECT_FALSE(resolved.manifest);
  EXPECT_EQ(resolved.modulepath,
            (std::vector<fs::path>{dir_ / "envs/x/modules", "/b1", "/b2"}));
}

TEST_F(ModulePathTest, EnvironmentConfSetsModulepathAndManifestRelativeToTheEnvironment) {
  std::ofstream(dir_ / "envs/prod/environment.conf")
      << "# comment\nmodulepath = site:modules:/abs/$basemodulepath:../rel\n"
         "manifest = site/main.pp\n";
  EnvironmentSettings settings;
  settings.environmentpath = (dir_ / "envs").string();
  settings.environment = "prod";
  settings.basemodulepath = "/base";
  ResolvedEnvironment resolved = resolve_environment(settings);
  EXPECT_EQ(resolved.manifest, dir_ / "envs/prod/site/main.pp");
  EXPECT_EQ(resolved.modulepath,
            (std::vector<fs::path>{dir_ / "envs/prod/site", dir_ / "envs/prod/modules",
                                   "/abs/base", dir_ / "envs/rel"}));
}

TEST_F(ModulePathTest, AGivenModulepathReplacesEverythingAndIsRelativeToTheCurrentDirectory) {
  std::ofstream(dir_ / "envs/prod/environment.conf") << "modulepath = site\n";
  EnvironmentSettings settings;
  settings.env_dir = dir_ / "envs/prod";
  settings.modulepath = "rel:/abs:";
  ResolvedEnvironment resolved = resolve_environment(settings);
  EXPECT_EQ(resolved.modulepath,
            (std::vector<fs::path>{fs::current_path() / "rel", "/abs"}));
}

TEST_F(ModulePathTest, AMissingEnvironmentFailsAsInPuppetExceptProduction) {
  EnvironmentSettings settings;
  settings.environmentpath = (dir_ / "envs").string();
  settings.environment = "nope";
  try {
    resolve_environment(settings);
    FAIL() << "no error";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()),
              "Could not find a directory environment named 'nope' anywhere in the path: " +
                  (dir_ / "envs").string() + ". Does the directory exist?");
  }
  settings.environment = "production";
  settings.basemodulepath = "/base";
  ResolvedEnvironment resolved = resolve_environment(settings);
  EXPECT_FALSE(resolved.env_dir);
  EXPECT_EQ(resolved.modulepath, paths({"/base"}));
}

TEST(ModuleName, IsLowercaseLettersDigitsAndUnderscoresFromALetter) {
  EXPECT_TRUE(is_module_name("stdlib"));
  EXPECT_TRUE(is_module_name("a_1"));
  EXPECT_FALSE(is_module_name("puppetlabs-stdlib"));
  EXPECT_FALSE(is_module_name("Stdlib"));
  EXPECT_FALSE(is_module_name("1a"));
  EXPECT_FALSE(is_module_name(""));
}

}  // namespace
}  // namespace marionette::compiler
