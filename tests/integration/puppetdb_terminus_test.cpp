// Debian's Puppet 7 with puppet-terminus-puppetdb (storeconfigs_backend = puppetdb, server_urls
// at marionette server), a client no one here wrote: one `puppet apply` sends its facts and its
// catalog with an exported resource through the API (replace facts, replace catalog) and
// collects another node's exported resource (a resources query). The other node's catalog is
// sent first with its own certificate, as its terminus would (fixtures/puppetdb/terminus_peer.py),
// so that one Puppet run, the slow part, covers both directions.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "support/command.hpp"
#include "support/marionette_server.hpp"
#include "support/scratch_dir.hpp"

namespace marionette::testing {
namespace {

using nlohmann::json;

const std::string kPeer = std::string(MARIONETTE_FIXTURES_DIR) + "/puppetdb/terminus_peer.py";

/// A `puppet apply` home for `certname` whose certificate marionette's CA made: the terminus's
/// puppetdb.conf pointing at the server, routes.yaml as the terminus's docs give for apply.
std::filesystem::path puppet_home(const ScratchDir& dir, const MarionetteServer& server,
                                  const std::string& certname) {
  const std::filesystem::path home = dir.path() / certname;
  dir.write(certname + "/conf/puppetdb.conf", "[main]\nserver_urls = https://127.0.0.1:" +
                                                  server.port() + "\nsoft_write_failure = false\n");
  dir.write(certname + "/conf/routes.yaml",
            "---\napply:\n  catalog:\n    terminus: compiler\n    cache: puppetdb\n"
            "  facts:\n    terminus: facter\n    cache: puppetdb_apply\n");
  std::filesystem::create_directories(home / "ssl" / "certs");
  std::filesystem::create_directories(home / "ssl" / "private_keys");
  const std::string pem = certname + ".pem";
  std::filesystem::copy_file(server.ssldir() / "certs" / pem, home / "ssl" / "certs" / pem);
  std::filesystem::copy_file(server.ssldir() / "private_keys" / pem,
                             home / "ssl" / "private_keys" / pem);
  std::filesystem::copy_file(server.ca_certificate(), home / "ssl" / "certs" / "ca.pem");
  std::filesystem::copy_file(server.crl(), home / "ssl" / "crl.pem");
  return home;
}

CommandResult puppet_apply(const std::filesystem::path& home, const std::string& certname,
                           const std::filesystem::path& manifest) {
  std::vector<std::string> argv = {"puppet",   "apply",          "--certname",
                                   certname,   "--storeconfigs", "--storeconfigs_backend",
                                   "puppetdb", "--color",        "false"};
  const std::pair<const char*, const char*> dirs[] = {{"confdir", "conf"}, {"vardir", "var"},
                                                      {"ssldir", "ssl"},   {"codedir", "code"},
                                                      {"logdir", "log"},   {"rundir", "run"}};
  for (const auto& [setting, dir] : dirs)
    argv.insert(argv.end(), {std::string("--") + setting, (home / dir).string()});
  argv.push_back(manifest.string());
  return run_command(argv, std::chrono::seconds(150));
}

CommandResult peer(const std::string& action, const MarionetteServer& server,
                   const std::string& certname) {
  return run_command({"/usr/bin/python3", kPeer, action, server.port(),
                      (server.ssldir() / "certs" / (certname + ".pem")).string(),
                      (server.ssldir() / "private_keys" / (certname + ".pem")).string(),
                      server.ca_certificate().string()},
                     std::chrono::seconds(60));
}

TEST(PuppetDbTerminus, ExportsAndCollectsThroughIt) {
  if (run_command({"puppet", "--version"}).exit_code != 0) GTEST_SKIP() << "no puppet";
  if (!std::filesystem::exists("/usr/lib/ruby/vendor_ruby/puppet/indirector/catalog/puppetdb.rb"))
    GTEST_SKIP() << "puppet-terminus-puppetdb is not installed";
  ScratchDir dir("puppetdb-terminus");
  dir.write("env/manifests/site.pp", "notify { 'unused': }\n");
  MarionetteServer server(MARIONETTE_BINARY, dir.path() / "env", dir.path());
  ASSERT_FALSE(server.port().empty()) << server.output();
  for (const char* name : {"exporter.test", "collector.test"})
    ASSERT_EQ(run_command({MARIONETTE_BINARY, "ca", "generate", "--certname", name, "--ssldir",
                           server.ssldir().string()})
                  .exit_code,
              0);
  CommandResult exported = peer("export", server, "exporter.test");
  ASSERT_EQ(exported.exit_code, 0) << exported.out << exported.err << server.output();

  std::filesystem::path manifest =
      dir.write("site.pp",
                "@@notify { \"exported by ${trusted['certname']}\": tag => 'fleet' }\n"
                "Notify <<| tag == 'fleet' and title == 'exported by exporter.test' |>>\n");
  CommandResult applied =
      puppet_apply(puppet_home(dir, server, "collector.test"), "collector.test", manifest);
  EXPECT_NE(applied.out.find("Notice: exported by exporter.test"), std::string::npos)
      << applied.out << applied.err << server.output();

  // What the terminus sent for collector.test: its facts and its exported resource.
  CommandResult shown = peer("show", server, "collector.test");
  ASSERT_EQ(shown.exit_code, 0) << shown.out << shown.err;
  json seen = json::parse(shown.out);
  EXPECT_EQ(seen["exported"], json::parse(R"(["exported by collector.test"])"));
  EXPECT_EQ(seen["has_facts"], true);
}

}  // namespace
}  // namespace marionette::testing
