// Escalation through the CA, tried as a hostile node against the real `marionette server` on
// 127.0.0.1 (issue 32, item 1 and the CA's part of item 7), with requests made by `openssl req`
// as an attacker would make them and sent by curl. What puppetserver 7.9.5 answers is the
// expectation (its certificate_authority.clj and default auth.conf): a request for Puppet's
// authorization extensions is refused unless allow-authorization-extensions, and pp_cli_auth
// always; only a certificate with pp_cli_auth (the server's own, `ca generate --ca-client`)
// reaches certificate_status(es); the certificate's subject is CN=certname alone; names
// puppetserver refuses are refused with its words, and `ca` (which /certificate/ca answers
// with the CA's own certificate) is refused. Skipped, saying so, without curl or openssl.

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "support/command.hpp"
#include "support/marionette_server.hpp"
#include "support/scratch_dir.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

const std::string kRestart =
    " Then restart the puppetserver and try signing this certificate again.";
const std::string kCliAuth = "1.3.6.1.4.1.34380.1.3.39=ASN1:UTF8String:true";
const std::string kAuthRole = "1.3.6.1.4.1.34380.1.3.13=ASN1:UTF8String:operator";

struct Response {
  int status = 0;
  std::string body;
};

class CaEscalation : public ::testing::Test {
 protected:
  void SetUp() override {
    if (testing::find_executable("curl").empty() || testing::find_executable("openssl").empty())
      GTEST_SKIP() << "needs curl and openssl";
    dir_.write("env/manifests/site.pp", "node default {}\n");
  }

  void start(const std::string& autosign, std::vector<std::string> extra_args = {}) {
    server_ = std::make_unique<testing::MarionetteServer>(MARIONETTE_BINARY, dir_.path() / "env",
                                                          dir_.path(), "localhost,IP:127.0.0.1",
                                                          std::move(extra_args), autosign);
    ASSERT_FALSE(server_->port().empty()) << server_->output();
  }

  void TearDown() override {
    if (server_) {
      EXPECT_EQ(server_->stop(), 0) << server_->output();
    }
  }

  fs::path node_dir(const std::string& name) { return dir_.path() / "nodes" / name; }

  /// A key and a CSR made by openssl for `subject`, with `extensions` (openssl -addext).
  fs::path make_csr(const std::string& name, const std::string& subject,
                    const std::vector<std::string>& extensions = {}) {
    fs::create_directories(node_dir(name));
    std::vector<std::string> argv = {
        "openssl",  "req",    "-new",    "-newkey",
        "rsa:2048", "-nodes", "-keyout", (node_dir(name) / "key.pem").string(),
        "-subj",    subject,  "-out",    (node_dir(name) / "csr.pem").string()};
    for (const std::string& extension : extensions) argv.insert(argv.end(), {"-addext", extension});
    testing::CommandResult made = testing::run_command(argv, 60s);
    EXPECT_EQ(made.exit_code, 0) << made.err;
    return node_dir(name) / "csr.pem";
  }

  /// curl's answer; `identity` "" for none, "server.test" for the server's own certificate,
  /// else a node's (made by make_csr and fetched by fetch_certificate, or `ca generate`).
  Response http(const std::string& method, const std::string& path,
                const std::string& identity = "", const std::string& body_file = "",
                const std::string& content_type = "text/plain") {
    std::vector<std::string> argv = {
        "curl", "-s", "--max-time",     "20",       "-X",
        method, "-w", "\n%{http_code}", "--cacert", server_->ca_certificate().string()};
    if (identity == "server.test" || identity == "admin.test") {
      fs::path ssl = server_->ssldir();
      argv.insert(argv.end(), {"--cert", (ssl / "certs" / (identity + ".pem")).string(), "--key",
                               (ssl / "private_keys" / (identity + ".pem")).string()});
    } else if (!identity.empty()) {
      argv.insert(argv.end(), {"--cert", (node_dir(identity) / "cert.pem").string(), "--key",
                               (node_dir(identity) / "key.pem").string()});
    }
    if (!body_file.empty())
      argv.insert(argv.end(),
                  {"-H", "Content-Type: " + content_type, "--data-binary", "@" + body_file});
    argv.push_back("https://127.0.0.1:" + server_->port() + path);
    testing::CommandResult result = testing::run_command(argv, 30s);
    Response response;
    std::size_t last = result.out.rfind('\n');
    if (last == std::string::npos) return response;
    response.body = result.out.substr(0, last);
    response.status = std::atoi(result.out.c_str() + last + 1);
    return response;
  }

  Response submit(const std::string& name, const fs::path& csr) {
    return http("PUT", "/puppet-ca/v1/certificate_request/" + name, "", csr.string());
  }

