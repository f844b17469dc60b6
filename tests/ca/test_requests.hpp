#pragma once

// Certificate requests as a node (or an attacker) makes them, for the CA's tests: a CN, Puppet
// extensions with UTF8String values (as Puppet's csr_attributes.yaml gives them), alt names and
// more subject entries after the CN.

#include <string>
#include <utility>
#include <vector>

#include "ca/certificate_signing.hpp"
#include "ca/openssl_handles.hpp"

namespace marionette::ca::testing_requests {

using Pairs = std::vector<std::pair<std::string, std::string>>;

inline std::string request(const std::string& cn, const Pairs& extensions,
                           const std::string& alt_names = "", const Pairs& more_subject = {}) {
  KeyPtr key = generate_rsa_key(2048);
  X509ReqPtr request = make_request(key.get(), cn);
  X509_NAME* subject = X509_REQ_get_subject_name(request.get());
  for (const auto& [field, value] : more_subject)
    X509_NAME_add_entry_by_txt(subject, field.c_str(), MBSTRING_UTF8,
                               reinterpret_cast<const unsigned char*>(value.c_str()), -1, -1, 0);
  ExtensionsPtr list(sk_X509_EXTENSION_new_null());
  for (const auto& [oid, value] : extensions) {
    ASN1_UTF8STRING* text = ASN1_UTF8STRING_new();
    ASN1_STRING_set(text, value.data(), static_cast<int>(value.size()));
    unsigned char* der = nullptr;
    int size = i2d_ASN1_UTF8STRING(text, &der);
    ASN1_UTF8STRING_free(text);
    ASN1_OCTET_STRING* data = ASN1_OCTET_STRING_new();
    ASN1_OCTET_STRING_set(data, der, size);
    OPENSSL_free(der);
    ASN1_OBJECT* object = OBJ_txt2obj(oid.c_str(), 1);
    sk_X509_EXTENSION_push(list.get(), X509_EXTENSION_create_by_OBJ(nullptr, object, 0, data));
    ASN1_OBJECT_free(object);
    ASN1_OCTET_STRING_free(data);
  }
  if (!alt_names.empty())
    sk_X509_EXTENSION_push(
        list.get(), X509V3_EXT_conf_nid(nullptr, nullptr, NID_subject_alt_name, alt_names.c_str()));
  if (sk_X509_EXTENSION_num(list.get()) > 0) X509_REQ_add_extensions(request.get(), list.get());
  X509_REQ_sign(request.get(), key.get(), EVP_sha256());
  return pem_of(request.get());
}

}  // namespace marionette::ca::testing_requests
