// What `marionette server` answers where puppetserver answers 404 (unknown paths, environments,
// files, modules) or 400, with its content types and bodies, and fileserver.conf's own mounts
// (%d/%h, %H, a plain directory) and the locales mount: compared with Debian's puppetserver
// 7.9.5's answers to the same requests on the same tree, recorded by
// fixtures/puppetserver_answers/record.py into answers.json. Real server on 127.0.0.1, requests
// by curl with node1.example.com's certificate; skipped without curl.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>

#include "support/command.hpp"
#include "support/marionette_server.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

void write(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  std::ofstream(path) << text;
}

/// The tree record.py's layout() makes, under `root`.
void layout(const fs::path& root) {
  for (const char* env : {"production", "nostatic"}) {
    const fs::path e = root / "code" / "environments" / env;
    write(e / "manifests" / "site.pp",
          "node default {\n  file { '/tmp/marionette-answers-static': source => "
          "'puppet:///modules/m1/a.txt' }\n}\n");
    write(e / "modules" / "m1" / "files" / "a.txt", "module file\n");
    write(e / "modules" / "m1" / "locales" / "ja" / "m1.po", "msgid \"\"\n");
  }
  write(root / "code" / "environments" / "nostatic" / "environment.conf",
        "static_catalogs = false\n");
  const fs::path mounts = root / "mounts";
  write(mounts / "example.com" / "node1" / "s.txt", "per-node file\n");
  write(mounts / "node1.example.com" / "s.txt", "per-certname file\n");
  write(mounts / "plain" / "s.txt", "plain mount file\n");
  write(mounts / "plain" / "sub" / "t.txt", "nested\n");
  write(root / "fileserver.conf", "# custom mounts\n[shared]\n  path " + mounts.string() +
                                      "/%d/%h\n  allow *\n[byname]\n  path " + mounts.string() +
                                      "/%H\n  allow *\n[plain]\n  path " + mounts.string() +
                                      "/plain\n  allow *\n");
}

struct Answer {
  int status = 0;
  std::string content_type;
  std::string body;
};

TEST(ServerAnswers, NotFoundAndMountsAsPuppetserver) {
  if (testing::find_executable("curl").empty()) GTEST_SKIP() << "needs curl";
  std::ifstream in(fs::path(MARIONETTE_FIXTURES_DIR) / "puppetserver_answers" / "answers.json");
  const nlohmann::json recorded = nlohmann::json::parse(in);
  const fs::path root =
      fs::temp_directory_path() / ("marionette-answers-" + std::to_string(getpid()));
  fs::remove_all(root);
  layout(root);
  fs::create_directories(root / "server");  // for its log
  const fs::path production = root / "code" / "environments" / "production";
  testing::MarionetteServer server(
      MARIONETTE_BINARY, production, root / "server", "localhost,IP:127.0.0.1",
      {"--environmentpath", (root / "code" / "environments").string(), "--fileserverconfig",
       (root / "fileserver.conf").string(), "--no-snmp"});
  ASSERT_FALSE(server.port().empty()) << server.output();
  testing::CommandResult generated =
      testing::run_command({MARIONETTE_BINARY, "ca", "generate", "--certname", "node1.example.com",
                            "--ssldir", server.ssldir().string(), "--keylength", "2048"},
                           60s);
  ASSERT_EQ(generated.exit_code, 0) << generated.out << generated.err;

  auto ask = [&](const std::string& path) {
    const fs::path ssl = server.ssldir();
    testing::CommandResult done = testing::run_command(
        {"curl", "-s", "--max-time", "30", "-w", "\n%{http_code} %{content_type}", "--cacert",
         server.ca_certificate().string(), "--cert",
         (ssl / "certs" / "node1.example.com.pem").string(), "--key",
         (ssl / "private_keys" / "node1.example.com.pem").string(), "-H",
         "Accept: application/json, application/octet-stream, text/plain",
         "https://127.0.0.1:" + server.port() + path},
        60s);
    Answer answer;
    const std::size_t last = done.out.rfind('\n');
    answer.body = done.out.substr(0, last);
    std::istringstream tail(done.out.substr(last + 1));
    tail >> answer.status;
    std::getline(tail >> std::ws, answer.content_type);
    return answer;
  };

  // Where marionette answers as puppetserver does, byte for byte. Left out, and said in
  // docs/puppet-differences.md: an unknown mount (puppetserver: 500 "Not authorized to call
  // find …"), static_file_content (its code-content-command's error), metadata (paths, times).
  const std::set<std::string> compared_prefixes = {
      "/nosuch",
      "/puppet/v3/nosuch",
      "/puppet-ca/v1/certificate/",
      "/puppet/v3/node/node1.example.com?environment=nosuchenv",
      "/puppet/v3/file_metadata/modules/",
      "/puppet/v3/file_content/modules/",
      "/puppet/v3/file_metadatas/modules/",
      "/puppet/v3/file_content/shared/",
      "/puppet/v3/file_content/byname/",
      "/puppet/v3/file_content/plain/",
      "/puppet/v3/file_metadata/plain/missing",
      "/puppet/v3/file_content/locales/"};
  int compared = 0;
  for (const nlohmann::json& expected : recorded["answers"]) {
    const std::string path = expected["path"];
    if (expected["method"] != "GET") continue;
    bool wanted = false;
    for (const std::string& prefix : compared_prefixes)
      if (path.rfind(prefix, 0) == 0) wanted = true;
    if (!wanted) continue;
    ++compared;
    const Answer answer = ask(path);
    EXPECT_EQ(answer.status, expected["status"].get<int>()) << path << "\n" << answer.body;
    EXPECT_EQ(answer.content_type,
              expected["content_type"].is_null() ? "" : expected["content_type"].get<std::string>())
        << path;
    EXPECT_EQ(answer.body, expected["body"].get<std::string>()) << path;
  }
  EXPECT_EQ(compared, 20) << "answers.json no longer holds the requests compared";
  fs::remove_all(root);
}

}  // namespace
}  // namespace marionette
