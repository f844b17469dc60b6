// puppet.conf as Puppet users write it, read by apply ([user] over [main]), agent ([agent] over
// [main]), lookup and compile ([server]), and printed by `marionette config print` exactly as
// real Puppet 7.23's `puppet config print` printed it for the same file (recorded below).
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <regex>

#include "support/command.hpp"
#include "support/scratch_dir.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;
using testing::CommandResult;
using testing::run_command;

CommandResult marionette(std::vector<std::string> args) {
  args.insert(args.begin(), MARIONETTE_BINARY);
  return run_command(args, std::chrono::seconds(60));
}

/// The file given to `puppet config print --config puppet.conf` for the outputs below.
constexpr const char* kRecordedConf = R"(# puppet.conf, as a Puppet user writes it
[main]
    certname = web01.example.com
    codedir = /srv/puppet/code
    vardir = /srv/puppet/var
    logdir = $vardir/log
    environmentpath = $codedir/environments
    basemodulepath = $codedir/modules:/usr/share/puppet/modules
    server = puppet.example.com
    strict_variables = true
    # reporting
    report = true
    pluginsync = true

[agent]
    runinterval = 30m
    noop = true
    environment = staging
    splaylimit = 2h

[user]
    certname = admin.example.com
    show_diff = true

[server]
    vardir = /srv/puppetserver/data
    strict = error
)";

constexpr const char* kPrintedNames[] = {
    "basemodulepath", "certname",         "environment", "environmentpath", "logdir",
    "noop",           "runinterval",      "server",      "show_diff",       "splaylimit",
    "strict",         "strict_variables", "tags",        "vardir"};

/// `puppet config print NAMES --config puppet.conf --section SECTION`, Puppet 7.23 (stdout; its
/// stderr had only "Warning: Setting 'pluginsync' is deprecated.").
std::string recorded_output(const std::string& section) {
  std::string certname = section == "user" ? "admin.example.com" : "web01.example.com";
  std::string vardir = section == "server" ? "/srv/puppetserver/data" : "/srv/puppet/var";
  return "basemodulepath = /srv/puppet/code/modules:/usr/share/puppet/modules\n"
         "certname = " +
         certname +
         "\n"
         "environment = " +
         (section == "agent" ? "staging" : "production") +
         "\n"
         "environmentpath = /srv/puppet/code/environments\n"
         "logdir = " +
         vardir +
         "/log\n"
         "noop = " +
         (section == "agent" ? "true" : "false") +
         "\n"
         "runinterval = 1800\n"
         "server = puppet.example.com\n"
         "show_diff = " +
         (section == "user" ? "true" : "false") +
         "\n"
         "splaylimit = " +
         (section == "agent" ? "7200" : "1800") +
         "\n"
         "strict = " +
         (section == "server" ? "error" : "warning") +
         "\n"
         "strict_variables = true\n"
         "tags = \n"
         "vardir = " +
         vardir + "\n";
}

class PuppetConfCli : public ::testing::Test {
 protected:
  fs::path write(const std::string& name, const std::string& text) {
    return scratch_.write(name, text);
  }

  std::string path(const std::string& name) const { return (dir_ / name).string(); }

  /// A puppet.conf that puts everything under dir_: code, state; an environment `production`
  /// with a module from $codedir/modules, and one `staging` for the agent.
  fs::path write_environment_and_conf() {
    write("code/modules/motd/manifests/init.pp",
          "class motd($path) { file { $path: ensure => file, content => "
          "\"${trusted['certname']}\\n\" } }\n");
    write("code/environments/production/manifests/site.pp",
          "class { 'motd': path => '" + path("motd-apply") +
              "' }\n"
              "notice(\"environment ${environment}\")\n");
    write("code/environments/staging/manifests/site.pp",
          "class { 'motd': path => '" + path("motd-agent") +
              "' }\n"
              "notice(\"environment ${environment}\")\n");
    return write("puppet.conf",
                 "# Managed by hand, as on a Puppet node\n"
                 "[main]\n"
                 "    codedir = " +
                     path("code") +
                     "\n"
                     "    vardir = " +
                     path("var") +
                     "\n"
                     "    basemodulepath = $codedir/modules\n"
                     "    certname = main.example.com\n"
                     "    pluginsync = true\n"
                     "    report = true   # a setting marionette does not use: accepted\n"
                     "\n"
                     "[user]\n"
                     "    certname = user.example.com\n"
                     "\n"
                     "[agent]\n"
                     "    certname = agent.example.com\n"
                     "    environment = staging\n"
                     "    runinterval = 1h\n"
                     "\n"
                     "[server]\n"
                     "    certname = server.example.com\n");
  }

