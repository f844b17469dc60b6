// The debian service provider over a temp root: /etc/init.d, /etc/rc?.d and /etc/debian_version
// live in a temp dir (RootedFiles), commands are answered by a fake, so no test touches the
// machine's services. The commands are those Puppet 7.23's debian provider runs.

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>

#include "ral/posix_host.hpp"
#include "ral/resource_type.hpp"
#include "ral/types.hpp"
#include "test_catalog.hpp"

namespace marionette::transaction {
namespace {

namespace fs = std::filesystem;
using testing::CatalogBuilder;
using Strings = std::vector<std::string>;

/// The real file system with every absolute path taken below `root`.
class RootedFiles final : public ral::FileSystem {
 public:
  explicit RootedFiles(std::string root) : root_(std::move(root)) {}
  std::optional<ral::FileInfo> lstat(const std::string& p) override { return real_.lstat(at(p)); }
  std::optional<ral::FileInfo> stat(const std::string& p) override { return real_.stat(at(p)); }
  std::optional<std::vector<std::string>> list_directory(const std::string& p) override {
    return real_.list_directory(at(p));
  }
  bool exists(const std::string& p) override { return real_.exists(at(p)); }
  ral::IoResult read(const std::string& p, std::string& content) override {
    return real_.read(at(p), content);
  }
  ral::IoResult write_atomic(const std::string& p, const std::string& content,
                             const ral::FileAttributes& attributes) override {
    return real_.write_atomic(at(p), content, attributes);
  }
  ral::IoResult make_directory(const std::string& p, unsigned mode) override {
    return real_.make_directory(at(p), mode);
  }
  ral::IoResult remove(const std::string& p, bool recursive) override {
    return real_.remove(at(p), recursive);
  }
  ral::IoResult change_mode(const std::string& p, unsigned mode) override {
    return real_.change_mode(at(p), mode);
  }
  ral::IoResult change_owner(const std::string& p, std::optional<uid_t> uid,
                             std::optional<gid_t> gid) override {
    return real_.change_owner(at(p), uid, gid);
  }
  bool is_executable_file(const std::string& p) override { return real_.is_executable_file(at(p)); }
  ral::IoResult make_symlink(const std::string& target, const std::string& p) override {
    return real_.make_symlink(target, at(p));
  }
  std::optional<std::string> read_link(const std::string& p) override {
    return real_.read_link(at(p));
  }

 private:
  std::string at(const std::string& path) const { return root_ + path; }
  std::string root_;
  ral::PosixFileSystem real_;
};

/// Answers each command line with a set exit code (0 when not set) and records it.
class FakeCommands final : public ral::CommandRunner {
 public:
  ral::CommandResult run(const ral::CommandRequest& request) override {
    std::string line;
    for (const auto& word : request.argv) line += (line.empty() ? "" : " ") + word;
    calls.push_back(line);
    auto answer = answers.find(line);
    if (answer == answers.end()) return {0, "", false, ""};
    return {answer->second.first, answer->second.second, false, ""};
  }
  std::map<std::string, std::pair<int, std::string>> answers;
  Strings calls;
};

class DebianService : public ::testing::Test {
 protected:
  void SetUp() override {
    fs::create_directories(root_.path().string() + "/etc/init.d");
    std::ofstream(root_.path().string() + "/etc/debian_version") << "12.11\n";
    script("ssh");
    // invoke-rc.d cannot tell in a container without a runlevel (101): links decide.
    commands_.answers["/usr/sbin/invoke-rc.d --quiet --query ssh start"] = {101, ""};
    commands_.answers["/usr/sbin/service ssh status"] = {3, ""};
  }
  void script(const std::string& name) {
    const std::string path = root_.path().string() + "/etc/init.d/" + name;
    std::ofstream(path) << "#!/bin/sh\nexit 0\n";
    ::chmod(path.c_str(), 0755);
  }
  void start_links(const std::string& name, const Strings& levels) {
    for (const auto& level : levels) {
      fs::create_directories(root_.path().string() + "/etc/rc" + level + ".d");
      fs::create_symlink("../init.d/" + name,
                         root_.path().string() + "/etc/rc" + level + ".d/S01" + name);
    }
  }
  std::unique_ptr<ral::ManagedResource> bind(const std::map<std::string, std::string>& params) {
    catalog::Resource resource;
    resource.type = "Service";
    resource.title = "ssh";
    resource.parameters = catalog::Data::object();
    for (const auto& [name, value] : params) resource.parameters[name] = value;
    std::string error;
    auto managed = ral::make_service(resource, host_, error);
    EXPECT_NE(managed, nullptr) << error;
    return managed;
  }
  testing::Run apply_with(const catalog::Catalog& catalog) {
    ApplyOptions options;
    options.host = &host_;
    return testing::run_apply_with(catalog, std::move(options));
  }

