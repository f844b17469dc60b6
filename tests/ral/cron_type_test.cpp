// The cron type over fakes: a `crontab` command keeping each user's crontab in memory.

#include <gtest/gtest.h>

#include "ral/parsed_file_text.hpp"
#include "ral/types.hpp"
#include "ral_fakes.hpp"

namespace marionette::ral {
namespace {

using testing::FakeNode;
using Strings = std::vector<std::string>;

catalog::Resource cron(const std::string& title, catalog::Data parameters) {
  catalog::Resource resource;
  resource.type = "Cron";
  resource.title = title;
  resource.parameters = std::move(parameters);
  return resource;
}

/// Evaluates one cron resource on `node`; the events it gave.
std::vector<Event> apply_cron(FakeNode& node, const catalog::Resource& resource,
                              bool noop = false) {
  std::string error;
  auto managed = make_cron(resource, node.host, error);
  EXPECT_TRUE(managed) << error;
  if (!managed) return {};
  ResourceContext context = node.context("/Stage[main]/Main/Cron[" + resource.title + "]", noop);
  managed->evaluate(context);
  return context.events();
}

std::string cron_validation_error(catalog::Data parameters) {
  FakeNode node;
  std::string error;
  EXPECT_FALSE(make_cron(cron("job", std::move(parameters)), node.host, error));
  return error;
}

const std::string kMine = "# mine\nMAILTO=me\n0 1 * * * /bin/keep\n";

TEST(CronType, CreatesANamedJobAfterTheLinesItDoesNotManage) {
  FakeNode node;
  node.crontab.tabs["alice"] = kMine;
  auto events = apply_cron(node, cron("backup", {{"command", "/usr/local/bin/backup"},
                                                 {"minute", 15},
                                                 {"hour", catalog::Data::array({2, "4"})},
                                                 {"weekday", "Mon"},
                                                 {"environment", "PATH=/bin"}}));
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].name, "cron_created");
  EXPECT_EQ(events[0].message, "created");
  EXPECT_EQ(node.logs, Strings{"notice: /Stage[main]/Main/Cron[backup]/ensure: created"});
  EXPECT_EQ(without_puppet_header(node.crontab.tabs["alice"]),
            kMine + "# Puppet Name: backup\nPATH=/bin\n15 2,4 * * 1 /usr/local/bin/backup\n");
  ASSERT_EQ(node.crontab.calls.size(), 2u);
  EXPECT_EQ(node.crontab.calls[0], "crontab -l") << "no -u for the user we run as";
  EXPECT_EQ(node.crontab.calls[1].rfind("crontab /", 0), 0u) << node.crontab.calls[1];
  EXPECT_TRUE(node.files.files.empty()) << "the temp file given to crontab is removed";

  node.crontab.calls.clear();
  EXPECT_TRUE(apply_cron(node, cron("backup", {{"command", "/usr/local/bin/backup"},
                                               {"minute", "15"},
                                               {"hour", catalog::Data::array({"2", "4"})},
                                               {"weekday", "monday"},
                                               {"environment", "PATH=/bin"}}))
                  .empty());
  EXPECT_EQ(node.crontab.calls, Strings{"crontab -l"}) << "in sync: nothing written";
}

