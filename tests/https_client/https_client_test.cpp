// The HTTPS client against a real `marionette server` on 127.0.0.1: the CA's certificate
// fetched without verification, then everything verified (hostname or IP against the alt
// names, the CRL), keep-alive, a client certificate made by `marionette ca generate`, the
// server's refusals seen as statuses or TLS failures, and bounded connects and reads.

#include "https_client/https_client.hpp"

#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "support/command.hpp"
#include "support/marionette_server.hpp"

namespace marionette::https_client {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

class HttpsClientTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("marionette-https-client-" + std::to_string(getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "env" / "manifests");
    fs::create_directories(dir_ / "env" / "modules");
    std::ofstream(dir_ / "env" / "manifests" / "site.pp")
        << "notify { \"hi ${trusted['certname']}\": }\n";
    // Alt names without 127.0.0.1: connecting by that address must fail the identity check.
    server_ = std::make_unique<testing::MarionetteServer>(MARIONETTE_BINARY, dir_ / "env", dir_,
                                                          "localhost");
    ASSERT_FALSE(server_->port().empty()) << server_->output();
    port_ = std::stoi(server_->port());
  }

  void TearDown() override {
    if (server_) {
      EXPECT_EQ(server_->stop(), 0) << server_->output();
    }
    server_.reset();
    fs::remove_all(dir_);
  }

  ClientOptions options(const std::string& host = "localhost") const {
    ClientOptions options;
    options.host = host;
    options.port = port_;
    options.tls.ca_certificate = server_->ca_certificate();
    options.tls.crl = server_->crl();
    options.connect_timeout = 5s;
    options.read_timeout = 20s;
    return options;
  }

  ClientOptions as_node(const std::string& name) const {
    ClientOptions options = this->options();
    options.tls.certificate = server_->ssldir() / "certs" / (name + ".pem");
    options.tls.private_key = server_->ssldir() / "private_keys" / (name + ".pem");
    return options;
  }

  void ca(const std::string& action, const std::string& name) {
    testing::CommandResult result =
        testing::run_command({MARIONETTE_BINARY, "ca", action, "--certname", name, "--ssldir",
                              server_->ssldir().string(), "--keylength", "2048"},
                             60s);
    ASSERT_EQ(result.exit_code, 0) << result.out << result.err;
  }

  fs::path dir_;
  std::unique_ptr<testing::MarionetteServer> server_;
  int port_ = 0;
};

TEST_F(HttpsClientTest, FetchesTheCaCertificateInsecurelyThenVerifiesAndKeepsAlive) {
  ClientOptions insecure = options("127.0.0.1");
  insecure.tls = {};
  HttpsClient bootstrap(insecure);
  http::HttpResponse ca = bootstrap.request("GET", "/puppet-ca/v1/certificate/ca");
  EXPECT_EQ(ca.status, 200);
  EXPECT_EQ(ca.body.rfind("-----BEGIN CERTIFICATE-----", 0), 0u);

  HttpsClient client(options());
  for (int i = 0; i < 3; ++i) {
    http::HttpResponse status = client.request("GET", "/status/v1/simple");
    EXPECT_EQ(status.status, 200);
    EXPECT_EQ(status.body, "running");
    EXPECT_EQ(status.header("X-Puppet-Version"), "7.23.0");
  }
  EXPECT_EQ(client.connections_opened(), 1u);
  // Without a certificate: only the CA's endpoints.
  EXPECT_EQ(client.request("GET", "/puppet/v3/node/any.test?environment=production").status, 403);
}

TEST_F(HttpsClientTest, ChecksTheServersNameAsPuppetsAgent) {
  HttpsClient by_address(options("127.0.0.1"));
  try {
    by_address.request("GET", "/status/v1/simple");
    FAIL() << "127.0.0.1 is not among the server's names";
  } catch (const HttpsError& e) {
    EXPECT_EQ(e.kind(), HttpsError::Kind::verify);
    EXPECT_EQ(std::string(e.what()),
              "Server hostname '127.0.0.1' did not match server certificate; expected one of "
              "server.test, DNS:server.test, DNS:localhost");
  }
  // Another CA's certificate is no trust anchor for this server.
  ClientOptions foreign = options();
  foreign.tls.ca_certificate =
      std::string(MARIONETTE_SOURCE_DIR) + "/tests/https_client/other_ca.pem";
  foreign.tls.revocation = Revocation::none;
  HttpsClient stranger(foreign);
  try {
    stranger.request("GET", "/status/v1/simple");
    FAIL() << "trusted a server of another CA";
  } catch (const HttpsError& e) {
    EXPECT_EQ(e.kind(), HttpsError::Kind::verify);
    EXPECT_EQ(std::string(e.what()),
              "certificate verify failed [self-signed certificate in certificate chain for "
              "CN=Puppet CA: server.test]");
  }
}

