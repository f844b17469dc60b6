#include "ca/certificate_signing.hpp"

#include <openssl/err.h>

#include <ctime>

#include "ca/csr_policy.hpp"

namespace marionette::ca {

namespace {

constexpr long kValidFromSecondsAgo = 24 * 3600;  // as puppetserver: clocks are often wrong

std::string oid_text(const ASN1_OBJECT* object) {
  char text[128];
  OBJ_obj2txt(text, sizeof text, object, 1);
  return text;
}

void add_extension(X509* certificate, X509V3_CTX* context, const char* name, const char* value,
                   bool critical) {
  std::string text = (critical ? std::string("critical,") : std::string()) + value;
  ExtensionPtr extension(X509V3_EXT_conf(nullptr, context, name, text.c_str()));
  if (!extension || !X509_add_ext(certificate, extension.get(), -1))
    throw_openssl(std::string("cannot add the extension ") + name);
}

void set_validity(X509* certificate, std::chrono::seconds ttl) {
  if (!X509_gmtime_adj(X509_getm_notBefore(certificate), -kValidFromSecondsAgo) ||
      !X509_gmtime_adj(X509_getm_notAfter(certificate), static_cast<long>(ttl.count())))
    throw_openssl("cannot set the validity");
}

void set_serial(X509* certificate, long serial) {
  if (!ASN1_INTEGER_set(X509_get_serialNumber(certificate), serial))
    throw_openssl("cannot set the serial");
}

void sign(X509* certificate, EVP_PKEY* key) {
  if (!X509_sign(certificate, key, EVP_sha256())) throw_openssl("cannot sign the certificate");
}

/// CN=`name` as a UTF8String, as puppetserver writes it (and without OpenSSL's 64-character
/// bound on CN, which puppetserver does not have).
void set_common_name(X509_NAME* subject, const std::string& name) {
  if (!X509_NAME_add_entry_by_NID(subject, NID_commonName, V_ASN1_UTF8STRING,
                                  reinterpret_cast<const unsigned char*>(name.data()),
                                  static_cast<int>(name.size()), -1, 0))
    throw_openssl("cannot set the subject CN=" + name);
}

/// pp_cli_auth "true" as a DER UTF8String, as puppetserver marks the certificates that may
/// administer the CA through certificate_status.
void add_cli_auth(X509* certificate) {
  using Utf8Ptr = std::unique_ptr<ASN1_UTF8STRING, OpenSslDeleter<ASN1_UTF8STRING_free>>;
  Utf8Ptr value(ASN1_UTF8STRING_new());
  unsigned char* der = nullptr;
  int size = value && ASN1_STRING_set(value.get(), "true", 4)
                 ? i2d_ASN1_UTF8STRING(value.get(), &der)
                 : -1;
  using ObjectPtr = std::unique_ptr<ASN1_OBJECT, OpenSslDeleter<ASN1_OBJECT_free>>;
  using OctetsPtr = std::unique_ptr<ASN1_OCTET_STRING, OpenSslDeleter<ASN1_OCTET_STRING_free>>;
  ObjectPtr oid(OBJ_txt2obj("1.3.6.1.4.1.34380.1.3.39", 1));
  OctetsPtr data(ASN1_OCTET_STRING_new());
  bool ok = size > 0 && oid && data && ASN1_OCTET_STRING_set(data.get(), der, size);
  OPENSSL_free(der);
  ExtensionPtr extension(ok ? X509_EXTENSION_create_by_OBJ(nullptr, oid.get(), 0, data.get())
                            : nullptr);
  if (!extension || !X509_add_ext(certificate, extension.get(), -1))
    throw_openssl("cannot add the extension pp_cli_auth");
}

std::string alt_names_value(const std::vector<std::string>& alt_names) {
  std::string value;
  for (const std::string& name : alt_names) value += (value.empty() ? "" : ",") + name;
  return value;
}

std::vector<std::string> names_of(GENERAL_NAMES* names) {
  std::vector<std::string> out;
  for (int i = 0; names && i < sk_GENERAL_NAME_num(names); ++i) {
    const GENERAL_NAME* name = sk_GENERAL_NAME_value(names, i);
    if (name->type == GEN_DNS) {
      const ASN1_STRING* dns = name->d.dNSName;
      out.push_back("DNS:" + std::string(reinterpret_cast<const char*>(ASN1_STRING_get0_data(dns)),
                                         static_cast<std::size_t>(ASN1_STRING_length(dns))));
    } else if (name->type == GEN_IPADD) {
      char* text = nullptr;
      const ASN1_OCTET_STRING* ip = name->d.iPAddress;
      if (ASN1_STRING_length(ip) == 4) {
        const unsigned char* b = ASN1_STRING_get0_data(ip);
        out.push_back("IP:" + std::to_string(b[0]) + "." + std::to_string(b[1]) + "." +
                      std::to_string(b[2]) + "." + std::to_string(b[3]));
      } else {
        text = i2s_ASN1_OCTET_STRING(nullptr, ip);
        out.push_back("IP:" + std::string(text ? text : ""));
        OPENSSL_free(text);
      }
    }
  }
  return out;
}

}  // namespace

X509Ptr make_ca_certificate(EVP_PKEY* key, const std::string& name, std::chrono::seconds ttl) {
  X509Ptr certificate(X509_new());
  if (!certificate) throw_openssl("cannot allocate a certificate");
  X509_set_version(certificate.get(), 2);
  set_serial(certificate.get(), 1);
  X509_NAME* subject = X509_get_subject_name(certificate.get());
  set_common_name(subject, name);
  X509_set_issuer_name(certificate.get(), subject);
  X509_set_pubkey(certificate.get(), key);
  set_validity(certificate.get(), ttl);
  X509V3_CTX context;
  X509V3_set_ctx(&context, certificate.get(), certificate.get(), nullptr, nullptr, 0);
  add_extension(certificate.get(), &context, "basicConstraints", "CA:TRUE", true);
  add_extension(certificate.get(), &context, "keyUsage", "keyCertSign, cRLSign", true);
  add_extension(certificate.get(), &context, "subjectKeyIdentifier", "hash", false);
  add_extension(certificate.get(), &context, "nsComment", "Puppet Server Internal Certificate",
                false);
  add_extension(certificate.get(), &context, "authorityKeyIdentifier", "keyid:always", false);
  sign(certificate.get(), key);
  return certificate;
}

X509Ptr issue_certificate(X509_REQ* request, const std::string& name, X509* ca_certificate,
                          EVP_PKEY* ca_key, long serial, const std::vector<std::string>& alt_names,
                          std::chrono::seconds ttl, bool ca_client) {
  X509Ptr certificate(X509_new());
  if (!certificate) throw_openssl("cannot allocate a certificate");
  X509_set_version(certificate.get(), 2);
  set_serial(certificate.get(), serial);
  set_common_name(X509_get_subject_name(certificate.get()), name);
  X509_set_issuer_name(certificate.get(), X509_get_subject_name(ca_certificate));
  KeyPtr key(X509_REQ_get_pubkey(request));
  if (!key) throw_openssl("the request has no public key");
  X509_set_pubkey(certificate.get(), key.get());
  set_validity(certificate.get(), ttl);
  X509V3_CTX context;
  X509V3_set_ctx(&context, ca_certificate, certificate.get(), nullptr, nullptr, 0);
  add_extension(certificate.get(), &context, "nsComment", "Puppet Server Internal Certificate",
                false);
  add_extension(certificate.get(), &context, "authorityKeyIdentifier", "keyid:always", false);
  add_extension(certificate.get(), &context, "basicConstraints", "CA:FALSE", true);
  add_extension(certificate.get(), &context, "extendedKeyUsage", "serverAuth, clientAuth", true);
  add_extension(certificate.get(), &context, "keyUsage", "digitalSignature, keyEncipherment",
                true);
  add_extension(certificate.get(), &context, "subjectKeyIdentifier", "hash", false);
  if (!alt_names.empty())
    add_extension(certificate.get(), &context, "subjectAltName",
                  alt_names_value(alt_names).c_str(), false);
  ExtensionsPtr requested(X509_REQ_get_extensions(request));
  for (int i = 0; requested && i < sk_X509_EXTENSION_num(requested.get()); ++i) {
    X509_EXTENSION* extension = sk_X509_EXTENSION_value(requested.get(), i);
    const ASN1_OBJECT* object = X509_EXTENSION_get_object(extension);
    if (OBJ_obj2nid(object) != NID_subject_alt_name && is_signable_extension(oid_text(object)))
      X509_add_ext(certificate.get(), extension, -1);
  }
  if (ca_client) add_cli_auth(certificate.get());
  sign(certificate.get(), ca_key);
  return certificate;
}

X509ReqPtr make_request(EVP_PKEY* key, const std::string& name) {
  X509ReqPtr request(X509_REQ_new());
  if (!request) throw_openssl("cannot allocate a request");
  X509_REQ_set_version(request.get(), 0);
  set_common_name(X509_REQ_get_subject_name(request.get()), name);
  X509_REQ_set_pubkey(request.get(), key);
  if (!X509_REQ_sign(request.get(), key, EVP_sha256())) throw_openssl("cannot sign the request");
  return request;
}

std::vector<std::string> requested_alt_names(X509_REQ* request) {
  ExtensionsPtr requested(X509_REQ_get_extensions(request));
  if (!requested) return {};
  GENERAL_NAMES* names = static_cast<GENERAL_NAMES*>(
      X509V3_get_d2i(requested.get(), NID_subject_alt_name, nullptr, nullptr));
  std::vector<std::string> out = names_of(names);
  GENERAL_NAMES_free(names);
  return out;
}

std::vector<std::string> certificate_alt_names(X509* certificate) {
  GENERAL_NAMES* names = static_cast<GENERAL_NAMES*>(
      X509_get_ext_d2i(certificate, NID_subject_alt_name, nullptr, nullptr));
  std::vector<std::string> out = names_of(names);
  GENERAL_NAMES_free(names);
  return out;
}

X509CrlPtr make_crl(X509* ca_certificate, EVP_PKEY* ca_key, const std::vector<RevokedSerial>& revoked,
                    long number, std::chrono::seconds ttl) {
  X509CrlPtr crl(X509_CRL_new());
  if (!crl) throw_openssl("cannot allocate a CRL");
  X509_CRL_set_version(crl.get(), 1);
  X509_CRL_set_issuer_name(crl.get(), X509_get_subject_name(ca_certificate));
  std::time_t now = std::time(nullptr);
  using AsnTime = std::unique_ptr<ASN1_TIME, OpenSslDeleter<ASN1_TIME_free>>;
  AsnTime last(ASN1_TIME_adj(nullptr, now, 0, -kValidFromSecondsAgo));
  AsnTime next(ASN1_TIME_adj(nullptr, now, 0, static_cast<long>(ttl.count())));
  X509_CRL_set1_lastUpdate(crl.get(), last.get());
  X509_CRL_set1_nextUpdate(crl.get(), next.get());
  for (const RevokedSerial& entry : revoked) {
    X509_REVOKED* item = X509_REVOKED_new();
    ASN1_INTEGER* serial = ASN1_INTEGER_new();
    ASN1_INTEGER_set(serial, entry.serial);
    X509_REVOKED_set_serialNumber(item, serial);
    ASN1_INTEGER_free(serial);
    AsnTime when(ASN1_TIME_set(nullptr, static_cast<std::time_t>(entry.revoked_at)));
    X509_REVOKED_set_revocationDate(item, when.get());
    X509_CRL_add0_revoked(crl.get(), item);
  }
  X509V3_CTX context;
  X509V3_set_ctx(&context, ca_certificate, nullptr, nullptr, crl.get(), 0);
  ExtensionPtr authority(
      X509V3_EXT_conf(nullptr, &context, "authorityKeyIdentifier", "keyid:always"));
  if (!authority || !X509_CRL_add_ext(crl.get(), authority.get(), -1))
    throw_openssl("cannot add the CRL's authorityKeyIdentifier");
  ASN1_INTEGER* crl_number = ASN1_INTEGER_new();
  ASN1_INTEGER_set(crl_number, number);
  X509_CRL_add1_ext_i2d(crl.get(), NID_crl_number, crl_number, 0, 0);
  ASN1_INTEGER_free(crl_number);
  X509_CRL_sort(crl.get());
  if (!X509_CRL_sign(crl.get(), ca_key, EVP_sha256())) throw_openssl("cannot sign the CRL");
  return crl;
}

std::vector<RevokedSerial> revoked_in(X509_CRL* crl) {
  std::vector<RevokedSerial> out;
  STACK_OF(X509_REVOKED)* revoked = X509_CRL_get_REVOKED(crl);
  for (int i = 0; revoked && i < sk_X509_REVOKED_num(revoked); ++i) {
    const X509_REVOKED* item = sk_X509_REVOKED_value(revoked, i);
    long serial = ASN1_INTEGER_get(X509_REVOKED_get0_serialNumber(item));
    std::tm when{};
    ASN1_TIME_to_tm(X509_REVOKED_get0_revocationDate(item), &when);
    out.push_back({serial, static_cast<std::int64_t>(timegm(&when))});
  }
  return out;
}

long crl_number(X509_CRL* crl) {
  ASN1_INTEGER* number =
      static_cast<ASN1_INTEGER*>(X509_CRL_get_ext_d2i(crl, NID_crl_number, nullptr, nullptr));
  if (!number) return 0;
  long value = ASN1_INTEGER_get(number);
  ASN1_INTEGER_free(number);
  return value;
}

}  // namespace marionette::ca
