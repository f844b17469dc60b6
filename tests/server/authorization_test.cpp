#include <gtest/gtest.h>

#include "server/authorization.hpp"

namespace marionette::server {
namespace {

PeerIdentity node(const std::string& name) {
  PeerIdentity peer;
  peer.authenticated = true;
  peer.certname = name;
  return peer;
}

bool allowed(const std::string& method, const std::string& path, const PeerIdentity& peer) {
  return authorize(method, path, peer).allowed;
}

TEST(Authorization, ANodeReadsOnlyItsOwnCatalogNodeAndReport) {
  PeerIdentity web = node("web.test");
  EXPECT_TRUE(allowed("POST", "/puppet/v3/catalog/web.test", web));
  EXPECT_TRUE(allowed("GET", "/puppet/v3/catalog/web.test", web));
  EXPECT_FALSE(allowed("POST", "/puppet/v3/catalog/db.test", web));
  EXPECT_FALSE(allowed("POST", "/puppet/v3/catalog/web.test/x", web));
  EXPECT_TRUE(allowed("GET", "/puppet/v3/node/web.test", web));
  EXPECT_FALSE(allowed("GET", "/puppet/v3/node/db.test", web));
  EXPECT_TRUE(allowed("PUT", "/puppet/v3/report/web.test", web));
  EXPECT_FALSE(allowed("PUT", "/puppet/v3/report/db.test", web));
  EXPECT_FALSE(allowed("DELETE", "/puppet/v3/catalog/web.test", web));
  EXPECT_TRUE(allowed("GET", "/puppet/v3/file_metadatas/plugins", web));
  EXPECT_TRUE(allowed("GET", "/puppet/v3/file_content/modules/m/f", web));
  EXPECT_FALSE(allowed("GET", "/puppet-ca/v1/certificate_status/db.test", web));
  EXPECT_FALSE(allowed("GET", "/anything/else", web));
  EXPECT_EQ(authorize("GET", "/anything/else", web).rule, "puppetlabs deny all");
}

TEST(Authorization, WithoutACertificateOnlyTheCa) {
  PeerIdentity anonymous;
  EXPECT_TRUE(allowed("GET", "/puppet-ca/v1/certificate/ca", anonymous));
  EXPECT_TRUE(allowed("GET", "/puppet-ca/v1/certificate/web.test", anonymous));
  EXPECT_TRUE(allowed("GET", "/puppet-ca/v1/certificate_revocation_list/ca", anonymous));
  EXPECT_TRUE(allowed("PUT", "/puppet-ca/v1/certificate_request/web.test", anonymous));
  EXPECT_TRUE(allowed("GET", "/status/v1/simple", anonymous));
  EXPECT_FALSE(allowed("POST", "/puppet/v3/catalog/web.test", anonymous));
  EXPECT_FALSE(allowed("GET", "/puppet/v3/file_metadata/modules/m/f", anonymous));
  EXPECT_FALSE(allowed("GET", "/puppet-ca/v1/certificate_status/web.test", anonymous));
}

// puppetserver 7's auth.conf: allow {extensions: {pp_cli_auth: "true"}}, nothing else; the
// server's own certificate passes because the CA gave it the extension, not by its name.
TEST(Authorization, CertificateStatusOnlyForPpCliAuth) {
  EXPECT_FALSE(allowed("PUT", "/puppet-ca/v1/certificate_status/web.test", node("server.test")));
  EXPECT_FALSE(allowed("GET", "/puppet-ca/v1/certificate_status/web.test", node("web.test")));
  PeerIdentity operator_ = node("ops.test");
  operator_.extensions["pp_cli_auth"] = "true";
  EXPECT_TRUE(allowed("DELETE", "/puppet-ca/v1/certificate_status/web.test", operator_));
  EXPECT_TRUE(allowed("GET", "/puppet-ca/v1/certificate_statuses/any", operator_));
  PeerIdentity other = node("ops.test");
  other.extensions["pp_cli_auth"] = "yes";
  EXPECT_FALSE(allowed("GET", "/puppet-ca/v1/certificate_statuses/any", other));
  EXPECT_EQ(authorize("GET", "/puppet-ca/v1/certificate_statuses/any", node("web.test")).rule,
            "puppetlabs cert status");
  EXPECT_EQ(authorize("PUT", "/puppet-ca/v1/certificate_status/web.test", node("web.test")).rule,
            "puppetlabs cert status");
}

TEST(Authorization, ThePuppetDbApiNeedsACertificate) {
  // PuppetDB's default: any client with a certificate (the server narrows it further with
  // --certificate-allowlist); none without one.
  EXPECT_TRUE(allowed("GET", "/pdb/query/v4/nodes", node("web.test")));
  EXPECT_TRUE(allowed("POST", "/pdb/cmd/v1", node("web.test")));
  EXPECT_TRUE(allowed("GET", "/status/v1/services/puppetdb-status", node("web.test")));
  EXPECT_EQ(authorize("GET", "/pdb/query/v4", node("web.test")).rule, "puppetdb");
  EXPECT_FALSE(allowed("GET", "/pdb/query/v4/nodes", PeerIdentity{}));
  EXPECT_FALSE(allowed("POST", "/pdb/cmd/v1", PeerIdentity{}));
  EXPECT_FALSE(allowed("DELETE", "/pdb/query/v4/nodes", node("web.test")));
}

TEST(Authorization, RefusalsInTrapperkeeperWords) {
  EXPECT_EQ(forbidden_message("POST", "/puppet/v3/catalog/db.test", node("web.test"), "127.0.0.1",
                              "puppetlabs v3 catalog from agents"),
            "Forbidden request: web.test(127.0.0.1) access to /puppet/v3/catalog/db.test (method "
            ":post) (authenticated: true) denied by rule 'puppetlabs v3 catalog from agents'.");
  EXPECT_EQ(forbidden_message("GET", "/x", PeerIdentity{}, "10.0.0.1", "puppetlabs deny all"),
            "Forbidden request: 10.0.0.1 access to /x (method :get) (authenticated: false) denied "
            "by rule 'puppetlabs deny all'.");
}

}  // namespace
}  // namespace marionette::server