  marionette::testing::ScratchDir scratch_{"puppetconf"};
  const fs::path& dir_ = scratch_.path();
};

TEST_F(PuppetConfCli, ConfigPrintPrintsWhatPuppetPrintedForTheSameFile) {
  fs::path conf = write("puppet.conf", kRecordedConf);
  for (const char* section : {"main", "user", "agent", "server"}) {
    std::vector<std::string> args = {"config", "print"};
    args.insert(args.end(), std::begin(kPrintedNames), std::end(kPrintedNames));
    // Puppet 7.23 printed them: its defaults (puppet_compat 7).
    args.insert(args.end(),
                {"--config", conf.string(), "--section", section, "--puppet-compat", "7"});
    CommandResult printed = marionette(args);
    EXPECT_EQ(printed.exit_code, 0) << printed.err;
    EXPECT_EQ(printed.out, recorded_output(section)) << "--section " << section;
  }
  // One name: its bare value (Puppet 7.23 printed "admin.example.com").
  CommandResult one =
      marionette({"config", "print", "certname", "--config", conf.string(), "--section", "user"});
  EXPECT_EQ(one.out, "admin.example.com\n");
  // Without --section, [main] alone, and a name Puppet does not know prints an empty line.
  CommandResult main = marionette({"config", "print", "certname", "--config", conf.string()});
  EXPECT_EQ(main.out, "web01.example.com\n");
  CommandResult unknown = marionette({"config", "print", "report", "--config", conf.string()});
  EXPECT_EQ(unknown.exit_code, 0);
  EXPECT_EQ(unknown.out, "\n");
  // `all`, as no name, prints every setting.
  CommandResult all =
      marionette({"config", "print", "all", "--config", conf.string(), "--certname", "x"});
  EXPECT_EQ(all.out.rfind("agentx_socket = \n", 0), 0u) << "sorted by name: " << all.out;
  EXPECT_NE(all.out.find("\nlogdir = /srv/puppet/var/log\n"), std::string::npos) << all.out;
  EXPECT_NE(all.out.find("\nshow_diff = false\n"), std::string::npos) << all.out;
  // The command line wins over the file, in either spelling.
  CommandResult given = marionette({"config", "print", "show_diff", "certname", "--config",
                                    conf.string(), "--show_diff", "--certname", "cli.example"});
  EXPECT_EQ(given.out, "certname = cli.example\nshow_diff = true\n");
}

TEST_F(PuppetConfCli, ApplyReadsMainAndUser) {
  fs::path conf = write_environment_and_conf();
  CommandResult run =
      marionette({"apply", "--config", conf.string(), "--facts", MARIONETTE_FACTS_FILE,
                  path("code/environments/production/manifests/site.pp")});
  ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
  EXPECT_NE(run.out.find("Compiled catalog for user.example.com in environment production"),
            std::string::npos)
      << run.out;
  std::ifstream motd(path("motd-apply"));
  std::string text((std::istreambuf_iterator<char>(motd)), std::istreambuf_iterator<char>());
  EXPECT_EQ(text, "user.example.com\n") << "the module came from $codedir/modules";
  EXPECT_TRUE(fs::exists(path("var/last_run_summary.yaml"))) << "statedir is $vardir";
  EXPECT_EQ(run.err.rfind("Warning: Setting 'pluginsync' is deprecated.\n", 0), 0u)
      << "Puppet's warning for it: " << run.err;
  EXPECT_EQ(run.err.find("report"), std::string::npos) << "none for the unknown `report`";

  // The command line wins over [user].
  CommandResult noop = marionette({"apply", "--config", conf.string(), "--facts",
                                   MARIONETTE_FACTS_FILE, "--certname", "cli.example.com", "--noop",
                                   path("code/environments/production/manifests/site.pp")});
  EXPECT_EQ(noop.exit_code, 0) << noop.err;
  EXPECT_NE(noop.out.find("Compiled catalog for cli.example.com"), std::string::npos) << noop.out;
}

