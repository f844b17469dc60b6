#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>

#include "ral/posix_host.hpp"
#include "test_catalog.hpp"
#include "transaction/graph.hpp"

namespace marionette::transaction {
namespace {

using testing::CatalogBuilder;
using testing::run_apply;
using Strings = std::vector<std::string>;

TEST(Autorequire, UsersGroupsFileOwnersAndExecUsers) {
  CatalogBuilder b;
  b.add("File", "/srv/app", {{"owner", "app"}, {"group", "staff"}})
      .add("Exec", "migrate", {{"command", "/bin/true"}, {"user", "app"}})
      .add("User", "app", {{"gid", "app"}, {"groups", catalog::Data::array({"staff"})}})
      .add("Group", "staff", {})
      .add("Group", "app", {});
  const catalog::Catalog catalog = b.build();
  EXPECT_EQ(
      RelationshipGraph(catalog).evaluation_order(),
      (Strings{"Group[staff]", "Group[app]", "User[app]", "File[/srv/app]", "Exec[migrate]"}));
}

/// Records the account commands; knows no users or groups.
class FakeAccounts final : public ral::Accounts, public ral::CommandRunner {
 public:
  std::optional<ral::UserEntry> user(const std::string&) override { return std::nullopt; }
  std::vector<std::string> groups_of(const std::string&) override { return {}; }
  std::optional<uid_t> user_id(const std::string&) override { return std::nullopt; }
  std::optional<gid_t> group_id(const std::string&) override { return std::nullopt; }
  std::optional<std::string> user_name(uid_t) override { return std::nullopt; }
  std::optional<std::string> group_name(gid_t) override { return std::nullopt; }
  ral::CommandResult run(const ral::CommandRequest& request) override {
    std::string line;
    for (const auto& word : request.argv) line += (line.empty() ? "" : " ") + word;
    commands.push_back(line);
    return {0, "", false, ""};
  }
  Strings commands;
};

TEST(UserAndGroup, CreatedWithTheUseraddFamilyInDependencyOrder) {
  FakeAccounts fake;
  ral::Host host{nullptr, &fake, &fake};
  CatalogBuilder b;
  b.add("User", "deploy",
        {{"uid", 4100},
         {"gid", "deploy"},
         {"home", "/home/deploy"},
         {"shell", "/bin/bash"},
         {"groups", catalog::Data::array({"ops"})},
         {"managehome", true}})
      .add("Group", "ops", {{"gid", 4101}})
      .add("Group", "deploy", {});
  ApplyOptions options;
  options.host = &host;
  Report report = apply(b.build(), options);
  EXPECT_EQ(fake.commands,
            (Strings{"/usr/sbin/groupadd -g 4101 ops", "/usr/sbin/groupadd deploy",
                     "/usr/sbin/useradd -u 4100 -g deploy -d /home/deploy -s /bin/bash -G ops -m "
                     "deploy"}));
  EXPECT_EQ(report.changes, 3u);
}

bool exists(const std::string& database, const std::string& name) {
  return std::system(("getent " + database + " " + name + " >/dev/null").c_str()) == 0;
}

TEST(UserAndGroup, RealAccountsAsRootWithPuppetsMessages) {
  if (::geteuid() != 0) GTEST_SKIP() << "adds a user and a group: runs only as root";
  if (std::system("command -v useradd >/dev/null 2>&1") != 0) GTEST_SKIP() << "no useradd";
  const std::string user = "mario-test-u", group = "mario-test-g";
  std::system(
      ("userdel " + user + " >/dev/null 2>&1; groupdel " + group + " >/dev/null 2>&1").c_str());
  auto apply_with = [&](catalog::Data user_params, catalog::Data group_params) {
    CatalogBuilder b;
    b.add("User", user, std::move(user_params)).add("Group", group, std::move(group_params));
    return run_apply(b.build());
  };
  auto first = apply_with({{"uid", 4721},
                           {"gid", group},
                           {"shell", "/bin/sh"},
                           {"home", "/nonexistent"},
                           {"comment", "M test"}},
                          {{"gid", 4721}});
  EXPECT_TRUE(exists("passwd", user)) << first.all_log();
  EXPECT_TRUE(first.logged("notice: /Stage[main]/Main/Group[" + group + "]/ensure: created"));
  EXPECT_TRUE(first.logged("notice: /Stage[main]/Main/User[" + user + "]/ensure: created"));

  auto second = apply_with({{"uid", 4722},
                            {"gid", group},
                            {"shell", "/bin/bash"},
                            {"home", "/nonexistent"},
                            {"comment", "M test"}},
                           {{"gid", 4722}});
  EXPECT_TRUE(
      second.logged("notice: /Stage[main]/Main/Group[" + group + "]/gid: gid changed 4721 to 4722"))
      << second.all_log();
  EXPECT_TRUE(
      second.logged("notice: /Stage[main]/Main/User[" + user + "]/uid: uid changed 4721 to 4722"));
  EXPECT_TRUE(second.logged("notice: /Stage[main]/Main/User[" + user +
                            "]/shell: shell changed '/bin/sh' to '/bin/bash'"));
  auto same = apply_with({{"uid", 4722}, {"shell", "/bin/bash"}}, {{"gid", 4722}});
  EXPECT_EQ(same.report.changes, 0u) << same.all_log();

  auto gone = apply_with({{"ensure", "absent"}}, {{"ensure", "absent"}});
  EXPECT_FALSE(exists("passwd", user)) << gone.all_log();
  EXPECT_FALSE(exists("group", group));
  EXPECT_TRUE(gone.logged("notice: /Stage[main]/Main/User[" + user + "]/ensure: removed"));
  std::system(
      ("userdel " + user + " >/dev/null 2>&1; groupdel " + group + " >/dev/null 2>&1").c_str());
}

}  // namespace
}  // namespace marionette::transaction