  /// GET /certificate/NAME into the node's cert.pem; the status.
  int fetch_certificate(const std::string& name) {
    Response response = http("GET", "/puppet-ca/v1/certificate/" + name);
    if (response.status == 200) dir_.write(node_dir(name) / "cert.pem", response.body);
    return response.status;
  }

  Response set_state(const std::string& identity, const std::string& name,
                     const std::string& state) {
    fs::path body = dir_.write("state.json", "{\"desired_state\":\"" + state + "\"}");
    return http("PUT", "/puppet-ca/v1/certificate_status/" + name, identity, body.string(),
                "application/json");
  }

  testing::CommandResult ca(std::vector<std::string> words) {
    words.insert(words.begin(), {MARIONETTE_BINARY, "ca"});
    words.insert(words.end(), {"--ssldir", server_->ssldir().string(), "--keylength", "2048"});
    return testing::run_command(words, 60s);
  }

  testing::ScratchDir dir_{"ca-escalation"};
  std::unique_ptr<testing::MarionetteServer> server_;
};

TEST_F(CaEscalation, AutosignRefusesPpCliAuthInPuppetserversWords) {
  start("true");
  Response refused = submit("evil.test", make_csr("evil.test", "/CN=evil.test", {kCliAuth}));
  EXPECT_EQ(refused.status, 400);
  EXPECT_EQ(refused.body,
            "CSR 'evil.test' contains an authorization extension, which is disallowed. To allow "
            "authorization extensions, set allow-authorization-extensions to true in your "
            "ca.conf file." +
                kRestart);
  EXPECT_EQ(fetch_certificate("evil.test"), 404);
  // Kept as a request, as puppetserver keeps it, for an operator to see.
  Response status = http("GET", "/puppet-ca/v1/certificate_status/evil.test", "server.test");
  EXPECT_EQ(status.status, 200);
  EXPECT_NE(status.body.find("\"state\":\"requested\""), std::string::npos) << status.body;
}

TEST_F(CaEscalation, ANodesCertificateCannotListRevokeOrClean) {
  start("true");
  for (const std::string name : {"node1.test", "victim.test"}) {
    ASSERT_EQ(submit(name, make_csr(name, "/CN=" + name)).status, 200);
    ASSERT_EQ(fetch_certificate(name), 200);
  }
  Response list = http("GET", "/puppet-ca/v1/certificate_statuses/any", "node1.test");
  EXPECT_EQ(list.status, 403);
  EXPECT_EQ(list.body,
            "Forbidden request: node1.test(127.0.0.1) access to "
            "/puppet-ca/v1/certificate_statuses/any (method :get) (authenticated: true) denied "
            "by rule 'puppetlabs cert status'.");
  EXPECT_EQ(http("GET", "/puppet-ca/v1/certificate_status/node1.test", "node1.test").status, 403);
  EXPECT_EQ(set_state("node1.test", "victim.test", "revoked").status, 403);
  EXPECT_EQ(http("DELETE", "/puppet-ca/v1/certificate_status/victim.test", "node1.test").status,
            403);
  Response victim = http("GET", "/puppet-ca/v1/certificate_status/victim.test", "server.test");
  EXPECT_NE(victim.body.find("\"state\":\"signed\""), std::string::npos) << victim.body;
}

TEST_F(CaEscalation, PpCliAuthIsNeverSignedEvenWithAuthorizationExtensionsAllowed) {
  start("true", {"--allow-authorization-extensions"});
  Response refused = submit("evil.test", make_csr("evil.test", "/CN=evil.test", {kCliAuth}));
  EXPECT_EQ(refused.status, 400);
  EXPECT_EQ(refused.body, "Found extensions that are not permitted: 1.3.6.1.4.1.34380.1.3.39");
  EXPECT_EQ(fetch_certificate("evil.test"), 404);
  // Other authorization extensions are signed now, and give no access to the CA.
  ASSERT_EQ(submit("ops.test", make_csr("ops.test", "/CN=ops.test", {kAuthRole})).status, 200);
  ASSERT_EQ(fetch_certificate("ops.test"), 200);
  EXPECT_EQ(http("GET", "/puppet-ca/v1/certificate_statuses/any", "ops.test").status, 403);
}

