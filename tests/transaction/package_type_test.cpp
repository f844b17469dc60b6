#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "ral/host.hpp"
#include "ral/package_inventory.hpp"
#include "test_catalog.hpp"

namespace marionette::transaction {
namespace {

using testing::CatalogBuilder;
using testing::TempDir;

TEST(PackageInventory, ParsesDpkgQuery) {
  auto packages = ral::parse_dpkg_query(
      "install ok installed\tbash\t5.2.15-2+b2\n"
      "deinstall ok config-files\told-tool\t1.0\n"
      "unknown ok not-installed\tghost\t\n"
      "install ok installed\tlibc6:amd64\t2.36-9\n");
  ASSERT_EQ(packages.size(), 3u);
  EXPECT_EQ(packages["bash"].version, "5.2.15-2+b2");
  EXPECT_EQ(packages["old-tool"].status, "config-files");
  EXPECT_EQ(packages["libc6"].status, "installed");
  EXPECT_EQ(packages.count("ghost"), 0u);
}

/// Answers dpkg-query from a fixed list and records every other command.
class FakeDpkg final : public ral::CommandRunner {
 public:
  ral::CommandResult run(const ral::CommandRequest& request) override {
    if (request.argv.front() == "dpkg-query") {
      ++queries;
      return {0, "install ok installed\tcurl\t7.88\n", false, ""};
    }
    commands.push_back(request.argv);
    return {0, "", false, ""};
  }
  int queries = 0;
  std::vector<std::vector<std::string>> commands;
};

TEST(PackageType, OneDpkgQueryForAllPackagesOfARun) {
  FakeDpkg dpkg;
  ral::Host host{nullptr, nullptr, &dpkg};
  CatalogBuilder b;
  b.add("Package", "curl", {{"ensure", "installed"}});
  b.add("Package", "vim", {{"ensure", "absent"}});
  b.add("Package", "tree", {{"ensure", "present"}});
  b.add("Package", "nano", {{"ensure", "purged"}});
  ApplyOptions options;
  options.host = &host;
  Report report = apply(b.build(), options);
  EXPECT_EQ(dpkg.queries, 2);  // one at the start, one after the install changed things
  ASSERT_EQ(dpkg.commands.size(), 1u);
  EXPECT_EQ(dpkg.commands[0].back(), "tree");
  EXPECT_EQ(dpkg.commands[0][3], "-o");
  EXPECT_EQ(report.changes, 1u);
}

TEST(PackageType, NoopSaysWhatWouldChangeAsPuppetDoes) {
  FakeDpkg dpkg;
  ral::Host host{nullptr, nullptr, &dpkg};
  CatalogBuilder b;
  b.add("Package", "tree", {{"ensure", "installed"}});
  ApplyOptions options;
  options.host = &host;
  options.noop = true;
  std::vector<std::string> log;
  options.log = [&](const std::string& level, const std::string& message) {
    log.push_back(level + ": " + message);
  };
  apply(b.build(), options);
  EXPECT_TRUE(dpkg.commands.empty());
  ASSERT_FALSE(log.empty());
  EXPECT_EQ(log.front(),
            "notice: /Stage[main]/Main/Package[tree]/ensure: current_value 'purged', should be "
            "'present' (noop)");
}

bool installed(const std::string& name) {
  std::string command =
      "dpkg-query -W --showformat '${Status}' " + name + " 2>/dev/null | grep -q 'ok installed'";
  return std::system(command.c_str()) == 0;
}

TEST(PackageType, InstallsAndRemovesADummyDebAsRoot) {
  if (::geteuid() != 0) GTEST_SKIP() << "installs a package: runs only as root";
  if (std::system("command -v dpkg-deb >/dev/null 2>&1") != 0) GTEST_SKIP() << "no dpkg-deb";
  const std::string name = "marionette-test-dummy";
  TempDir dir;
  std::filesystem::create_directories(dir.path() / "pkg/DEBIAN");
  std::ofstream(dir / "pkg/DEBIAN/control")
      << "Package: " << name << "\nVersion: 1.0\nArchitecture: all\n"
      << "Maintainer: marionette tests <tests@example.com>\nDescription: test package\n";
  const std::string deb = dir / "dummy.deb";
  ASSERT_EQ(std::system(("dpkg-deb --build " + (dir / "pkg") + " " + deb + " >/dev/null").c_str()),
            0);

  auto package = [&](catalog::Data parameters) {
    CatalogBuilder b;
    b.add("Package", name, std::move(parameters));
    return testing::run_apply(b.build());
  };
  auto first = package({{"ensure", "installed"}, {"provider", "dpkg"}, {"source", deb}});
  EXPECT_TRUE(installed(name)) << first.all_log();
  EXPECT_TRUE(first.logged("notice: /Stage[main]/Main/Package[" + name + "]/ensure: created"))
      << first.all_log();
  auto again = package({{"ensure", "1.0"}, {"provider", "dpkg"}, {"source", deb}});
  EXPECT_EQ(again.report.changes, 0u) << again.all_log();
  auto removed = package({{"ensure", "purged"}, {"provider", "dpkg"}});
  EXPECT_FALSE(installed(name));
  EXPECT_TRUE(removed.logged("notice: /Stage[main]/Main/Package[" + name + "]/ensure: removed"))
      << removed.all_log();
  std::system(("dpkg --purge " + name + " >/dev/null 2>&1").c_str());
}

}  // namespace
}  // namespace marionette::transaction
