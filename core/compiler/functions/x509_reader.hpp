#pragma once
// Just enough of PEM, DER and X.509 to check a certificate's RSA signature against a key
// (stdlib's validate_x509_rsa_key_pair). Nettle reads no X.509; OpenSSL is not linked into the
// compiler, so the few structures needed are read here, by fixed paths, without recursion.

#include <optional>
#include <string>
#include <string_view>

#include "digest/digest.hpp"

namespace marionette::compiler::x509 {

/// The DER bytes of the first PEM block whose label is `label` ("CERTIFICATE"), nullopt when
/// there is none or its body is not Base64.
std::optional<std::string> pem_block(std::string_view text, std::string_view label);

struct Certificate {
  std::string signed_part;  ///< the tbsCertificate, header included, as the signature covers it
  std::optional<digest::Algorithm> rsa_digest;  ///< nullopt for other signature algorithms
  std::string signature;                        ///< the signature's bytes
};

/// The certificate in the DER bytes; nullopt when they are not one.
std::optional<Certificate> read_certificate(std::string_view der);

struct RsaPublicKey {
  std::string modulus;   ///< big-endian bytes
  std::string exponent;  ///< big-endian bytes
};

/// The RSA public key of a PEM RSA key: "RSA PRIVATE KEY" (PKCS #1), "PRIVATE KEY" (PKCS #8),
/// "PUBLIC KEY" (SubjectPublicKeyInfo) or "RSA PUBLIC KEY"; nullopt when there is none.
std::optional<RsaPublicKey> read_rsa_key(std::string_view pem);

}  // namespace marionette::compiler::x509