TEST_F(CaEscalation, CaClientCertificatesAdministerAndSigningChecksTheRequest) {
  start("false");
  testing::CommandResult generated = ca({"generate", "--certname", "admin.test", "--ca-client"});
  ASSERT_EQ(generated.exit_code, 0) << generated.err;
  ASSERT_EQ(submit("victim.test", make_csr("victim.test", "/CN=victim.test")).status, 200);
  for (const std::string admin : {"admin.test", "server.test"}) {
    Response list = http("GET", "/puppet-ca/v1/certificate_statuses/any", admin);
    EXPECT_EQ(list.status, 200) << admin;
    EXPECT_NE(list.body.find("{\"name\":\"victim.test\",\"state\":\"requested\""),
              std::string::npos)
        << list.body;
  }
  EXPECT_EQ(set_state("admin.test", "victim.test", "signed").status, 204);
  EXPECT_EQ(fetch_certificate("victim.test"), 200);
  EXPECT_EQ(set_state("admin.test", "victim.test", "revoked").status, 204);
  EXPECT_EQ(http("DELETE", "/puppet-ca/v1/certificate_status/victim.test", "admin.test").status,
            204);
  EXPECT_EQ(http("GET", "/puppet-ca/v1/certificate_status/victim.test", "admin.test").status, 404);

  // The HTTP sign path and `marionette ca sign` refuse what autosign refuses.
  const std::string refusal =
      "CSR 'ops.test' contains an authorization extension, which is disallowed. To allow "
      "authorization extensions, set allow-authorization-extensions to true in your ca.conf "
      "file." +
      kRestart;
  ASSERT_EQ(submit("ops.test", make_csr("ops.test", "/CN=ops.test", {kAuthRole})).status, 200);
  Response conflict = set_state("admin.test", "ops.test", "signed");
  EXPECT_EQ(conflict.status, 409);
  EXPECT_EQ(conflict.body, refusal);
  testing::CommandResult cli = ca({"sign", "--certname", "ops.test"});
  EXPECT_EQ(cli.exit_code, 1);
  EXPECT_EQ(cli.err, "Error:\n    " + refusal + "\n");
  cli = ca({"sign", "--certname", "ops.test", "--allow-authorization-extensions"});
  EXPECT_EQ(cli.exit_code, 0) << cli.err;
  ASSERT_EQ(submit("evil.test", make_csr("evil.test", "/CN=evil.test", {kCliAuth})).status, 200);
  cli = ca({"sign", "--certname", "evil.test", "--allow-authorization-extensions"});
  EXPECT_EQ(cli.exit_code, 1);
  EXPECT_EQ(cli.err,
            "Error:\n    Found extensions that are not permitted: "
            "1.3.6.1.4.1.34380.1.3.39\n");
  EXPECT_EQ(fetch_certificate("evil.test"), 404);
}

TEST_F(CaEscalation, TheCertificatesSubjectIsTheCertnameAlone) {
  start("true");
  fs::path csr = make_csr("multi.test", "/CN=multi.test/CN=server.test/O=Evil");
  ASSERT_EQ(submit("multi.test", csr).status, 200);
  ASSERT_EQ(fetch_certificate("multi.test"), 200);
  testing::CommandResult subject =
      testing::run_command({"openssl", "x509", "-noout", "-subject", "-nameopt", "RFC2253", "-in",
                            (node_dir("multi.test") / "cert.pem").string()});
  EXPECT_EQ(subject.out, "subject=CN=multi.test\n");
}

TEST_F(CaEscalation, CertnamesPuppetserverRefusesAndTheReservedCa) {
  start("true");
  Response reserved = submit("ca", make_csr("ca", "/CN=ca"));
  EXPECT_EQ(reserved.status, 400);
  EXPECT_EQ(reserved.body,
            "The certname \"ca\" is reserved for the CA's own certificate and can't be used for a "
            "node");
  EXPECT_EQ(http("GET", "/puppet-ca/v1/certificate/ca").body,
            testing::ScratchDir::read(server_->ca_certificate()));
  EXPECT_FALSE(fs::exists(server_->ssldir() / "ca" / "signed" / "ca.pem"));

  struct Case {
    std::string name, error;
  };
  for (const Case& refused : {Case{"Upper.test", "Certificate names must be lower case."},
                              Case{"*.test",
                                   "Subject contains a wildcard, which is not allowed: "
                                   "*.test"},
                              Case{"bad-", "Subject hostname format is invalid"},
                              Case{"bad_-.test", "Subject hostname format is invalid"}}) {
    Response response = submit(refused.name, make_csr(refused.name, "/CN=" + refused.name));
    EXPECT_EQ(response.status, 400) << refused.name;
    EXPECT_EQ(response.body, refused.error) << refused.name;
  }
  EXPECT_FALSE(fs::exists(server_->ssldir() / "ca" / "signed" / "Upper.test.pem"));
  EXPECT_FALSE(fs::exists(server_->ssldir() / "ca" / "signed" / "*.test.pem"));
}

}  // namespace
}  // namespace marionette