TEST(CronType, ChangesEachPropertyWithPuppetsMessages) {
  FakeNode node;
  node.crontab.tabs["alice"] = "# Puppet Name: tick\nA=1\n5 * * * * /bin/tick\n";
  auto events = apply_cron(node, cron("tick", {{"command", "/bin/tock"},
                                               {"minute", 10},
                                               {"hour", 3},
                                               {"monthday", "*"},
                                               {"environment", catalog::Data::array({"A=2"})}}));
  EXPECT_EQ(node.logs, (Strings{"notice: /Stage[main]/Main/Cron[tick]/command: command changed "
                                "'/bin/tick' to '/bin/tock'",
                                "notice: /Stage[main]/Main/Cron[tick]/minute: minute changed "
                                "['5'] to ['10']",
                                "notice: /Stage[main]/Main/Cron[tick]/hour: defined 'hour' as "
                                "['3']",
                                "notice: /Stage[main]/Main/Cron[tick]/environment: environment "
                                "changed ['A=1'] to A=2"}));
  ASSERT_EQ(events.size(), 4u);
  EXPECT_EQ(events[1].name, "minute_changed");
  EXPECT_EQ(without_puppet_header(node.crontab.tabs["alice"]),
            "# Puppet Name: tick\nA=2\n10 3 * * * /bin/tock\n");

  node.logs.clear();
  apply_cron(node,
             cron("tick", {{"command", "/bin/tock"}, {"minute", "absent"}, {"special", "daily"}}));
  EXPECT_EQ(node.logs, (Strings{"notice: /Stage[main]/Main/Cron[tick]/special: defined 'special' "
                                "as 'daily'",
                                "notice: /Stage[main]/Main/Cron[tick]/minute: undefined 'minute' "
                                "from ['10']"}));
  EXPECT_EQ(without_puppet_header(node.crontab.tabs["alice"]),
            "# Puppet Name: tick\nA=2\n@daily /bin/tock\n");
}

TEST(CronType, AbsentRemovesOnlyItsOwnJob) {
  FakeNode node;
  node.crontab.tabs["alice"] =
      kMine + "# Puppet Name: a\nX=1\n1 * * * * /bin/a\n# Puppet Name: b\n2 * * * * /bin/b\n";
  auto events = apply_cron(node, cron("a", {{"ensure", "absent"}}));
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].name, "cron_removed");
  EXPECT_EQ(node.logs, Strings{"notice: /Stage[main]/Main/Cron[a]/ensure: removed"});
  EXPECT_EQ(without_puppet_header(node.crontab.tabs["alice"]),
            kMine + "# Puppet Name: b\n2 * * * * /bin/b\n");
  EXPECT_TRUE(apply_cron(node, cron("a", {{"ensure", "absent"}})).empty());
}

TEST(CronType, AnUnnamedJobWithTheSameCommandAndScheduleIsTakenAsIs) {
  FakeNode node;
  node.crontab.tabs["alice"] = kMine;
  EXPECT_TRUE(apply_cron(node, cron("keep", {{"command", "/bin/keep"}, {"minute", 0}, {"hour", 1}}))
                  .empty());
  EXPECT_EQ(node.crontab.tabs["alice"], kMine);
  // A different schedule is a new job: the unnamed one is left alone.
  apply_cron(node, cron("keep", {{"command", "/bin/keep"}, {"minute", 0}, {"hour", 2}}));
  EXPECT_EQ(without_puppet_header(node.crontab.tabs["alice"]),
            kMine + "# Puppet Name: keep\n0 2 * * * /bin/keep\n");
}

TEST(CronType, AnotherUsersCrontabIsReachedWithDashU) {
  FakeNode node;
  apply_cron(node, cron("nightly", {{"command", "/bin/n"}, {"special", "daily"}, {"user", "bob"}}));
  EXPECT_EQ(without_puppet_header(node.crontab.tabs["bob"]),
            "# Puppet Name: nightly\n@daily /bin/n\n");
  EXPECT_EQ(node.crontab.calls[0], "crontab -u bob -l");
  EXPECT_EQ(node.crontab.calls[1].rfind("crontab -u bob /", 0), 0u);
  EXPECT_FALSE(node.crontab.tabs.count("alice"));
}

TEST(CronType, NoopReportsWithoutWriting) {
  FakeNode node;
  node.crontab.tabs["alice"] = "# Puppet Name: tick\n5 * * * * /bin/tick\n";
  auto events = apply_cron(node, cron("tick", {{"command", "/bin/tick"}, {"minute", 6}}), true);
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].status, "noop");
  EXPECT_EQ(events[0].message, "current_value ['5'], should be ['6'] (noop)");
  EXPECT_EQ(node.crontab.calls, Strings{"crontab -l"});
}

TEST(CronType, AFailedWriteFailsTheResource) {
  FakeNode node;
  auto events = apply_cron(node, cron("x", {{"command", "/bin/x"}, {"user", "nobody-here"}}));
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[1].status, "failure");
  EXPECT_EQ(events[1].message,
            "Could not evaluate: Cannot write the nobody-here user's crontab: The user does not "
            "exist");
}

