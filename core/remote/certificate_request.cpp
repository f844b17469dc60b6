#include "remote/certificate_request.hpp"

#include <openssl/err.h>

#include <algorithm>
#include <filesystem>
#include <set>

#include "ca/puppet_oids.hpp"
#include "facts/facts.hpp"
#include "rubyish/data_value.hpp"
#include "lang/located_error.hpp"
#include "text/text.hpp"

namespace marionette::remote {

namespace {

/// A dotted OID, a pp_* short name or one OpenSSL knows ("challengePassword").
ASN1_OBJECT* object_of(const std::string& name) {
  std::optional<std::string> oid = ca::puppet_extension_oid(name);
  ASN1_OBJECT* object = OBJ_txt2obj(oid ? oid->c_str() : name.c_str(), 0);
  ERR_clear_error();
  return object;
}

bool is_subject_alt_name(const std::string& name) {
  return name == "subjectAltName" || name == "2.5.29.17";
}

/// "DNS:a, DNS:b, IP:1.2.3.4": the names with the certname, prefixed, sorted, without repeats.
std::string alt_names_value(const std::string& dns_alt_names, const std::string& certname) {
  std::set<std::string> names;
  std::string list = dns_alt_names + "," + certname;
  std::size_t start = 0;
  while (start <= list.size()) {
    std::size_t comma = list.find(',', start);
    if (comma == std::string::npos) comma = list.size();
    std::string name(text::trimmed(list.substr(start, comma - start)));
    if (!name.empty())
      names.insert(name.rfind("IP:", 0) == 0 || name.rfind("DNS:", 0) == 0 ? name : "DNS:" + name);
    start = comma + 1;
  }
  return text::joined(names, ", ");
}

void add_attribute(X509_REQ* request, const std::string& name, const std::string& value) {
  if (name == "extReq" || name == "1.2.840.113549.1.9.14" || name == "msExtReq" ||
      name == "1.3.6.1.4.1.311.2.1.14")
    throw ca::CaError("Cannot specify CSR attribute " + name +
                      ": conflicts with internally used CSR attribute");
  ASN1_OBJECT* object = object_of(name);
  if (!object) throw ca::CaError("Cannot create CSR with attribute " + name + ": unknown OID");
  bool added = X509_REQ_add1_attr_by_OBJ(request, object, V_ASN1_PRINTABLESTRING,
                                         reinterpret_cast<const unsigned char*>(value.data()),
                                         static_cast<int>(value.size())) == 1;
  ASN1_OBJECT_free(object);
  if (!added) ca::throw_openssl("Cannot create CSR with attribute " + name);
}

ca::ExtensionPtr utf8_extension(const std::string& name, const std::string& value) {
  if (is_subject_alt_name(name))
    throw ca::CaError("Cannot specify CSR extension request " + name +
                      ": conflicts with internally used extension request");
  ASN1_OBJECT* object = object_of(name);
  if (!object)
    throw ca::CaError("Cannot create CSR with extension request " + name + ": unknown OID");
  ASN1_UTF8STRING* utf8 = ASN1_UTF8STRING_new();
  ASN1_STRING_set(utf8, value.data(), static_cast<int>(value.size()));
  unsigned char* der = nullptr;
  int length = i2d_ASN1_UTF8STRING(utf8, &der);
  ASN1_UTF8STRING_free(utf8);
  ASN1_OCTET_STRING* data = ASN1_OCTET_STRING_new();
  ASN1_OCTET_STRING_set(data, der, length);
  OPENSSL_free(der);
  ca::ExtensionPtr extension(X509_EXTENSION_create_by_OBJ(nullptr, object, 0, data));
  ASN1_OCTET_STRING_free(data);
  ASN1_OBJECT_free(object);
  if (!extension) ca::throw_openssl("Cannot create CSR with extension request " + name);
  return extension;
}

std::map<std::string, std::string> string_map(const facts::Facts& section, const std::string& key,
                                              const std::string& path) {
  std::map<std::string, std::string> out;
  if (!section.contains(key) || section[key].is_null()) return out;
  if (!section[key].is_object())
    throw ca::CaError("Invalid CSR attributes in " + path + ": " + key + " must be a Hash");
  for (const auto& [name, value] : section[key].items())
    out[name] = value.is_string() ? value.get<std::string>() : value.dump();
  return out;
}

}  // namespace

ca::X509ReqPtr make_certificate_request(const std::string& certname, EVP_PKEY* key,
                                        const RequestContents& contents) {
  ca::X509ReqPtr request(X509_REQ_new());
  if (!request) ca::throw_openssl("cannot allocate a request");
  X509_REQ_set_version(request.get(), 0);
  X509_NAME* subject = X509_REQ_get_subject_name(request.get());
  X509_NAME_add_entry_by_txt(subject, "CN", MBSTRING_UTF8,
                             reinterpret_cast<const unsigned char*>(certname.c_str()), -1, -1, 0);
  X509_REQ_set_pubkey(request.get(), key);
  for (const auto& [name, value] : contents.custom_attributes)
    add_attribute(request.get(), name, value);

  ca::ExtensionsPtr extensions(sk_X509_EXTENSION_new_null());
  for (const auto& [name, value] : contents.extension_requests)
    sk_X509_EXTENSION_push(extensions.get(), utf8_extension(name, value).release());
  if (!text::trimmed(contents.dns_alt_names).empty()) {
    std::string value = alt_names_value(contents.dns_alt_names, certname);
    X509_EXTENSION* alt = X509V3_EXT_conf_nid(nullptr, nullptr, NID_subject_alt_name, value.c_str());
    if (!alt) ca::throw_openssl("Cannot create CSR with subjectAltName " + value);
    sk_X509_EXTENSION_push(extensions.get(), alt);
  }
  if (sk_X509_EXTENSION_num(extensions.get()) > 0 &&
      X509_REQ_add_extensions(request.get(), extensions.get()) != 1)
    ca::throw_openssl("cannot add the extension requests");
  if (!X509_REQ_sign(request.get(), key, EVP_sha256())) ca::throw_openssl("cannot sign the CSR");
  return request;
}

RequestContents read_csr_attributes(const std::string& path) {
  RequestContents contents;
  std::error_code error;
  if (path.empty() || !std::filesystem::exists(path, error)) return contents;
  facts::Facts data;
  try {
    data = facts::load_yaml_file(path);
  } catch (const std::exception& e) {
    throw ca::CaError("Could not read CSR attributes from " + path + ": " + lang::describe_line(e));
  }
  if (data.is_null()) return contents;
  if (!data.is_object())
    throw ca::CaError("invalid CSR attributes, expected instance of Hash, received instance of " +
                      rubyish::class_name(rubyish::from_data(data)));
  std::vector<std::string> unexpected;
  for (const auto& [key, value] : data.items())
    if (key != "custom_attributes" && key != "extension_requests")
      unexpected.push_back("\"" + key + "\"");
  if (!unexpected.empty())  // Ruby's inspect of the keys and of the path
    throw ca::CaError("unexpected attributes [" + text::joined(unexpected, ", ") + "] in \"" +
                      path + "\"");
  contents.custom_attributes = string_map(data, "custom_attributes", path);
  contents.extension_requests = string_map(data, "extension_requests", path);
  return contents;
}

}  // namespace marionette::remote