TEST_F(HttpsClientTest, ClientCertificateThenRevocationBothWays) {
  ca("generate", "node1.test");
  HttpsClient node(as_node("node1.test"));
  http::HttpResponse catalog = node.request(
      "POST", "/puppet/v3/catalog/node1.test?environment=production",
      "environment=production&facts_format=application%2Fjson&facts=" +
          http::percent_encode(
              http::percent_encode("{\"name\":\"node1.test\",\"values\":{\"kernel\":\"Linux\"}}")),
      {{"Content-Type", "application/x-www-form-urlencoded"}, {"Accept", "application/json"}});
  EXPECT_EQ(catalog.status, 200) << catalog.body;
  EXPECT_NE(catalog.body.find("Notify[hi node1.test]"), std::string::npos) << catalog.body;
  EXPECT_EQ(node.request("GET", "/puppet/v3/node/other.test?environment=production").status, 403);

  // The node revoked: the server refuses the next connection's handshake.
  ca("revoke", "node1.test");
  node.close();
  try {
    node.request("GET", "/puppet/v3/node/node1.test?environment=production");
    FAIL() << "a revoked node was served";
  } catch (const HttpsError& e) {
    EXPECT_EQ(e.kind(), HttpsError::Kind::tls) << e.what();
    EXPECT_NE(std::string(e.what()).find("certificate revoked"), std::string::npos) << e.what();
  }

  // The server's own certificate revoked: a client with the new CRL refuses the server.
  ca("revoke", "server.test");
  HttpsClient checking(options());
  try {
    checking.request("GET", "/status/v1/simple");
    FAIL() << "trusted a revoked server";
  } catch (const HttpsError& e) {
    EXPECT_EQ(e.kind(), HttpsError::Kind::verify);
    EXPECT_EQ(std::string(e.what()),
              "certificate verify failed [certificate revoked for CN=server.test]");
  }
  ClientOptions unchecked = options();
  unchecked.tls.revocation = Revocation::none;
  HttpsClient trusting(unchecked);
  EXPECT_EQ(trusting.request("GET", "/status/v1/simple").status, 200);
}

TEST(HttpsClientBounds, RefusedConnectionAndSilentServerFailWithinTheirTimeouts) {
  // A port nobody listens on: refused, with Puppet's wording.
  int probe = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t length = sizeof address;
  ASSERT_EQ(::bind(probe, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
  ::getsockname(probe, reinterpret_cast<sockaddr*>(&address), &length);
  int port = ntohs(address.sin_port);
  ClientOptions options;
  options.host = "127.0.0.1";
  options.port = port;
  options.connect_timeout = 2s;
  options.read_timeout = 300ms;
  try {
    HttpsClient(options).request("GET", "/status/v1/simple");
    FAIL() << "connected to a closed port";
  } catch (const HttpsError& e) {
    EXPECT_EQ(e.kind(), HttpsError::Kind::connect);
    EXPECT_EQ(std::string(e.what()),
              "Failed to open TCP connection to 127.0.0.1:" + std::to_string(port) +
                  " (Connection refused - connect(2) for \"127.0.0.1\" port " +
                  std::to_string(port) + ")");
  }
  // Listening but never answering: the handshake's read times out.
  ASSERT_EQ(::listen(probe, 4), 0);
  auto start = std::chrono::steady_clock::now();
  try {
    HttpsClient(options).request("GET", "/status/v1/simple");
    FAIL() << "a silent server answered";
  } catch (const HttpsError& e) {
    EXPECT_EQ(e.kind(), HttpsError::Kind::timeout) << e.what();
  }
  EXPECT_LT(std::chrono::steady_clock::now() - start, 5s);
  ::close(probe);
}

TEST(HttpsClientBounds, UnreadableTlsFilesAreASetupError) {
  ClientOptions options;
  options.host = "127.0.0.1";
  options.tls.ca_certificate = "/nonexistent/ca.pem";
  try {
    HttpsClient client(options);
    FAIL() << "accepted a missing CA certificate";
  } catch (const HttpsError& e) {
    EXPECT_EQ(e.kind(), HttpsError::Kind::setup);
    EXPECT_EQ(std::string(e.what()).rfind("cannot read the CA certificate /nonexistent/ca.pem", 0),
              0u);
  }
}

}  // namespace
}  // namespace marionette::https_client