TEST(CronType, WithoutACommandItLogsAnErrorAndWritesNothing) {
  FakeNode node;
  auto events = apply_cron(node, cron("y", {{"minute", 5}}));
  EXPECT_EQ(node.logs,
            (Strings{"err: /Stage[main]/Main/Cron[y]: no command specified, cannot create",
                     "notice: /Stage[main]/Main/Cron[y]/ensure: created"}));
  EXPECT_EQ(node.crontab.calls, Strings{"crontab -l"});
}

TEST(CronType, AnUnreadableOrUnparsableCrontabIsNeverOverwritten) {
  FakeNode node;
  node.crontab.reads_fail = true;
  auto events = apply_cron(node, cron("x", {{"command", "/bin/x"}}));
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[1].message,
            "Could not evaluate: Failed to read alice's records when prefetching them. Reason: "
            "Could not read crontab for alice: Execution of 'crontab -l' returned 1: crontab: "
            "cannot open spool");
  EXPECT_TRUE(apply_cron(node, cron("x", {{"ensure", "absent"}})).empty());

  node.crontab.reads_fail = false;
  node.crontab.tabs["alice"] = "0 1 * * * /bin/ok\nnot a job\n";
  events = apply_cron(node, cron("x", {{"command", "/bin/x"}}));
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].message,
            "Could not evaluate: Could not prefetch cron provider 'crontab' target 'alice': Could "
            "not parse line \"not a job\" (line 2)");
  EXPECT_EQ(node.crontab.tabs["alice"], "0 1 * * * /bin/ok\nnot a job\n");
}

TEST(CronType, ValidationErrorsInPuppetsWords) {
  EXPECT_EQ(cron_validation_error({{"command", "/bin/x"}, {"minute", 60}}),
            "Parameter minute failed on Cron[job]: Munging failed for value 60 in class minute: "
            "60 is not a valid minute");
  EXPECT_EQ(
      cron_validation_error({{"command", "/bin/x"}, {"hour", catalog::Data::array({1, "noon"})}}),
      "Parameter hour failed on Cron[job]: Munging failed for value \"noon\" in class hour: "
      "noon is not a valid hour");
  EXPECT_EQ(cron_validation_error({{"command", "/bin/x"}, {"special", "sometimes"}}),
            "Parameter special failed on Cron[job]: Invalid special schedule \"sometimes\"");
  EXPECT_EQ(cron_validation_error({{"command", "/bin/x"}, {"special", "daily"}, {"hour", 2}}),
            "Validation of Cron[job] failed: Cron[job] cannot specify both a special schedule "
            "and a value for hour");
  EXPECT_EQ(cron_validation_error({{"environment", "not a setting"}}),
            "Parameter environment failed on Cron[job]: Invalid environment setting \"not a "
            "setting\"");
  EXPECT_EQ(cron_validation_error({{"ensure", "running"}}),
            "Parameter ensure failed on Cron[job]: Invalid value \"running\". Valid values are "
            "present, absent.");
}

TEST(CronType, DescribesAJobAsPuppetResourceDoes) {
  FakeNode node;
  node.crontab.tabs["alice"] = "# Puppet Name: tick\nA=1\n5 2 * * 1,3 /bin/tick\n";
  std::string error;
  auto tick = make_cron(cron("tick", catalog::Data::object()), node.host, error);
  using State = std::vector<std::pair<std::string, std::string>>;
  EXPECT_EQ(tick->describe(), (State{{"ensure", "'present'"},
                                     {"command", "'/bin/tick'"},
                                     {"environment", "['A=1']"},
                                     {"hour", "['2']"},
                                     {"minute", "['5']"},
                                     {"provider", "'crontab'"},
                                     {"target", "'alice'"},
                                     {"user", "'alice'"},
                                     {"weekday", "['1', '3']"}}));
  auto gone = make_cron(cron("gone", catalog::Data::object()), node.host, error);
  EXPECT_EQ(gone->describe(), (State{{"ensure", "'absent'"}, {"provider", "'crontab'"}}));
  EXPECT_EQ(find_type("cron")->instances(node.host, error), Strings{"tick"});
}

}  // namespace
}  // namespace marionette::ral
