// Golden cases over Debian's puppet-module-* packages (tests/golden/realmodules/, a fast subset
// of scripts/real-modules-cases.yaml). The modules are those Debian installs into
// /usr/share/puppet/modules, on both Puppet's and marionette's default basemodulepath; each
// case's expected.json was written by real Puppet 7.23 with the same modules
// (tests/golden/puppet-expected). A case whose modules are not installed at the version Puppet
// compiled is skipped, naming the packages (scripts/install-deps.sh installs them).
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "compiler/ruby_module.hpp"
#include "golden_case.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;

const fs::path kCasesDir = fs::path(MARIONETTE_GOLDEN_DIR) / "realmodules";
const fs::path kDebianModules = "/usr/share/puppet/modules";

struct RequiredModule {
  std::string name, version, package;
};

// The case's required-modules: "NAME VERSION PACKAGE" a line (VERSION "-": a module without
// metadata.json, any version), '#' starts a comment.
std::vector<RequiredModule> required_modules(const fs::path& dir) {
  std::vector<RequiredModule> modules;
  std::istringstream lines(testing::read_text(dir / "required-modules"));
  for (std::string line; std::getline(lines, line);) {
    RequiredModule module;
    if (line.empty() || line[0] == '#') continue;
    std::istringstream(line) >> module.name >> module.version >> module.package;
    modules.push_back(module);
  }
  return modules;
}

// The modules that `where` lacks or holds at another version than the one Puppet compiled.
std::vector<std::string> missing_modules(const std::vector<RequiredModule>& modules,
                                         const fs::path& where) {
  std::vector<std::string> missing;
  for (const RequiredModule& module : modules) {
    const fs::path metadata = where / module.name / "metadata.json";
    if (module.version == "-" && fs::is_directory(where / module.name)) continue;
    std::string installed;
    if (fs::exists(metadata)) {
      nlohmann::json parsed = nlohmann::json::parse(testing::read_text(metadata), nullptr, false);
      if (parsed.is_object()) installed = parsed.value("version", "");
    }
    if (installed == module.version) continue;
    missing.push_back(module.name + " " + module.version + " (" + module.package +
                      "): " + (installed.empty() ? "not installed" : installed + " installed"));
  }
  return missing;
}

class RealModuleGoldenTest : public ::testing::TestWithParam<std::string> {};

void expect_compiles_as_reference_does(const std::string& name, PuppetCompat compat) {
  static const facts::Facts facts = facts::load_yaml_file(kCasesDir / "facts.yaml");
  const fs::path dir = kCasesDir / name;
  const std::vector<RequiredModule> modules = required_modules(dir);
  ASSERT_FALSE(modules.empty()) << dir / "required-modules"
                                << " names no module";
  std::vector<std::string> missing = missing_modules(modules, kDebianModules);
  if (!missing.empty())
    GTEST_SKIP() << "needs Debian's modules in " << kDebianModules
                 << " (scripts/install-deps.sh installs them):\n"
                 << testing::join_lines(missing);
  const auto start = std::chrono::steady_clock::now();
  std::vector<std::string> diffs =
      testing::golden_differences(dir, facts, kDebianModules.string(), compat);
  // A case still pending under 8 must still differ: the list only shrinks.
  if (const std::string why = testing::pending_under_openvox8(dir);
      compat == PuppetCompat::puppet8 && !why.empty()) {
    EXPECT_FALSE(diffs.empty()) << "listed in openvox8-pending, but it gives OpenVox 8's result "
                                   "now: remove it from the list";
    if (!diffs.empty()) GTEST_SKIP() << "openvox8-pending: " << why;
  }
  const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
  EXPECT_TRUE(diffs.empty()) << testing::join_lines(diffs);
  // Each compiles in tens of milliseconds; the bound keeps the subset fast enough for CI.
  EXPECT_LT(took.count(), 10.0) << "the case took " << took.count() << " s to compile";
}

TEST_P(RealModuleGoldenTest, CompilesAsPuppet7Does) {
  expect_compiles_as_reference_does(GetParam(), PuppetCompat::puppet7);
}

TEST_P(RealModuleGoldenTest, CompilesAsOpenVox8Does) {
  if (!testing::checked_under_openvox8(kCasesDir / GetParam()))
    GTEST_SKIP() << "OpenVox 8 has not been run on it yet: tests/golden/puppet-expected --openvox8 "
                 << kCasesDir / GetParam();
  expect_compiles_as_reference_does(GetParam(), PuppetCompat::puppet8);
}

INSTANTIATE_TEST_SUITE_P(Cases, RealModuleGoldenTest,
                         ::testing::ValuesIn(testing::golden_case_names(kCasesDir)),
                         [](const auto& info) {
                           std::string name = info.param;
                           for (char& c : name)
                             if (c == '-') c = '_';
                           return name;
                         });

