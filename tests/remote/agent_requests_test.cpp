// What `marionette agent --server` sends, as the Puppet agent whose behaviour the run follows
// sends it: Puppet's http_user_agent names that Puppet's version on every request.
#include "remote/agent_requests.hpp"

#include <gtest/gtest.h>

#include <string>

namespace marionette::remote {
namespace {

std::string header(const Request& request, const std::string& name) {
  for (const auto& [key, value] : request.headers)
    if (key == name) return value;
  return "";
}

TEST(AgentRequests, UserAgentNamesThePuppetTheRunFollows) {
  RunIdentity seven{"node.example.com", "production", make_uuid(), PuppetCompat::puppet7};
  RunIdentity eight = seven;
  eight.compat = PuppetCompat::puppet8;
  EXPECT_EQ(header(node_request(seven), "User-Agent"), "Puppet/7.23.0 marionette");
  EXPECT_EQ(header(node_request(eight), "User-Agent"), "Puppet/8.28.1 marionette");
  EXPECT_EQ(header(catalog_request(eight, "{}"), "User-Agent"), "Puppet/8.28.1 marionette");
  EXPECT_EQ(header(report_request(eight, "{}"), "User-Agent"), "Puppet/8.28.1 marionette");
  for (PuppetCompat compat : {PuppetCompat::puppet7, PuppetCompat::puppet8}) {
    const std::string expected = std::string("Puppet/") + puppet_version_of(compat) + " marionette";
    EXPECT_EQ(header(file_content_request("production", compat, "modules/m/f"), "User-Agent"),
              expected);
    EXPECT_EQ(header(file_metadata_request("production", compat, "modules/m/f"), "User-Agent"),
              expected);
    EXPECT_EQ(header(file_metadatas_request("production", compat, "modules/m", true), "User-Agent"),
              expected);
  }
}

TEST(AgentRequests, FactsSayTheClientVersionOfTheRun) {
  RunIdentity eight{"node.example.com", "production", make_uuid(), PuppetCompat::puppet8};
  facts::Facts facts = facts::Facts::object();
  facts["os"] = facts::Facts::object();
  const std::string document = facts_document(facts, eight, false);
  EXPECT_NE(document.find("\"clientversion\":\"8.28.1\""), std::string::npos) << document;
  EXPECT_NE(document.find("\"clientcert\":\"node.example.com\""), std::string::npos) << document;
}

}  // namespace
}  // namespace marionette::remote
