// `marionette resource` and `marionette apply --tags` as a user runs them: the real binary in a
// temp dir.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "support/command.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;
using testing::CommandResult;
using testing::run_command;

CommandResult marionette(std::vector<std::string> args) {
  args.insert(args.begin(), MARIONETTE_BINARY);
  return run_command(args, std::chrono::seconds(60));
}

std::string read_text(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

/// The titles of `type { 'title':` blocks, in output order.
std::vector<std::string> titles(const std::string& output, const std::string& type) {
  std::vector<std::string> found;
  const std::string opening = type + " { '";
  std::istringstream lines(output);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind(opening, 0) != 0) continue;
    std::size_t end = line.rfind("':");
    if (end != std::string::npos)
      found.push_back(line.substr(opening.size(), end - opening.size()));
  }
  return found;
}

class ResourceCli : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("marionette-resource-" + std::to_string(getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  fs::path write(const fs::path& relative, const std::string& text) {
    fs::create_directories((dir_ / relative).parent_path());
    std::ofstream(dir_ / relative) << text;
    return dir_ / relative;
  }

  fs::path dir_;
};

TEST_F(ResourceCli, ShowsAFileAsPuppetResourceDoes) {
  fs::path file = write("motd", "hello\n");
  fs::permissions(file, fs::perms(0640));
  CommandResult result = marionette({"resource", "file", file.string()});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out.rfind("file { '" + file.string() + "':\n  ensure   => 'file',\n", 0), 0u)
      << result.out;
  EXPECT_NE(
      result.out.find("  content  => "
                      "'{sha256}5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03"
                      "',\n"),
      std::string::npos)
      << result.out;
  EXPECT_NE(result.out.find("  mode     => '0640',\n"), std::string::npos) << result.out;
}

