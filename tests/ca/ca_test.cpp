#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "ca/certificate_authority.hpp"
#include "ca/certificate_signing.hpp"
#include "ca/host_identity.hpp"
#include "ca/openssl_handles.hpp"
#include "test_requests.hpp"

namespace marionette::ca {
namespace {

namespace fs = std::filesystem;

std::string read(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

class CaTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("marionette-ca-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  CertificateAuthority make_ca(CaOptions options = {}) {
    options.key_bits = 2048;
    CertificateAuthority ca(dir_ / "ssl", options);
    ca.create_if_missing("Puppet CA: server.example");
    return ca;
  }

  static std::string request_for(const std::string& cn, const std::string& alt_names = "") {
    KeyPtr key = generate_rsa_key(2048);
    X509ReqPtr request = make_request(key.get(), cn);
    if (!alt_names.empty()) {
      ExtensionsPtr extensions(sk_X509_EXTENSION_new_null());
      X509_EXTENSION* san =
          X509V3_EXT_conf_nid(nullptr, nullptr, NID_subject_alt_name, alt_names.c_str());
      sk_X509_EXTENSION_push(extensions.get(), san);
      X509_REQ_add_extensions(request.get(), extensions.get());
      X509_REQ_sign(request.get(), key.get(), EVP_sha256());
    }
    return pem_of(request.get());
  }

  /// X509_verify_cert against the CA with its CRL: 0 when valid, else OpenSSL's error code.
  static int verify(const CertificateAuthority& ca, const std::string& certificate_pem) {
    X509Ptr root = certificate_from_pem(ca.certificate_pem());
    X509CrlPtr crl = crl_from_pem(ca.crl_pem());
    X509Ptr leaf = certificate_from_pem(certificate_pem);
    X509_STORE* store = X509_STORE_new();
    X509_STORE_add_cert(store, root.get());
    X509_STORE_add_crl(store, crl.get());
    X509_STORE_set_flags(store, X509_V_FLAG_CRL_CHECK);
    X509_STORE_CTX* context = X509_STORE_CTX_new();
    X509_STORE_CTX_init(context, store, leaf.get(), nullptr);
    int ok = X509_verify_cert(context);
    int error = ok == 1 ? 0 : X509_STORE_CTX_get_error(context);
    X509_STORE_CTX_free(context);
    X509_STORE_free(store);
    return error;
  }

  fs::path dir_;
};

TEST_F(CaTest, FirstStartMakesPuppetserversLayout) {
  CertificateAuthority ca = make_ca();
  const CaLayout& layout = ca.layout();
  for (const fs::path& path : {layout.certificate(), layout.private_key(), layout.public_key(),
                               layout.crl(), layout.serial(), layout.inventory()})
    EXPECT_TRUE(fs::exists(path)) << path;
  EXPECT_TRUE(fs::is_directory(layout.signed_dir()));
  EXPECT_TRUE(fs::is_directory(layout.requests_dir()));
  EXPECT_EQ(read(layout.serial()), "0002\n");
  EXPECT_EQ((fs::status(layout.private_key()).permissions() & fs::perms::others_read),
            fs::perms::none);
  X509Ptr root = certificate_from_pem(ca.certificate_pem());
  ASSERT_TRUE(root);
  EXPECT_EQ(common_name(X509_get_subject_name(root.get())), "Puppet CA: server.example");
  EXPECT_EQ(X509_check_ca(root.get()), 1);
  EXPECT_EQ(ASN1_INTEGER_get(X509_get0_serialNumber(root.get())), 1);
  EXPECT_NE(read(layout.inventory()).find("0x0001 "), std::string::npos);
  EXPECT_NE(read(layout.inventory()).find(" /CN=Puppet CA: server.example"), std::string::npos);
  // A second start keeps the CA.
  std::string first = ca.certificate_pem();
  EXPECT_FALSE(ca.create_if_missing("Puppet CA: other"));
  EXPECT_EQ(ca.certificate_pem(), first);
}

TEST_F(CaTest, SignsARequestWithPuppetserversExtensions) {
  CertificateAuthority ca = make_ca();
  ca.save_request("agent1.example", request_for("agent1.example"));
  ASSERT_TRUE(ca.request_pem("agent1.example"));
  std::string pem = ca.sign("agent1.example");
  EXPECT_FALSE(ca.request_pem("agent1.example"));
  ASSERT_EQ(ca.signed_pem("agent1.example"), pem);
  EXPECT_EQ(verify(ca, pem), 0);
  X509Ptr certificate = certificate_from_pem(pem);
  EXPECT_EQ(ASN1_INTEGER_get(X509_get0_serialNumber(certificate.get())), 2);
  EXPECT_EQ(X509_check_ca(certificate.get()), 0);
  EXPECT_TRUE(X509_get_extended_key_usage(certificate.get()) & XKU_SSL_CLIENT);
  EXPECT_TRUE(X509_get_extended_key_usage(certificate.get()) & XKU_SSL_SERVER);
  EXPECT_GE(X509_get_ext_by_NID(certificate.get(), NID_netscape_comment, -1), 0);
  EXPECT_GE(X509_get_ext_by_NID(certificate.get(), NID_authority_key_identifier, -1), 0);
  EXPECT_EQ(read(ca.layout().serial()), "0003\n");
  EXPECT_NE(read(ca.layout().inventory()).find("0x0002 "), std::string::npos);
  EXPECT_NE(read(ca.layout().inventory()).find("/CN=agent1.example\n"), std::string::npos);
}

TEST_F(CaTest, RefusesWhatPuppetserverRefuses) {
  CertificateAuthority ca = make_ca();
  try {
    ca.save_request("agent1.example", request_for("someone.else"));
    FAIL() << "a request for another name was stored";
  } catch (const CaError& e) {
    EXPECT_STREQ(e.what(),
                 "Instance name \"someone.else\" does not match requested key \"agent1.example\"");
  }
  EXPECT_THROW(ca.save_request("Upper", request_for("Upper")), CaError);
  EXPECT_THROW(ca.save_request("../x", request_for("../x")), CaError);
  EXPECT_THROW(ca.save_request("bad", "not a pem"), CaError);
  ca.save_request("alt.example", request_for("alt.example", "DNS:alt.example,DNS:www"));
  try {
    ca.sign("alt.example");
    FAIL() << "alt names were signed";
  } catch (const CaError& e) {
    EXPECT_NE(std::string(e.what()).find("contains extra subject alternative names (DNS:www), "
                                         "which are disallowed"),
              std::string::npos)
        << e.what();
  }
  ca.save_request("agent1.example", request_for("agent1.example"));
  ca.sign("agent1.example");
  try {
    ca.save_request("agent1.example", request_for("agent1.example"));
    FAIL() << "a second request was stored";
  } catch (const CaError& e) {
    EXPECT_STREQ(e.what(),
                 "agent1.example already has a signed certificate; ignoring certificate request");
  }
  EXPECT_THROW(ca.sign("nobody.example"), CaError);
}

TEST_F(CaTest, SignsAltNamesWhenAllowed) {
  CaOptions options;
  options.allow_subject_alt_names = true;
  CertificateAuthority ca = make_ca(options);
  ca.save_request("alt.example", request_for("alt.example", "DNS:www,IP:127.0.0.1"));
  X509Ptr certificate = certificate_from_pem(ca.sign("alt.example"));
  EXPECT_EQ(certificate_alt_names(certificate.get()),
            (std::vector<std::string>{"DNS:alt.example", "DNS:www", "IP:127.0.0.1"}));
}

TEST_F(CaTest, RevokedCertificatesFailVerificationAgainstTheCrl) {
  CertificateAuthority ca = make_ca();
  ca.save_request("agent1.example", request_for("agent1.example"));
  std::string pem = ca.sign("agent1.example");
  ASSERT_EQ(verify(ca, pem), 0);
  X509CrlPtr before = crl_from_pem(ca.crl_pem());
  EXPECT_TRUE(ca.revoke("agent1.example"));
  EXPECT_EQ(verify(ca, pem), X509_V_ERR_CERT_REVOKED);
  X509CrlPtr after = crl_from_pem(ca.crl_pem());
  EXPECT_EQ(crl_number(after.get()), crl_number(before.get()) + 1);
  EXPECT_EQ(ca.revoked_serials(), std::vector<long>{2});
  EXPECT_FALSE(ca.revoke("nobody.example"));
  auto entries = ca.list();
  ASSERT_EQ(entries.size(), 1u);
  EXPECT_EQ(entries[0].state, CertificateEntry::State::revoked);
}

TEST_F(CaTest, CleanRevokesAndDeletes) {
  CertificateAuthority ca = make_ca();
  ca.save_request("agent1.example", request_for("agent1.example"));
  ca.sign("agent1.example");
  ca.save_request("pending.example", request_for("pending.example"));
  auto entries = ca.list();
  ASSERT_EQ(entries.size(), 2u);
  EXPECT_EQ(entries[0].name, "pending.example");
  EXPECT_EQ(entries[0].state, CertificateEntry::State::requested);
  EXPECT_EQ(entries[1].state, CertificateEntry::State::signed_);
  EXPECT_EQ(entries[1].fingerprint.size(), 32u * 3 - 1);
  EXPECT_TRUE(ca.clean("agent1.example"));
  EXPECT_FALSE(ca.signed_pem("agent1.example"));
  EXPECT_EQ(ca.revoked_serials(), std::vector<long>{2});
  EXPECT_TRUE(ca.clean("pending.example"));
  EXPECT_TRUE(ca.list().empty());
  EXPECT_FALSE(ca.clean("pending.example"));
  // A cleaned name may ask again.
  ca.save_request("agent1.example", request_for("agent1.example"));
  EXPECT_EQ(verify(ca, ca.sign("agent1.example")), 0);
}

TEST_F(CaTest, ServerIdentityHasItsAltNamesAndTheCasFiles) {
  CaOptions options;
  options.key_bits = 2048;
  CertificateAuthority ca(dir_ / "ssl", options);
  HostFiles files = ensure_server_identity(ca, dir_ / "ssl", "server.example",
                                           alt_names_from_setting("puppet, IP:127.0.0.1", "x"));
  for (const fs::path& path : {files.private_key(), files.public_key(), files.certificate(),
                               files.ca_certificate(), files.crl()})
    EXPECT_TRUE(fs::exists(path)) << path;
  X509Ptr certificate = certificate_from_pem(read(files.certificate()));
  EXPECT_EQ(certificate_alt_names(certificate.get()),
            (std::vector<std::string>{"DNS:server.example", "DNS:puppet", "IP:127.0.0.1"}));
  EXPECT_EQ(verify(ca, read(files.certificate())), 0);
  EXPECT_EQ(alt_names_from_setting("", "s.example"),
            (std::vector<std::string>{"DNS:puppet", "DNS:s.example"}));
  // A restart reuses it.
  std::string first = read(files.certificate());
  ensure_server_identity(ca, dir_ / "ssl", "server.example", {});
  EXPECT_EQ(read(files.certificate()), first);
}

TEST_F(CaTest, ServerIdentityOnFirstStartUsesTheKeyMadeBesideTheCas) {
  // The server's key is made on a second thread while the CA makes its own; the certificate
  // is for that key, and the CA's key is another.
  CaOptions options;
  options.key_bits = 2048;
  CertificateAuthority ca(dir_ / "ssl", options);
  HostFiles files = ensure_server_identity(ca, dir_ / "ssl", "server.example", {});
  KeyPtr key = private_key_from_pem(read(files.private_key()));
  X509Ptr certificate = certificate_from_pem(read(files.certificate()));
  ASSERT_TRUE(key && certificate);
  EXPECT_EQ(X509_check_private_key(certificate.get(), key.get()), 1);
  EXPECT_EQ(EVP_PKEY_get_bits(key.get()), 2048);
  EXPECT_EQ(public_pem_of(key.get()), read(files.public_key()));
  EXPECT_NE(read(files.private_key()), read(ca.layout().private_key()));
  EXPECT_EQ(verify(ca, read(files.certificate())), 0);

  // generate_for_key signs the key it is given, and refuses a name already signed.
  std::string made = private_pem_of(generate_rsa_key(2048).get());
  auto [key_pem, certificate_pem] = ca.generate_for_key("other.example", {}, made);
  EXPECT_EQ(key_pem, made);
  X509Ptr other = certificate_from_pem(certificate_pem);
  EXPECT_EQ(X509_check_private_key(other.get(), private_key_from_pem(made).get()), 1);
  EXPECT_THROW(ca.generate_for_key("other.example", {}, made), CaError);
  EXPECT_THROW(ca.generate_for_key("third.example", {}, "not a key"), CaError);
}

/// The value of the certificate's pp_cli_auth extension ("" without one).
std::string cli_auth_of(const std::string& pem) {
  X509Ptr certificate = certificate_from_pem(pem);
  ASN1_OBJECT* oid = OBJ_txt2obj("1.3.6.1.4.1.34380.1.3.39", 1);
  int index = X509_get_ext_by_OBJ(certificate.get(), oid, -1);
  ASN1_OBJECT_free(oid);
  if (index < 0) return "";
  ASN1_OCTET_STRING* data = X509_EXTENSION_get_data(X509_get_ext(certificate.get(), index));
  const unsigned char* cursor = ASN1_STRING_get0_data(data);
  ASN1_UTF8STRING* text = d2i_ASN1_UTF8STRING(nullptr, &cursor, ASN1_STRING_length(data));
  if (!text) return "not a UTF8String";
  std::string value(reinterpret_cast<const char*>(ASN1_STRING_get0_data(text)),
                    static_cast<std::size_t>(ASN1_STRING_length(text)));
  ASN1_UTF8STRING_free(text);
  return value;
}

TEST_F(CaTest, OnlyTheServerAndCaClientsGetPpCliAuth) {
  CaOptions options;
  options.key_bits = 2048;
  CertificateAuthority ca(dir_ / "ssl", options);
  HostFiles files = ensure_server_identity(ca, dir_ / "ssl", "server.example", {});
  EXPECT_EQ(cli_auth_of(read(files.certificate())), "true");
  EXPECT_EQ(cli_auth_of(ca.generate("admin.example", {}, /*ca_client=*/true).second), "true");
  EXPECT_EQ(cli_auth_of(ca.generate("plain.example", {}).second), "");
  // A request asking for it is refused, with or without allow-authorization-extensions.
  for (bool allow : {false, true}) {
    options.allow_authorization_extensions = allow;
    CertificateAuthority strict(dir_ / "ssl", options);
    strict.save_request(
        "evil.example",
        testing_requests::request("evil.example", {{"1.3.6.1.4.1.34380.1.3.39", "true"}}));
    EXPECT_THROW(strict.sign("evil.example"), CaError);
    EXPECT_FALSE(strict.signed_pem("evil.example"));
    EXPECT_TRUE(strict.request_pem("evil.example"));  // kept for the operator to see
  }
}

TEST_F(CaTest, AuthorizationExtensionsSignedOnlyWhenAllowed) {
  CertificateAuthority strict = make_ca();
  strict.save_request(
      "ops.example",
      testing_requests::request("ops.example", {{"1.3.6.1.4.1.34380.1.3.13", "operator"}}));
  EXPECT_THROW(strict.sign("ops.example"), CaError);
  CaOptions options;
  options.allow_authorization_extensions = true;
  CertificateAuthority allowing = make_ca(options);
  EXPECT_EQ(verify(allowing, allowing.sign("ops.example")), 0);
}

TEST_F(CaTest, SignedSubjectIsCnCertnameAlone) {
  CertificateAuthority ca = make_ca();
  ca.save_request("multi.example",
                  testing_requests::request("multi.example", {}, "",
                                            {{"CN", "server.example"}, {"O", "Evil"}}));
  X509Ptr certificate = certificate_from_pem(ca.sign("multi.example"));
  X509_NAME* subject = X509_get_subject_name(certificate.get());
  ASSERT_EQ(X509_NAME_entry_count(subject), 1);
  EXPECT_EQ(common_name(subject), "multi.example");
}

TEST_F(CaTest, NamesPuppetserverRefusesAndTheReservedCa) {
  CertificateAuthority ca = make_ca();
  auto save_error = [&](const std::string& name) -> std::string {
    try {
      ca.save_request(name, testing_requests::request(name, {}));
    } catch (const CaError& e) {
      return e.what();
    }
    return "";
  };
  EXPECT_EQ(save_error("Upper.example"), "Certificate names must be lower case.");
  EXPECT_EQ(save_error("*.example"),
            "Subject contains a wildcard, which is not allowed: *.example");
  EXPECT_EQ(save_error("bad-.example"), "Subject hostname format is invalid");
  EXPECT_EQ(save_error("ca"),
            "The certname \"ca\" is reserved for the CA's own certificate and can't be used for "
            "a node");
  EXPECT_THROW(ca.generate("ca", {}), CaError);
  EXPECT_TRUE(ca.list().empty());
}

TEST_F(CaTest, ARevokedNameIsToldSo) {
  CertificateAuthority ca = make_ca();
  ca.save_request("gone.example", request_for("gone.example"));
  ca.sign("gone.example");
  ca.revoke("gone.example");
  try {
    ca.save_request("gone.example", request_for("gone.example"));
    FAIL() << "a request for a revoked name was stored";
  } catch (const CaError& e) {
    EXPECT_STREQ(e.what(),
                 "gone.example already has a revoked certificate; ignoring certificate request");
  }
}

}  // namespace
}  // namespace marionette::ca
