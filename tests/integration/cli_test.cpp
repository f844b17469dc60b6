// The `marionette` executable as a user runs it: help, exit codes, error output, apply.

#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

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

CommandResult marionette(std::vector<std::string> args) {
  args.insert(args.begin(), MARIONETTE_BINARY);
  return run_command(args, std::chrono::seconds(30));
}

std::string read_text(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

class Cli : public ::testing::Test {
 protected:
  fs::path write(const std::string& name, const std::string& text) {
    return scratch_.write(name, text);
  }

  /// Applies a manifest with the fixed facts and a state dir in the temp dir.
  CommandResult apply(const fs::path& manifest, std::vector<std::string> extra = {}) {
    std::vector<std::string> args = {"apply",
                                     manifest.string(),
                                     "--facts",
                                     MARIONETTE_FACTS_FILE,
                                     "--statedir",
                                     (dir_ / "state").string(),
                                     "--detailed-exitcodes"};
    args.insert(args.end(), extra.begin(), extra.end());
    return marionette(args);
  }

  YAML::Node summary() const {
    return YAML::LoadFile((dir_ / "state/last_run_summary.yaml").string());
  }

  marionette::testing::ScratchDir scratch_{"cli"};
  const fs::path& dir_ = scratch_.path();
};

TEST_F(Cli, PrintsItsVersionAndHelp) {
  CommandResult version = marionette({"--version"});
  EXPECT_EQ(version.exit_code, 0);
  EXPECT_EQ(version.out, "0.1.0\n");
  CommandResult help = marionette({"--help"});
  EXPECT_EQ(help.exit_code, 0);
  for (const char* sub : {"compile", "apply", "agent", "facts"}) {
    EXPECT_NE(help.out.find(std::string("  ") + sub), std::string::npos) << sub;
    CommandResult sub_help = marionette({sub, "--help"});
    EXPECT_EQ(sub_help.exit_code, 0) << sub;
    EXPECT_EQ(sub_help.out.rfind(std::string("Usage: marionette ") + sub, 0), 0u) << sub_help.out;
  }
}

TEST_F(Cli, RefusesUnknownSubcommandsAndOptions) {
  CommandResult unknown = marionette({"frobnicate"});
  EXPECT_EQ(unknown.exit_code, 1);
  EXPECT_EQ(unknown.out,  // on stdout, as Puppet's
            "Error: Unknown marionette subcommand 'frobnicate'\n"
            "See 'marionette help' for help on available marionette subcommands\n");
  CommandResult option = marionette({"compile", "--manifets", "x.pp"});
  EXPECT_EQ(option.exit_code, 1);
  EXPECT_EQ(option.err, "Error: Could not parse application options: invalid option: --manifets\n");
  CommandResult interval =
      marionette({"agent", "--manifest", MARIONETTE_FACTS_FILE, "--runinterval", "soon"});
  EXPECT_EQ(interval.exit_code, 1);
  EXPECT_NE(interval.err.find("--runinterval must be a duration such as 30, 30s, 5m"),
            std::string::npos)
      << interval.err;
}

TEST_F(Cli, ManifestErrorsNameFileLineAndColumnWithACaret) {
  fs::path manifest = write("bad.pp", "notify { 'a':\n  message => $x +,\n}\n");
  CommandResult result =
      marionette({"compile", "--manifest", manifest.string(), "--facts", MARIONETTE_FACTS_FILE});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.out, "");
  EXPECT_EQ(result.err.rfind(manifest.string() + ":2:", 0), 0u) << result.err;
  EXPECT_NE(result.err.find(": error: "), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("\n  message => $x +,\n"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("^"), std::string::npos) << result.err;

  CommandResult applied = apply(manifest);
  EXPECT_EQ(applied.exit_code, 1);
  EXPECT_EQ(applied.err.rfind(manifest.string() + ":2:", 0), 0u) << applied.err;
}

TEST_F(Cli, ApplyReadsExternalFactsFromExternalDir) {
  fs::create_directories(dir_ / "facts.d");
  std::ofstream(dir_ / "facts.d/site.yaml") << "rack: r42\n";
  fs::path manifest = write("site.pp", "notify { \"rack ${facts['rack']}\": }\n");
  // An empty modulepath: the machine's modules' custom facts (Debian's apt module runs apt-get
  // twice) are not this test's subject.
  fs::create_directories(dir_ / "modules");
  CommandResult run = marionette(
      {"apply", manifest.string(), "--external-dir", (dir_ / "facts.d").string(), "--statedir",
       (dir_ / "state").string(), "--modulepath", (dir_ / "modules").string()});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("Notice: rack r42"), std::string::npos) << run.out;

  CommandResult missing =
      marionette({"apply", manifest.string(), "--external-dir", (dir_ / "nope").string()});
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_NE(missing.err.find("--external-dir " + (dir_ / "nope").string() + ": no such directory"),
            std::string::npos)
      << missing.err;
}

