// What the node's own facts add and may not replace, in `marionette apply` (native facts) and
// `marionette compile --facts`, checked against what real `puppet apply` 7.23 and
// `puppet catalog find` printed for the same code (recorded below):
// - clientcert, clientversion and clientnoop are added to the facts as Puppet's facter terminus
//   adds them (over any fact of those names), so that $clientversion/$clientnoop are set and
//   Debian's concat::fragment takes Deferred content;
// - external facts named trusted, environment or clientcert replace neither $trusted nor
//   $environment nor $clientcert ($facts keeps them), with Puppet's warning for environment;
// - a fact named server_facts fails the compile with Puppet's words.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "support/command.hpp"
#include "support/scratch_dir.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;
using testing::CommandResult;
using testing::run_command;
using namespace std::chrono_literals;

std::string read_text(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

class ClientVariables : public ::testing::Test {
 protected:
  /// `marionette apply` with native facts, a private state dir and external facts from
  /// facts_d_ only.
  CommandResult apply(std::vector<std::string> args) {
    fs::create_directories(facts_d_);
    std::vector<std::string> argv = {MARIONETTE_BINARY, "apply", "--puppet-compat", "7",
                                     "--statedir",      (dir_ / "state").string(),
                                     "--certname",      "db01.example.com",
                                     "--external-dir",  facts_d_.string()};
    argv.insert(argv.end(), args.begin(), args.end());
    return run_command(argv, 60s);
  }

  marionette::testing::ScratchDir scratch_{"client-variables"};
  const fs::path& dir_ = scratch_.path();
  const fs::path facts_d_ = dir_ / "facts.d";
};

constexpr const char* kShowClient =
    "notice(\"${clientversion} ${clientnoop} ${facts['clientversion']} ${facts['clientnoop']} "
    "${clientcert} ${facts['clientcert']} ${trusted['certname']}\")";

// puppet apply --certname db01.example.com -e '<kShowClient>'
//   Notice: Scope(Class[main]): 7.23.0 false 7.23.0 false db01.example.com db01.example.com
//   db01.example.com         (with --noop: 7.23.0 true 7.23.0 true ...)
TEST_F(ClientVariables, ApplySetsClientVersionAndNoopAsPuppetsFacterTerminus) {
  CommandResult run = apply({"-e", kShowClient});
  ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
  EXPECT_NE(run.out.find("Notice: Scope(Class[main]): 7.23.0 false 7.23.0 false db01.example.com "
                         "db01.example.com db01.example.com\n"),
            std::string::npos)
      << run.out << run.err;

  CommandResult noop = apply({"--noop", "-e", kShowClient});
  ASSERT_EQ(noop.exit_code, 0) << noop.out << noop.err;
  EXPECT_NE(noop.out.find("Notice: Scope(Class[main]): 7.23.0 true 7.23.0 true db01.example.com"),
            std::string::npos)
      << noop.out << noop.err;
}

// FACTER_trusted=victim.example.com FACTER_environment=evil FACTER_clientcert=victim.example.com
// FACTER_clientversion=1.0.0 FACTER_clientnoop=true puppet apply show.pp (node vm):
//   Warning: The node parameter 'environment' for node 'vm' was already set to 'production'.
//   It could not be set to 'evil'
//   $trusted: {'authenticated' => 'local', 'certname' => 'vm', 'extensions' => {}, ...}
//   $environment production, $clientcert vm, $facts['clientcert'] vm,
//   $facts['trusted'] victim.example.com, $facts['environment'] evil, $clientversion 7.23.0
TEST_F(ClientVariables, ExternalFactsReplaceNeitherTrustedNorEnvironmentNorClientcert) {
  fs::create_directories(facts_d_);
  std::ofstream(facts_d_ / "spoof.yaml") << "trusted: victim.example.com\n"
                                            "environment: evil\n"
                                            "clientcert: victim.example.com\n"
                                            "clientversion: 1.0.0\n"
                                            "clientnoop: true\n";
  CommandResult run =
      apply({"-e",
             "notice(\"${trusted['certname']} ${trusted['authenticated']} ${environment} "
             "${clientcert} ${facts['clientcert']} ${facts['trusted']} ${facts['environment']} "
             "${clientversion} ${clientnoop}\")"});
  ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
  EXPECT_NE(run.out.find("Notice: Scope(Class[main]): db01.example.com local production "
                         "db01.example.com db01.example.com victim.example.com evil 7.23.0 "
                         "false\n"),
            std::string::npos)
      << run.out << run.err;
  EXPECT_NE(run.err.find("Warning: The node parameter 'environment' for node "
                         "'db01.example.com' was already set to 'production'. It could not be "
                         "set to 'evil'\n"),
            std::string::npos)
      << run.err;
}

// puppet catalog find web01.example.com --facts_terminus yaml, facts with `server_facts`:
//   Error: Attempt to assign to a reserved variable name: 'server_facts' on node
//   web01.example.com
TEST_F(ClientVariables, AFactNamedServerFactsFailsTheCompile) {
  const fs::path facts = dir_ / "facts.yaml";
  std::ofstream(facts) << "fqdn: web01.example.com\nserver_facts:\n  servername: evil\n";
  fs::create_directories(dir_ / "env");
  std::ofstream(dir_ / "env" / "site.pp") << "notify { 'x': message => $server_facts }\n";
  CommandResult run = run_command({MARIONETTE_BINARY, "compile", "--puppet-compat", "7", "--env-dir",
                                   (dir_ / "env").string(), "--facts", facts.string()},
                                  60s);
  EXPECT_EQ(run.exit_code, 1) << run.out << run.err;
  EXPECT_NE(run.err.find("Error: Attempt to assign to a reserved variable name: 'server_facts' "
                         "on node web01.example.com\n"),
            std::string::npos)
      << run.err;
  EXPECT_EQ(run.out.find("evil"), std::string::npos) << run.out;
}

// Debian's puppet-module-puppetlabs-concat 7.3.1, concat::fragment with Deferred content: the
// fragment checks versioncmp($clientversion, '6.0') before it allows a Deferred. `puppet apply`
// exits 0; `puppet catalog find` (facter terminus) compiles the fragment with the content
// "Deferred({'name' => 'sprintf', 'arguments' => [\"%s-%s\\n\", 'a', 'b']})" (the
// realmodules/concat-deferred golden case).
TEST_F(ClientVariables, ConcatFragmentTakesDeferredContent) {
  if (!fs::exists("/usr/share/puppet/modules/concat/manifests/fragment.pp"))
    GTEST_SKIP() << "needs Debian's puppet-module-puppetlabs-concat";
  fs::create_directories(dir_ / "env");
  fs::create_directories(facts_d_);
  std::ofstream(dir_ / "env" / "site.pp")
      << "concat { '/etc/c.conf': }\n"
         "concat::fragment { 'deferred': target => '/etc/c.conf', order => '02',\n"
         "  content => Deferred('sprintf', [\"%s-%s\\n\", 'a', 'b']) }\n";
  CommandResult run =
      run_command({MARIONETTE_BINARY, "compile", "--puppet-compat", "7", "--env-dir", (dir_ / "env").string(),
                   "--external-dir", facts_d_.string(), "--statedir", (dir_ / "state").string()},
                  60s);
  ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
  EXPECT_EQ(run.err.find("assert_type"), std::string::npos) << run.err;
  EXPECT_NE(run.out.find(
                R"x("Deferred({'name' => 'sprintf', 'arguments' => [\"%s-%s\\n\", 'a', 'b']})")x"),
            std::string::npos)
      << run.out;
}

}  // namespace
}  // namespace marionette