TEST_F(ResourceCli, SyncsAFileFromAttributesOnTheCommandLine) {
  const fs::path file = dir_ / "made";
  CommandResult result =
      marionette({"resource", "file", file.string(), "ensure=file", "content=hi"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(read_text(file), "hi");
  EXPECT_NE((result.out + result.err).find("/File[" + file.string() + "]/ensure: defined content"),
            std::string::npos)
      << result.out << result.err;
  EXPECT_NE(result.out.find("  ensure   => 'file',"), std::string::npos) << result.out;
}

TEST_F(ResourceCli, ListsEveryGroupSortedByName) {
  CommandResult result = marionette({"resource", "group"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  std::vector<std::string> found = titles(result.out, "group");
  EXPECT_NE(std::find(found.begin(), found.end(), "root"), found.end()) << result.out;
  EXPECT_TRUE(std::is_sorted(found.begin(), found.end()));
  EXPECT_NE(result.out.find("group { 'root':\n  ensure   => 'present',\n  gid      => 0,\n"),
            std::string::npos)
      << result.out;
}

TEST_F(ResourceCli, ListsEveryUser) {
  CommandResult result = marionette({"resource", "user"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  std::vector<std::string> found = titles(result.out, "user");
  EXPECT_NE(std::find(found.begin(), found.end(), "root"), found.end()) << result.out;
  EXPECT_TRUE(std::is_sorted(found.begin(), found.end()));
  EXPECT_NE(result.out.find("  uid      => 0,"), std::string::npos) << result.out;
}

TEST_F(ResourceCli, ListsInstalledPackages) {
  if (testing::find_executable("dpkg-query").empty()) GTEST_SKIP() << "no dpkg-query here";
  CommandResult result = marionette({"resource", "package"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  std::vector<std::string> found = titles(result.out, "package");
  EXPECT_NE(std::find(found.begin(), found.end(), "dpkg"), found.end());
  EXPECT_NE(result.out.find("  provider => 'apt',"), std::string::npos) << result.out;
}

TEST_F(ResourceCli, ATypeThatCannotListSaysSo) {
  CommandResult result = marionette({"resource", "file"});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_NE(result.err.find("the 'file' type cannot list its instances"), std::string::npos)
      << result.err;
  CommandResult unknown = marionette({"resource", "frobnicator"});
  EXPECT_EQ(unknown.exit_code, 1);
  EXPECT_NE(unknown.err.find("does not manage the resource type 'frobnicator'"), std::string::npos)
      << unknown.err;
}

TEST_F(ResourceCli, ApplyWithTagsAppliesOnlyTaggedResources) {
  const fs::path a = dir_ / "a";
  const fs::path b = dir_ / "b";
  const fs::path c = dir_ / "c";
  fs::path manifest = write("site.pp", "class web { file { '" + a.string() +
                                           "': content => 'a' } }\n"
                                           "class db { file { '" +
                                           b.string() +
                                           "': content => 'b' } }\n"
                                           "file { '" +
                                           c.string() +
                                           "': content => 'c', tag => 'extra' }\n"
                                           "include web, db\n");
  CommandResult result =
      marionette({"apply", manifest.string(), "--facts", MARIONETTE_FACTS_FILE, "--statedir",
                  (dir_ / "state").string(), "--tags", "web,EXTRA", "--detailed-exitcodes"});
  EXPECT_EQ(result.exit_code, 2) << result.out << result.err;
  EXPECT_TRUE(fs::exists(a));
  EXPECT_FALSE(fs::exists(b)) << "an untagged resource was applied";
  EXPECT_TRUE(fs::exists(c));
  const std::string summary = read_text(dir_ / "state/last_run_summary.yaml");
  EXPECT_NE(summary.find("skipped: 1"), std::string::npos) << summary;
}

TEST_F(ResourceCli, ApplyServesModuleFilesAndBacksUpToTheClientbucket) {
  const fs::path env = dir_ / "env";
  write("env/modules/mymod/files/hello.txt", "modfile\n");
  const fs::path served = dir_ / "served";
  const fs::path changed = write("changed", "old\n");
  write("env/manifests/site.pp", "file { '" + served.string() +
                                     "': source => 'puppet:///modules/mymod/hello.txt' }\n"
                                     "file { '" +
                                     changed.string() +
                                     "': content => \"new\\n\", backup => 'puppet' }\n");
  CommandResult result =
      marionette({"apply", "--env-dir", env.string(), "--facts", MARIONETTE_FACTS_FILE,
                  "--statedir", (dir_ / "state").string(), "--detailed-exitcodes"});
  EXPECT_EQ(result.exit_code, 2) << result.out << result.err;
  EXPECT_EQ(read_text(served), "modfile\n");
  EXPECT_EQ(read_text(changed), "new\n");
  const fs::path bucket = dir_ /
                          "state/clientbucket/0/1/d/0/9/d/1/9/"
                          "01d09d19c2139a46aebfb577780d123d7396e97201bc7ead210a2ebff8239dee";
  EXPECT_EQ(read_text(bucket / "contents"), "old\n");
  EXPECT_EQ(read_text(bucket / "paths"), changed.string() + "\n");
}

TEST(ResourceOutput, ToYamlPrintsPuppetsYamlShape) {
  // `puppet resource group root --to_yaml` (Puppet 7.23) on this kind of node.
  CommandResult result = marionette({"resource", "group", "root", "--to_yaml"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out,
            "---\ngroup:\n  root:\n    ensure: present\n    gid: 0\n"
            "    provider: groupadd\n");
}

TEST(ResourceOutput, ParamAddsAParameterToTheOutput) {
  // A service that does not exist: only its status is asked for, no service is touched.
  if (fs::exists("/run/systemd/system") || !fs::exists("/etc/debian_version"))
    GTEST_SKIP() << "for Debian nodes that systemd did not boot (the debian provider)";
  // `puppet resource service nonexistent-xyz --param hasstatus [--to_yaml]`, Puppet 7.23:
  CommandResult text =
      marionette({"resource", "service", "nonexistent-xyz", "--param", "hasstatus"});
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_EQ(text.out,
            "service { 'nonexistent-xyz':\n  ensure    => 'stopped',\n  enable    => 'false',\n"
            "  hasstatus => 'true',\n  provider  => 'debian',\n}\n");
  CommandResult yaml =
      marionette({"resource", "service", "nonexistent-xyz", "--param", "hasstatus", "--to_yaml"});
  EXPECT_EQ(yaml.out,
            "---\nservice:\n  nonexistent-xyz:\n    ensure: stopped\n    enable: 'false'\n"
            "    hasstatus: 'true'\n    provider: debian\n");
  // Without --param, as puppet resource service nonexistent-xyz:
  CommandResult plain = marionette({"resource", "service", "nonexistent-xyz"});
  EXPECT_EQ(plain.out,
            "service { 'nonexistent-xyz':\n  ensure   => 'stopped',\n  enable   => 'false',\n"
            "  provider => 'debian',\n}\n");
}

}  // namespace
}  // namespace marionette