TEST_F(Cli, CompilePrintsPuppetsCatalogJson) {
  fs::path manifest = write("site.pp", "file { '/tmp/x': ensure => file }\n");
  CommandResult result = marionette({"compile", "--manifest", manifest.string(), "--facts",
                                     MARIONETTE_FACTS_FILE, "--node", "db01.example.com"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find(R"("name":"db01.example.com")"), std::string::npos);
  EXPECT_NE(result.out.find(R"("catalog_format":2)"), std::string::npos);
  EXPECT_NE(result.out.find(R"({"type":"File","title":"/tmp/x","tags":["file","class"],)"),
            std::string::npos)
      << result.out;
}

// Puppet 7.23's `puppet apply` of this manifest prints only "Notice: Scope(Class[main]): n" of
// the three at its default log_level, and all three with --log_level debug.
TEST_F(Cli, CompilePrintsTheMessagesItsLogLevelLets) {
  fs::path manifest = write("site.pp", "debug('d')\ninfo('i')\nnotice('n')\n");
  CommandResult quiet =
      marionette({"compile", "--manifest", manifest.string(), "--facts", MARIONETTE_FACTS_FILE});
  ASSERT_EQ(quiet.exit_code, 0) << quiet.err;
  EXPECT_EQ(quiet.err, "Notice: Scope(Class[main]): n\n");
  CommandResult debug = marionette({"compile", "--manifest", manifest.string(), "--facts",
                                    MARIONETTE_FACTS_FILE, "--log-level", "debug"});
  ASSERT_EQ(debug.exit_code, 0) << debug.err;
  EXPECT_EQ(debug.err,
            "Debug: Scope(Class[main]): d\nInfo: Scope(Class[main]): i\n"
            "Notice: Scope(Class[main]): n\n");
}

TEST_F(Cli, ApplyDetailedExitCodesNoopAndIdempotence) {
  fs::path manifest =
      write("site.pp", "file { '" + (dir_ / "f").string() +
                           "': ensure => file, content => \"hi\\n\", mode => '0640' }\n");
  // Like `puppet apply --noop --detailed-exitcodes`: noop events are not changes, so 0.
  CommandResult noop = apply(manifest, {"--noop"});
  EXPECT_EQ(noop.exit_code, 0) << noop.out << noop.err;
  EXPECT_EQ(summary()["resources"]["out_of_sync"].as<int>(), 1);
  EXPECT_FALSE(fs::exists(dir_ / "f")) << "--noop changed the disk";
  EXPECT_NE(noop.out.find("(noop)"), std::string::npos) << noop.out;

  CommandResult first = apply(manifest);
  EXPECT_EQ(first.exit_code, 2) << first.out << first.err;
  EXPECT_EQ(read_text(dir_ / "f"), "hi\n");
  EXPECT_EQ(fs::status(dir_ / "f").permissions() & fs::perms::all,
            fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
  EXPECT_EQ(summary()["resources"]["changed"].as<int>(), 1);

  CommandResult second = apply(manifest);
  EXPECT_EQ(second.exit_code, 0) << "a second apply changed something: " << second.out;
  EXPECT_EQ(summary()["resources"]["changed"].as<int>(), 0);

  CommandResult plain = marionette({"apply", manifest.string(), "--facts", MARIONETTE_FACTS_FILE,
                                    "--statedir", (dir_ / "state").string()});
  EXPECT_EQ(plain.exit_code, 0);
}

TEST_F(Cli, ApplyFailuresSkipDependentsAndExitFourOrSix) {
  fs::path manifest = write("site.pp",
                            "exec { 'broken': command => '/bin/false' }\n"
                            "file { '" +
                                (dir_ / "after").string() +
                                "': ensure => file, require => Exec['broken'] }\n"
                                "file { '" +
                                (dir_ / "independent").string() + "': ensure => file }\n");
  CommandResult first = apply(manifest);
  EXPECT_EQ(first.exit_code, 6) << first.out << first.err;
  EXPECT_FALSE(fs::exists(dir_ / "after")) << "a dependent of a failed resource was applied";
  EXPECT_TRUE(fs::exists(dir_ / "independent"));
  EXPECT_EQ(summary()["resources"]["failed"].as<int>(), 1);
  EXPECT_EQ(summary()["resources"]["skipped"].as<int>(), 1);
  CommandResult second = apply(manifest);
  EXPECT_EQ(second.exit_code, 4) << second.out << second.err;
  // Without --detailed-exitcodes Puppet exits 0 when the catalog was applied, failures or not.
  CommandResult plain = marionette({"apply", manifest.string(), "--facts", MARIONETTE_FACTS_FILE,
                                    "--statedir", (dir_ / "state").string()});
  EXPECT_EQ(plain.exit_code, 0);
}

TEST_F(Cli, AppliesACatalogThatRealPuppetCompiled) {
  std::string json = read_text(std::string(MARIONETTE_FIXTURES_DIR) + "/interop.puppet7.json");
  const std::string placeholder = "/marionette-interop-root";
  for (auto at = json.find(placeholder); at != std::string::npos; at = json.find(placeholder, at))
    json.replace(at, placeholder.size(), (dir_ / "root").string());
  fs::path catalog = write("catalog.json", json);
  std::vector<std::string> args = {"apply",
                                   "--catalog",
                                   catalog.string(),
                                   "--statedir",
                                   (dir_ / "state").string(),
                                   "--detailed-exitcodes"};
  CommandResult first = marionette(args);
  EXPECT_EQ(first.exit_code, 2) << first.out << first.err;
  EXPECT_EQ(read_text(dir_ / "root/motd"), "Managed by a catalog real Puppet compiled\n");
  EXPECT_EQ(read_text(dir_ / "root/stamp"), "stamped\n");
  EXPECT_TRUE(fs::exists(dir_ / "root/refreshed")) << "subscribe did not refresh Exec[on change]";
  EXPECT_NE(first.out.find("Notice: applied on web01"), std::string::npos) << first.out;
  EXPECT_EQ(summary()["resources"]["total"].as<int>(), 5);

  CommandResult second = marionette(args);
  EXPECT_EQ(second.exit_code, 2) << "the notify changes on every run, as in Puppet";
  EXPECT_EQ(summary()["resources"]["changed"].as<int>(), 1);
}

// Puppet's apply --catalog resolves the catalog's Deferred values as a compiled catalog's (OpenVox
// 8.28 and Puppet 7.23 both print "Notice: a-deferred" for this catalog): under 8 at the
// resource's turn, under 7 before applying.
TEST_F(Cli, ApplyCatalogResolvesDeferredValues) {
  fs::path manifest =
      write("site.pp", "notify { 'd': message => Deferred('sprintf', ['%s-deferred', 'a']) }\n");
  CommandResult compiled =
      marionette({"compile", "--manifest", manifest.string(), "--facts", MARIONETTE_FACTS_FILE});
  ASSERT_EQ(compiled.exit_code, 0) << compiled.err;
  ASSERT_NE(compiled.out.find("\"__ptype\":\"Deferred\""), std::string::npos) << compiled.out;
  fs::path catalog = write("deferred.json", compiled.out);
  for (const char* compat : {"8", "7"}) {
    CommandResult applied =
        marionette({"apply", "--catalog", catalog.string(), "--facts", MARIONETTE_FACTS_FILE,
                    "--puppet_compat", compat, "--statedir", (dir_ / "state").string()});
    EXPECT_EQ(applied.exit_code, 0) << compat << applied.out << applied.err;
    EXPECT_NE(applied.out.find("Notice: a-deferred"), std::string::npos)
        << "puppet_compat " << compat << ": " << applied.out << applied.err;
  }
}

TEST_F(Cli, RealPuppetAppliesOurCatalog) {
  if (testing::find_executable("puppet").empty())
    GTEST_SKIP() << "real Puppet is not installed (apt-get install puppet): interop not checked";
  std::string manifest = read_text(std::string(MARIONETTE_FIXTURES_DIR) + "/interop.pp");
  const std::string placeholder = "/marionette-interop-root";
  for (auto at = manifest.find(placeholder); at != std::string::npos;
       at = manifest.find(placeholder, at))
    manifest.replace(at, placeholder.size(), (dir_ / "root").string());
  CommandResult compiled = marionette({"compile", "--manifest", write("site.pp", manifest).string(),
                                       "--facts", MARIONETTE_FACTS_FILE});
  ASSERT_EQ(compiled.exit_code, 0) << compiled.err;
  fs::path catalog = write("ours.json", compiled.out);
  std::vector<std::string> puppet = {
      "puppet", "apply", "--catalog", catalog.string(), "--detailed-exitcodes", "--color=false"};
  for (const char* setting : {"confdir", "vardir", "codedir", "logdir", "rundir"})
    puppet.insert(puppet.end(),
                  {std::string("--") + setting, (dir_ / "puppet" / setting).string()});
  CommandResult applied = run_command(puppet, std::chrono::seconds(120));
  // Puppet 7 exits 0 here even with --detailed-exitcodes: it applied, with no failure.
  EXPECT_TRUE(applied.exit_code == 0 || applied.exit_code == 2) << applied.out << applied.err;
  EXPECT_EQ(applied.out.find("Error: Could not"), std::string::npos) << applied.out;
  EXPECT_NE(applied.out.find("Triggered 'refresh' from 1 event"), std::string::npos) << applied.out;
  EXPECT_EQ(read_text(dir_ / "root/motd"), "Managed by a catalog real Puppet compiled\n");
  EXPECT_TRUE(fs::exists(dir_ / "root/refreshed"));
}

TEST_F(Cli, ABrokenCatalogIsAClearErrorNotACrash) {
  {  // not JSON at all: at its place, with the line and a caret
    fs::path catalog = write("catalog.json", "{\"name\": \"n\",\n \"resources\": [}\n");
    CommandResult result = marionette(
        {"apply", "--catalog", catalog.string(), "--statedir", (dir_ / "state").string()});
    EXPECT_EQ(result.exit_code, 1);
    EXPECT_EQ(result.err.rfind(
                  catalog.string() + ":2:16: error: Could not read catalog: not valid JSON: ", 0),
              0u)
        << result.err;
    EXPECT_NE(result.err.find("\n \"resources\": [}\n               ^\n"), std::string::npos)
        << result.err;
  }
  for (const std::string& text :
       {std::string("[]"), std::string(R"({"name": "n", "resources": [{"title": "x"}]})")}) {
    fs::path catalog = write("catalog.json", text);
    CommandResult result = marionette(
        {"apply", "--catalog", catalog.string(), "--statedir", (dir_ / "state").string()});
    EXPECT_EQ(result.exit_code, 1) << text;
    EXPECT_EQ(result.err.rfind("Error: Could not read catalog " + catalog.string() + ": ", 0), 0u)
        << result.err;
  }
}

TEST_F(Cli, AgentReadsItsConfigFileAndTheCommandLineWins) {
  fs::path manifest =
      write("site.pp", "file { '" + (dir_ / "from-config").string() + "': ensure => file }\n");
  fs::path config =
      write("marionette.yaml",
            "manifest: " + manifest.string() + "\nfacts: " + MARIONETTE_FACTS_FILE +
                "\nstatedir: " + (dir_ / "ignored").string() + "\nsnmp: false\nruninterval: 5m\n");
  CommandResult run = marionette(
      {"agent", "--config", config.string(), "--onetime", "--statedir", (dir_ / "state").string()});
  EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
  EXPECT_TRUE(fs::exists(dir_ / "from-config"));
  EXPECT_TRUE(fs::exists(dir_ / "state/last_run_summary.yaml")) << "--statedir did not win";
  EXPECT_FALSE(fs::exists(dir_ / "ignored"));

  fs::path bad = write("bad.yaml", "runinterval: 5m\nrun_interval: 1\n");
  CommandResult refused = marionette({"agent", "--config", bad.string(), "--onetime"});
  EXPECT_EQ(refused.exit_code, 1);
  EXPECT_EQ(refused.err, "Error: " + bad.string() +
                             ":2:1: error: unknown setting 'run_interval'\nrun_interval: 1\n"
                             "^~~~~~~~~~~~\n");
}

TEST_F(Cli, FactsPrintsNativeFactsAndQueries) {
  CommandResult all = marionette({"facts", "--json"});
  ASSERT_EQ(all.exit_code, 0) << all.err;
  EXPECT_NE(all.out.find("\"kernel\": \"Linux\""), std::string::npos);
  CommandResult one = marionette({"facts", "--facts", MARIONETTE_FACTS_FILE, "os.release.major"});
  EXPECT_EQ(one.exit_code, 0);
  EXPECT_EQ(one.out, "12\n");
  CommandResult yaml =
      marionette({"facts", "--yaml", "--facts", MARIONETTE_FACTS_FILE, "os.family", "kernel"});
  // As `facter -y os.family kernel` prints them: sorted, Facter's own double quotes.
  EXPECT_EQ(yaml.out, "kernel: \"Linux\"\nos.family: \"Debian\"\n");
  // puppet facts show os.family (7.23): {\n  "os.family": "Debian"\n}; --value_only: Debian.
  CommandResult show = marionette({"facts", "show", "--facts", MARIONETTE_FACTS_FILE, "os.family"});
  EXPECT_EQ(show.exit_code, 0) << show.err;
  EXPECT_EQ(show.out, "{\n  \"os.family\": \"Debian\"\n}\n");
  CommandResult value =
      marionette({"facts", "show", "--value_only", "--facts", MARIONETTE_FACTS_FILE, "os.family"});
  EXPECT_EQ(value.out, "Debian\n");
}

}  // namespace
}  // namespace marionette