// Issue 39: the module functions these cases call (mysql::password,
// postgresql::postgresql_acls_to_resources_hash, postgresql::postgresql_password; openstacklib's
// five, with `*args`, IPAddr and `rescue`, ERB::Util.url_encode, URI::Generic.build) and the
// templates they render run natively: each compiles to Puppet's catalog, or fails with Puppet's
// error, with the embedded Ruby absent (it started the Ruby worker before).
// Issue 37: postgresql-functions too (postgresql_escape's until loop over an interpolated
// regexp, the deprecated postgresql_password shim calling on, heredoc docs), and translate
// (gettext's `_()`, `Hash[pairs]`, String#% of a Hash).
TEST(RealModuleGolden, ModuleRubyFunctionCasesNeedNoEmbeddedRuby) {
  setenv("MARIONETTE_RUBY_MODULE", "/nonexistent/marionette-ruby.so", 1);
  std::string why_not;
  if (compiler::ruby_module(why_not))
    GTEST_SKIP() << "the embedded Ruby was loaded earlier in this process: run this test alone";
  static const facts::Facts facts = facts::load_yaml_file(kCasesDir / "facts.yaml");
  for (const char* name :
       {"mysql-db", "postgresql-db", "postgresql-functions", "postgresql-hba-acls",
        "postgresql-role-password", "openstacklib-functions", "openstacklib-functions-class-error",
        "openstacklib-functions-count-error"}) {
    const fs::path dir = kCasesDir / name;
    std::vector<std::string> missing = missing_modules(required_modules(dir), kDebianModules);
    if (!missing.empty()) GTEST_SKIP() << name << ": " << testing::join_lines(missing);
    std::vector<std::string> diffs =
        testing::golden_differences(dir, facts, kDebianModules.string(), PuppetCompat::puppet7);
    EXPECT_TRUE(diffs.empty()) << name << ":\n" << testing::join_lines(diffs);
  }
}

TEST(RealModuleGolden, NamesModulesThatAreMissingOrAtAnotherVersion) {
  const fs::path where = fs::path(::testing::TempDir()) / "real-module-golden-modules";
  fs::remove_all(where);
  fs::create_directories(where / "ntp");
  std::ofstream(where / "ntp" / "metadata.json")
      << R"({"name": "puppetlabs-ntp", "version": "7.2.0"})";
  fs::create_directories(where / "logrotate");
  fs::create_directories(where / "apt");
  std::ofstream(where / "apt" / "metadata.json")
      << R"({"name": "puppetlabs-apt", "version": "9.1.0"})";
  std::vector<RequiredModule> modules = {{"ntp", "7.2.0", "puppet-module-puppetlabs-ntp"},
                                         {"apt", "9.0.1", "puppet-module-puppetlabs-apt"},
                                         {"concat", "7.3.1", "puppet-module-puppetlabs-concat"},
                                         {"logrotate", "-", "puppet-module-rodjek-logrotate"},
                                         {"xinetd", "-", "puppet-module-puppetlabs-xinetd"}};
  EXPECT_EQ(
      missing_modules(modules, where),
      (std::vector<std::string>{"apt 9.0.1 (puppet-module-puppetlabs-apt): 9.1.0 installed",
                                "concat 7.3.1 (puppet-module-puppetlabs-concat): not installed",
                                "xinetd - (puppet-module-puppetlabs-xinetd): not installed"}));
  fs::remove_all(where);
}

// CI installs what the cases need: every package a case names is in scripts/install-deps.sh.
TEST(RealModuleGolden, EveryCaseNamesItsModulesAndCiInstallsThem) {
  std::istringstream script(
      testing::read_text(kCasesDir / ".." / ".." / ".." / "scripts" / "install-deps.sh"));
  std::set<std::string> words{std::istream_iterator<std::string>(script),
                              std::istream_iterator<std::string>()};
  ASSERT_TRUE(words.count("puppet-module-puppetlabs-stdlib"));
  std::vector<std::string> cases = testing::golden_case_names(kCasesDir);
  EXPECT_GE(cases.size(), 20u);
  for (const std::string& name : cases) {
    const std::vector<RequiredModule> modules = required_modules(kCasesDir / name);
    EXPECT_FALSE(modules.empty()) << name;
    for (const RequiredModule& module : modules)
      EXPECT_TRUE(words.count(module.package))
          << name << ": " << module.package << " is not in scripts/install-deps.sh";
    EXPECT_TRUE(fs::exists(kCasesDir / name / "expected.json") ||
                fs::exists(kCasesDir / name / "expected.error"))
        << name << " has no expectation by Puppet";
  }
}

}  // namespace
}  // namespace marionette
