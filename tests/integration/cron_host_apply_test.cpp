// `marionette apply` with cron and host resources, as a user runs it: the real binary, a hosts
// file in a temp dir, and a stand-in `crontab` first on PATH that keeps each user's crontab in
// the temp dir (a fake at the command seam: the real one would touch the user's crontab).

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "support/command.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;
using testing::CommandResult;
using testing::run_command;

std::string read_text(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

/// The text without Puppet's "# HEADER" lines.
std::string without_header(const std::string& text) {
  std::istringstream lines(text);
  std::string out;
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("# HEADER", 0) != 0) out += line + "\n";
  }
  return out;
}

class CronHostApply : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("marionette-cron-host-" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "bin");
    const fs::path crontab = dir_ / "bin/crontab";
    std::ofstream(crontab)
        << "#!/bin/sh\n"
           "# crontab [-u USER] -l | FILE over "
        << dir_.string()
        << "/crontab-USER\n"
           "user=$(id -un)\n"
           "if [ \"$1\" = -u ]; then user=$2; shift 2; fi\n"
           "tab='"
        << dir_.string()
        << "'/crontab-$user\n"
           "echo \"$user $*\" >> '"
        << dir_.string()
        << "'/crontab.calls\n"
           "if [ \"$1\" = -l ]; then\n"
           "  [ -f \"$tab\" ] || { echo \"no crontab for $user\" >&2; exit 1; }\n"
           "  exec cat \"$tab\"\n"
           "fi\n"
           "exec cp \"$1\" \"$tab\"\n";
    fs::permissions(crontab, fs::perms(0755));
    const char* path = std::getenv("PATH");
    path_ = (dir_ / "bin").string() + ":" + (path ? path : "/usr/bin:/bin");
    CommandResult id = run_command({"id", "-un"});
    user_ = id.out.substr(0, id.out.find('\n'));
  }
  void TearDown() override { fs::remove_all(dir_); }

  CommandResult marionette(std::vector<std::string> args) {
    args.insert(args.begin(), MARIONETTE_BINARY);
    return run_command(args, std::chrono::seconds(60), {{"PATH", path_}});
  }

  /// Applies `manifest` with --detailed-exitcodes: 0 nothing changed, 2 changes, else failures.
  CommandResult apply(const std::string& manifest) {
    std::ofstream(dir_ / "site.pp") << manifest;
    return marionette({"apply", (dir_ / "site.pp").string(), "--facts", MARIONETTE_FACTS_FILE,
                       "--statedir", (dir_ / "state").string(), "--detailed-exitcodes"});
  }

  std::string manifest(const std::string& ensure) const {
    const std::string hosts = (dir_ / "hosts").string();
    return "cron { 'backup':\n"
           "  ensure => " +
           ensure +
           ", command => '/usr/local/bin/backup',\n"
           "  minute => 15, hour => [2, 4], environment => 'MAILTO=ops',\n"
           "}\n"
           "cron { 'on-boot': ensure => " +
           ensure +
           ", command => '/bin/true', special => reboot }\n"
           "host { 'web.example.com':\n"
           "  ensure => " +
           ensure +
           ", ip => '10.0.0.7', host_aliases => ['web', 'www'],\n"
           "  comment => 'front end', target => '" +
           hosts +
           "',\n"
           "}\n";
  }

  fs::path dir_;
  std::string path_;
  std::string user_;
};

TEST_F(CronHostApply, CreatesThenStaysInSyncThenRemovesOnlyItsOwnEntries) {
  if (user_.empty()) GTEST_SKIP() << "the user running the test has no name (id -un)";
  const fs::path tab = dir_ / ("crontab-" + user_);
  const std::string mine = "# mine\nMAILTO=me\n0 1 * * * /bin/keep\n";
  const std::string hosts = "127.0.0.1\tlocalhost\n# keep me\n";
  std::ofstream(tab) << mine;
  std::ofstream(dir_ / "hosts") << hosts;

  CommandResult first = apply(manifest("present"));
  ASSERT_EQ(first.exit_code, 2) << first.out << first.err;
  EXPECT_NE(first.out.find("Cron[backup]/ensure: created"), std::string::npos) << first.out;
  EXPECT_NE(first.out.find("Host[web.example.com]/ensure: created"), std::string::npos);
  EXPECT_EQ(without_header(read_text(tab)),
            mine +
                "# Puppet Name: backup\nMAILTO=ops\n15 2,4 * * * /usr/local/bin/backup\n"
                "# Puppet Name: on-boot\n@reboot /bin/true\n");
  EXPECT_EQ(without_header(read_text(dir_ / "hosts")),
            hosts + "10.0.0.7\tweb.example.com\tweb www\t# front end\n");
  EXPECT_NE(read_text(dir_ / "state/last_run_summary.yaml").find("changed: 3"), std::string::npos);

  const std::string written_tab = read_text(tab), written_hosts = read_text(dir_ / "hosts");
  CommandResult second = apply(manifest("present"));
  EXPECT_EQ(second.exit_code, 0) << second.out << second.err;
  EXPECT_EQ(read_text(tab), written_tab) << "an in-sync run rewrites nothing";
  EXPECT_EQ(read_text(dir_ / "hosts"), written_hosts);

  CommandResult listing = marionette({"resource", "cron"});
  EXPECT_EQ(listing.exit_code, 0) << listing.err;
  EXPECT_NE(listing.out.find("cron { 'backup':\n  ensure      => 'present',\n"
                             "  command     => '/usr/local/bin/backup',\n"
                             "  environment => ['MAILTO=ops'],\n"
                             "  hour        => ['2', '4'],\n"
                             "  minute      => ['15'],\n"),
            std::string::npos)
      << listing.out;
  EXPECT_NE(listing.out.find("cron { 'unmanaged:/bin/keep-1':"), std::string::npos);

  CommandResult removal = apply(manifest("absent"));
  EXPECT_EQ(removal.exit_code, 2) << removal.out << removal.err;
  EXPECT_EQ(without_header(read_text(tab)), mine);
  EXPECT_EQ(without_header(read_text(dir_ / "hosts")), hosts);
  EXPECT_EQ(apply(manifest("absent")).exit_code, 0);
}

}  // namespace
}  // namespace marionette
