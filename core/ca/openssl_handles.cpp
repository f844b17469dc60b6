#include "ca/openssl_handles.hpp"

#include <openssl/err.h>
#include <openssl/rsa.h>

#include <cstdio>

namespace marionette::ca {

std::string openssl_errors() {
  std::string text;
  while (unsigned long code = ERR_get_error()) {
    char reason[256];
    ERR_error_string_n(code, reason, sizeof reason);
    if (!text.empty()) text += "; ";
    text += reason;
  }
  return text;
}

void throw_openssl(const std::string& what) {
  std::string errors = openssl_errors();
  throw CaError(errors.empty() ? what : what + ": " + errors);
}

namespace {

BioPtr reading(const std::string& text) {
  BioPtr bio(BIO_new_mem_buf(text.data(), static_cast<int>(text.size())));
  if (!bio) throw_openssl("cannot allocate a buffer");
  return bio;
}

BioPtr writing() {
  BioPtr bio(BIO_new(BIO_s_mem()));
  if (!bio) throw_openssl("cannot allocate a buffer");
  return bio;
}

std::string text_of(BIO* bio) {
  char* data = nullptr;
  long size = BIO_get_mem_data(bio, &data);
  return std::string(data, static_cast<std::size_t>(size));
}

std::string colon_hex(const unsigned char* bytes, unsigned size) {
  std::string text;
  char pair[4];
  for (unsigned i = 0; i < size; ++i) {
    std::snprintf(pair, sizeof pair, "%02X", bytes[i]);
    if (i) text += ':';
    text += pair;
  }
  return text;
}

}  // namespace

X509Ptr certificate_from_pem(const std::string& pem) {
  X509Ptr certificate(PEM_read_bio_X509(reading(pem).get(), nullptr, nullptr, nullptr));
  ERR_clear_error();
  return certificate;
}

X509ReqPtr request_from_pem(const std::string& pem) {
  X509ReqPtr request(PEM_read_bio_X509_REQ(reading(pem).get(), nullptr, nullptr, nullptr));
  ERR_clear_error();
  return request;
}

X509CrlPtr crl_from_pem(const std::string& pem) {
  X509CrlPtr crl(PEM_read_bio_X509_CRL(reading(pem).get(), nullptr, nullptr, nullptr));
  ERR_clear_error();
  return crl;
}

KeyPtr private_key_from_pem(const std::string& pem) {
  KeyPtr key(PEM_read_bio_PrivateKey(reading(pem).get(), nullptr, nullptr, nullptr));
  ERR_clear_error();
  return key;
}

std::string pem_of(X509* certificate) {
  BioPtr bio = writing();
  if (!PEM_write_bio_X509(bio.get(), certificate)) throw_openssl("cannot write a certificate");
  return text_of(bio.get());
}

std::string pem_of(X509_REQ* request) {
  BioPtr bio = writing();
  if (!PEM_write_bio_X509_REQ(bio.get(), request)) throw_openssl("cannot write a request");
  return text_of(bio.get());
}

std::string pem_of(X509_CRL* crl) {
  BioPtr bio = writing();
  if (!PEM_write_bio_X509_CRL(bio.get(), crl)) throw_openssl("cannot write a CRL");
  return text_of(bio.get());
}

std::string private_pem_of(EVP_PKEY* key) {
  BioPtr bio = writing();
  if (!PEM_write_bio_PrivateKey(bio.get(), key, nullptr, nullptr, 0, nullptr, nullptr))
    throw_openssl("cannot write a private key");
  return text_of(bio.get());
}

std::string public_pem_of(EVP_PKEY* key) {
  BioPtr bio = writing();
  if (!PEM_write_bio_PUBKEY(bio.get(), key)) throw_openssl("cannot write a public key");
  return text_of(bio.get());
}

KeyPtr generate_rsa_key(int bits) {
  KeyPtr key(EVP_RSA_gen(static_cast<unsigned>(bits)));
  if (!key) throw_openssl("cannot generate an RSA key");
  return key;
}

std::string common_name(X509_NAME* name) {
  int index = X509_NAME_get_index_by_NID(name, NID_commonName, -1);
  if (index < 0) return "";
  ASN1_STRING* data = X509_NAME_ENTRY_get_data(X509_NAME_get_entry(name, index));
  unsigned char* utf8 = nullptr;
  int size = ASN1_STRING_to_UTF8(&utf8, data);
  if (size < 0) return "";
  std::string text(reinterpret_cast<char*>(utf8), static_cast<std::size_t>(size));
  OPENSSL_free(utf8);
  return text;
}

std::string sha256_fingerprint(X509* certificate) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned size = 0;
  if (!X509_digest(certificate, EVP_sha256(), digest, &size)) throw_openssl("cannot digest");
  return colon_hex(digest, size);
}

std::string sha256_fingerprint(X509_REQ* request) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned size = 0;
  if (!X509_REQ_digest(request, EVP_sha256(), digest, &size)) throw_openssl("cannot digest");
  return colon_hex(digest, size);
}

std::string alt_names_text(const X509_EXTENSION* extension) {
  BioPtr bio = writing();
  if (!X509V3_EXT_print(bio.get(), const_cast<X509_EXTENSION*>(extension), 0, 0)) {
    ERR_clear_error();
    return "";
  }
  return text_of(bio.get());
}

}  // namespace marionette::ca
