// puppetserver's checks of a certificate request, with its words (its certificate_authority.clj
// in puppetserver 7.9.5: validate-subject!, ensure-no-authorization-extensions!,
// validate-extensions!, ensure-subject-alt-names-allowed!).
#include "ca/csr_policy.hpp"

#include <gtest/gtest.h>

#include <utility>
#include <vector>

#include "ca/certificate_signing.hpp"
#include "test_requests.hpp"

namespace marionette::ca {
namespace {

std::string subject_error(const std::string& hostname, const std::string& subject) {
  try {
    validate_subject(hostname, subject);
  } catch (const CaError& e) {
    return e.what();
  }
  return "";
}

TEST(CsrPolicy, SubjectsAsPuppetserverValidatesThem) {
  const std::string invalid = "Subject hostname format is invalid";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"agent1.example", ""},
      {"agent_1.example-2.com", ""},
      {"_underscore.test", ""},
      {"trailing.dot.", ""},  // Java's split drops the empty last label
      {"Upper.test", "Certificate names must be lower case."},
      {"*.test", "Subject contains a wildcard, which is not allowed: *.test"},
      {"ends-", invalid},
      {"label-.test", invalid},
      {"-start.test", invalid},
      {".start.test", invalid},
      {"two..dots", invalid},
      {"sp ace.test", invalid},
      {"slash/x", invalid},
      {"..", invalid},
      {"", invalid},
      {"caf\xc3\xa9.test", invalid},
      {"ca",
       "The certname \"ca\" is reserved for the CA's own certificate and can't be used "
       "for a node"},
  };
  for (const auto& [name, error] : cases) EXPECT_EQ(subject_error(name, name), error) << name;
  EXPECT_EQ(subject_error("agent1.example", "someone.else"),
            "Instance name \"someone.else\" does not match requested key \"agent1.example\"");
}

TEST(CsrPolicy, ExtensionArcsPuppetserverSigns) {
  EXPECT_TRUE(is_signable_extension("2.5.29.17"));
  EXPECT_TRUE(is_signable_extension("1.3.6.1.4.1.34380.1.1.13"));   // pp_role
  EXPECT_TRUE(is_signable_extension("1.3.6.1.4.1.34380.1.2.7"));    // a private extension
  EXPECT_TRUE(is_signable_extension("1.3.6.1.4.1.34380.1.3.13"));   // pp_auth_role
  EXPECT_FALSE(is_signable_extension("1.3.6.1.4.1.34380.1.3.39"));  // pp_cli_auth: reserved
  EXPECT_FALSE(is_signable_extension("1.3.6.1.4.1.34380.1.4.1"));
  EXPECT_FALSE(is_signable_extension("1.3.6.1.4.1.34380.1.1"));  // the arc itself
  EXPECT_FALSE(is_signable_extension("1.3.6.1.4.1.34380.1.10.1"));
  EXPECT_FALSE(is_signable_extension("2.5.29.19"));  // basicConstraints
  EXPECT_TRUE(is_authorization_extension("1.3.6.1.4.1.34380.1.3.39"));
  EXPECT_TRUE(is_authorization_extension("1.3.6.1.4.1.34380.1.3.1"));
  EXPECT_FALSE(is_authorization_extension("1.3.6.1.4.1.34380.1.30.1"));
}

std::string signing_error(const std::string& pem, const std::string& name, CaOptions options) {
  try {
    X509ReqPtr request = read_request(name, pem);
    check_signable(request.get(), name, options);
  } catch (const CaError& e) {
    return e.what();
  }
  return "";
}

TEST(CsrPolicy, AuthorizationExtensionsOnlyWhenAllowedAndPpCliAuthNever) {
  const std::string restart =
      " Then restart the puppetserver and try signing this certificate again.";
  CaOptions strict, allowing;
  allowing.allow_authorization_extensions = true;
  std::string cli_auth =
      testing_requests::request("evil.test", {{"1.3.6.1.4.1.34380.1.3.39", "true"}});
  EXPECT_EQ(signing_error(cli_auth, "evil.test", strict),
            "CSR 'evil.test' contains an authorization extension, which is disallowed. To allow "
            "authorization extensions, set allow-authorization-extensions to true in your "
            "ca.conf file." +
                restart);
  EXPECT_EQ(signing_error(cli_auth, "evil.test", allowing),
            "Found extensions that are not permitted: 1.3.6.1.4.1.34380.1.3.39");
  std::string auth_role =
      testing_requests::request("ops.test", {{"1.3.6.1.4.1.34380.1.3.13", "operator"}});
  EXPECT_NE(signing_error(auth_role, "ops.test", strict), "");
  EXPECT_EQ(signing_error(auth_role, "ops.test", allowing), "");
  std::string role = testing_requests::request("web.test", {{"1.3.6.1.4.1.34380.1.1.13", "web"}});
  EXPECT_EQ(signing_error(role, "web.test", strict), "");
  std::string foreign = testing_requests::request(
      "web.test",
      {{"1.3.6.1.4.1.34380.1.1.13", "web"}, {"1.2.3.4", "x"}, {"1.3.6.1.4.1.34380.1.9.1", "y"}});
  EXPECT_EQ(signing_error(foreign, "web.test", allowing),
            "Found extensions that are not permitted: 1.2.3.4, 1.3.6.1.4.1.34380.1.9.1");
}

TEST(CsrPolicy, AltNamesBeyondTheCertnameNeedTheSetting) {
  CaOptions strict;
  EXPECT_EQ(signing_error(testing_requests::request("a.test", {}, "DNS:a.test"), "a.test", strict),
            "");
  EXPECT_EQ(signing_error(testing_requests::request("a.test", {}, "DNS:a.test,DNS:www,IP:10.0.0.1"),
                          "a.test", strict),
            "CSR 'a.test' contains extra subject alternative names (IP:10.0.0.1, DNS:www), which "
            "are disallowed. To allow subject alternative names, set allow-subject-alt-names to "
            "true in your ca.conf file. Then restart the puppetserver and try signing this "
            "certificate again.");
}

TEST(CsrPolicy, IssuedSubjectIsTheCertnameAlone) {
  KeyPtr ca_key = generate_rsa_key(2048);
  X509Ptr ca_certificate = make_ca_certificate(ca_key.get(), "Puppet CA: t", std::chrono::hours(1));
  std::string pem = testing_requests::request("multi.test", {{"1.3.6.1.4.1.34380.1.1.13", "web"}},
                                              "", {{"CN", "admin.test"}, {"O", "Evil"}});
  X509ReqPtr request = read_request("multi.test", pem);
  X509Ptr certificate = issue_certificate(request.get(), "multi.test", ca_certificate.get(),
                                          ca_key.get(), 2, {}, std::chrono::hours(1));
  X509_NAME* subject = X509_get_subject_name(certificate.get());
  EXPECT_EQ(X509_NAME_entry_count(subject), 1);
  EXPECT_EQ(common_name(subject), "multi.test");
  char oid[64];
  int found = 0;
  for (int i = 0; i < X509_get_ext_count(certificate.get()); ++i) {
    OBJ_obj2txt(oid, sizeof oid, X509_EXTENSION_get_object(X509_get_ext(certificate.get(), i)), 1);
    if (std::string(oid) == "1.3.6.1.4.1.34380.1.1.13") ++found;
    EXPECT_NE(std::string(oid), "1.3.6.1.4.1.34380.1.3.39");
  }
  EXPECT_EQ(found, 1);
}

}  // namespace
}  // namespace marionette::ca