TEST_F(PuppetConfCli, AgentReadsMainAndAgent) {
  fs::path conf = write_environment_and_conf();
  CommandResult run = marionette({"agent", "--config", conf.string(), "--facts",
                                  MARIONETTE_FACTS_FILE, "--onetime", "--no-snmp"});
  ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
  std::string output = run.out + run.err;
  EXPECT_NE(output.find("environment staging"), std::string::npos) << output;
  std::ifstream motd(path("motd-agent"));
  std::string text((std::istreambuf_iterator<char>(motd)), std::istreambuf_iterator<char>());
  EXPECT_EQ(text, "agent.example.com\n");
  EXPECT_TRUE(fs::exists(path("var/last_run_summary.yaml"))) << "statedir is $vardir";
}

TEST_F(PuppetConfCli, LookupAndCompileReadServer) {
  fs::path conf = write_environment_and_conf();
  write("code/environments/production/hiera.yaml",
        "---\nversion: 5\nhierarchy:\n  - name: node\n    path: "
        "\"nodes/%{trusted.certname}.yaml\"\n");
  write("code/environments/production/data/nodes/server.example.com.yaml", "---\nwho: server\n");
  CommandResult looked =
      marionette({"lookup", "who", "--config", conf.string(), "--facts", MARIONETTE_FACTS_FILE});
  EXPECT_EQ(looked.exit_code, 0) << looked.err;
  EXPECT_EQ(looked.out, "--- server\n");
  CommandResult compiled =
      marionette({"compile", "--config", conf.string(), "--facts", MARIONETTE_FACTS_FILE});
  EXPECT_EQ(compiled.exit_code, 0) << compiled.err;
  EXPECT_NE(compiled.out.find("\"name\":\"server.example.com\""), std::string::npos)
      << compiled.out.substr(0, 300);
}

TEST_F(PuppetConfCli, InTheConfdirMarionetteYamlIsReadOverPuppetConf) {
  write("etc/puppet.conf",
        "[main]\ncertname = conf.example\nserver = conf-server\n"
        "vardir = /srv/from-conf\n");
  write("etc/marionette.yaml", "certname: yaml.example\nhiera-config: $confdir/h.yaml\n");
  CommandResult printed = marionette({"config", "print", "certname", "server", "statedir",
                                      "hiera_config", "--confdir", path("etc")});
  EXPECT_EQ(printed.exit_code, 0) << printed.err;
  EXPECT_EQ(printed.out, "certname = yaml.example\nhiera_config = " + path("etc") +
                             "/h.yaml\nserver = conf-server\nstatedir = /srv/from-conf\n");
}

// Puppet 7.23 (`puppet apply --config X -e 'notice(1)'`): a line it cannot match or an illegal
// section is reported and the file left out, and the run goes on (exit 0, certname the default);
// a bad value or an unknown $variable in a file that parses stops it (exit 1).
TEST_F(PuppetConfCli, ABadLineIsAnErrorAtTheLineWithACaretAndTheFileIsLeftOut) {
  fs::path conf = write("puppet.conf", "[main]\ncertname = x\n  garbage here\n");
  fs::path site = write("site.pp", "notice(1)\n");
  CommandResult run =
      marionette({"apply", "--config", conf.string(), "--facts", MARIONETTE_FACTS_FILE,
                  "--statedir", path("state"), site.string()});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("Compiled catalog for web01.example.com"), std::string::npos)
      << "certname = x was left out with the file: " << run.out;
  EXPECT_NE(run.err.find(conf.string() + ":3:3: error: Could not match line   garbage here\n"
                                         "  garbage here\n  ^~~~~~~~~~~~"),
            std::string::npos)
      << run.err;
  fs::path unknown_variable = write("bad.conf", "[main]\nlogdir = $nosuch/log\n");
  CommandResult printed =
      marionette({"config", "print", "logdir", "--config", unknown_variable.string()});
  EXPECT_EQ(printed.exit_code, 1);
  EXPECT_NE(printed.err.find(":2:10: error: Error converting value for param 'logdir': Could not "
                             "find value for $nosuch"),
            std::string::npos)
      << printed.err;
  fs::path bad_value = write("noop.conf", "[main]\nnoop = maybe\n");
  CommandResult refused = marionette(
      {"apply", "--config", bad_value.string(), "--statedir", path("state"), site.string()});
  EXPECT_EQ(refused.exit_code, 1);
  EXPECT_NE(refused.err.find(":2:8: error: setting 'noop' must be true or false, not 'maybe'"),
            std::string::npos)
      << refused.err;
}

}  // namespace
}  // namespace marionette