  testing::TempDir root_;
  RootedFiles files_{root_.path().string()};
  FakeCommands commands_;
  ral::Host host_{&files_, nullptr, &commands_};
};

TEST_F(DebianService, IsChosenWhereSystemdDoesNotRunAndDescribesTheService) {
  auto managed = bind({});
  // puppet resource service ssh, in this machine's container: stopped, disabled, debian.
  EXPECT_EQ(managed->describe(),
            (std::vector<std::pair<std::string, std::string>>{
                {"ensure", "'stopped'"}, {"enable", "'false'"}, {"provider", "'debian'"}}));
  EXPECT_EQ(commands_.calls, (Strings{"/usr/sbin/invoke-rc.d --quiet --query ssh start",
                                      "/usr/sbin/service ssh status"}));
}

TEST_F(DebianService, EnabledWhenFourRcDirectoriesStartIt) {
  start_links("ssh", {"2", "3", "4"});
  EXPECT_EQ(bind({})->describe()[1].second, "'false'");
  start_links("ssh", {"5"});
  EXPECT_EQ(bind({})->describe()[1].second, "'true'");
  // invoke-rc.d's own answer wins when it has one: 104 is "start allowed".
  commands_.answers["/usr/sbin/invoke-rc.d --quiet --query ssh start"] = {104, ""};
  fs::remove_all(root_.path().string() + "/etc/rc5.d");
  EXPECT_EQ(bind({})->describe()[1].second, "'true'");
}

TEST_F(DebianService, StartsWithTheInitScriptAndEnablesWithUpdateRcD) {
  CatalogBuilder b;
  b.add("Service", "ssh", {{"ensure", "running"}, {"enable", true}});
  testing::Run run = apply_with(b.build());
  EXPECT_EQ(commands_.calls,
            (Strings{"/usr/sbin/service ssh status",
                     "/usr/sbin/invoke-rc.d --quiet --query ssh start", "/etc/init.d/ssh start",
                     "/usr/sbin/update-rc.d -f ssh remove", "/usr/sbin/update-rc.d ssh defaults"}));
  EXPECT_TRUE(run.logged(
      "notice: /Stage[main]/Main/Service[ssh]/ensure: ensure changed 'stopped' to 'running'"))
      << run.all_log();
  // Puppet's ensure brings enable along: one change, no enable line of its own.
  EXPECT_FALSE(
      run.logged("notice: /Stage[main]/Main/Service[ssh]/enable: enable changed 'false' to 'true'"))
      << run.all_log();
  EXPECT_EQ(run.report.status, "changed");
}

TEST_F(DebianService, StopsDisablesAndRestartsAsStopThenStartWithoutHasrestart) {
  commands_.answers["/usr/sbin/service ssh status"] = {0, ""};
  commands_.answers["/usr/sbin/invoke-rc.d --quiet --query ssh start"] = {104, ""};
  CatalogBuilder b;
  b.add("Service", "ssh", {{"ensure", "stopped"}, {"enable", false}});
  testing::Run run = apply_with(b.build());
  EXPECT_EQ(
      commands_.calls,
      (Strings{"/usr/sbin/service ssh status", "/usr/sbin/invoke-rc.d --quiet --query ssh start",
               "/etc/init.d/ssh stop", "/usr/sbin/update-rc.d ssh disable"}));

  commands_.calls.clear();
  CatalogBuilder refreshed;
  refreshed.add("Notify", "changed", {})
      .add("Service", "ssh", {{"ensure", "running"}, {"subscribe", "Notify[changed]"}});
  apply_with(refreshed.build());
  // The refresh asks the status again (Puppet restarts only a running service).
  EXPECT_EQ(commands_.calls,
            (Strings{"/usr/sbin/service ssh status", "/usr/sbin/service ssh status",
                     "/etc/init.d/ssh stop", "/etc/init.d/ssh start"}));

  commands_.calls.clear();
  CatalogBuilder with_restart;
  with_restart.add("Notify", "changed", {})
      .add("Service", "ssh",
           {{"ensure", "running"}, {"hasrestart", true}, {"subscribe", "Notify[changed]"}});
  apply_with(with_restart.build());
  EXPECT_EQ(commands_.calls, (Strings{"/usr/sbin/service ssh status",
                                      "/usr/sbin/service ssh status", "/etc/init.d/ssh restart"}));
}

TEST_F(DebianService, WithoutHasstatusTheProcessTableTells) {
  commands_.answers["ps -ef"] = {0,
                                 "UID PID PPID C STIME TTY TIME CMD\n"
                                 "root 812 1 0 09:00 ? 00:00:00 sshd: /usr/sbin/sshd -D\n"};
  auto by_pattern = bind({{"hasstatus", "false"}, {"pattern", "/usr/sbin/sshd"}});
  EXPECT_EQ(by_pattern->describe()[0].second, "'running'");
  auto by_name = bind({{"hasstatus", "false"}, {"pattern", "nginx"}});
  EXPECT_EQ(by_name->describe()[0].second, "'stopped'");
  EXPECT_EQ(
      std::count(commands_.calls.begin(), commands_.calls.end(), "/usr/sbin/service ssh status"),
      0);
}

TEST_F(DebianService, AMissingInitScriptFailsTheStartWithPuppetsMessage) {
  fs::remove(root_.path().string() + "/etc/init.d/ssh");
  CatalogBuilder b;
  b.add("Service", "ssh", {{"ensure", "running"}});
  testing::Run run = apply_with(b.build());
  // puppet apply -e "service { 'nonexist': ensure => running }" on this machine:
  EXPECT_TRUE(
      run.logged("err: /Stage[main]/Main/Service[ssh]/ensure: change from 'stopped' to "
                 "'running' failed: Could not find init script for 'ssh'"))
      << run.all_log();
}

TEST_F(DebianService, AFailingStartCommandIsPuppetsExecutionFailure) {
  commands_.answers["/bin/sh -c /bin/sh /tmp/failing.sh"] = {1, ""};
  CatalogBuilder b;
  b.add("Service", "ssh", {{"ensure", "running"}, {"start", "/bin/sh /tmp/failing.sh"}});
  testing::Run run = apply_with(b.build());
  // Puppet 7.23 with start => '/bin/sh /tmp/failing.sh' (exit 1, no output):
  EXPECT_TRUE(
      run.logged("err: /Stage[main]/Main/Service[ssh]/ensure: change from 'stopped' to "
                 "'running' failed: Could not start Service[ssh]: Execution of '/bin/sh "
                 "/tmp/failing.sh' returned 1: "))
      << run.all_log();
}

TEST_F(DebianService, InstancesAreTheInitScriptsPuppetLists) {
  script("rcS");  // excluded by Puppet's init provider
  script("postfix");
  std::ofstream(root_.path().string() + "/etc/init.d/README")
      << "not a script\n";  // not executable
  std::string error;
  EXPECT_EQ(ral::service_instances(host_, error), (Strings{"postfix", "ssh"}));
  EXPECT_EQ(error, "");
}

TEST_F(DebianService, ParametersForPuppetResourceParam) {
  // puppet resource service ssh --param hasstatus --param hasrestart: hasstatus => 'true' only.
  auto plain = bind({});
  EXPECT_EQ(plain->parameter("hasstatus"), "'true'");
  EXPECT_EQ(plain->parameter("hasrestart"), std::nullopt);
  EXPECT_EQ(bind({{"hasrestart", "true"}})->parameter("hasrestart"), "'true'");
  EXPECT_EQ(bind({{"hasstatus", "false"}})->parameter("hasstatus"), "'false'");
}

}  // namespace
}  // namespace marionette::transaction
