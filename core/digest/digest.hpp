#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

/// Message digests (md5, sha*) through Nettle: a small library that costs ~0.1 ms at start-up,
/// where OpenSSL's libcrypto costs ~0.6 ms to load and ~0.7 ms more to set up on first use.
namespace marionette::digest {

enum class Algorithm { md5, sha1, sha224, sha256, sha384, sha512 };

/// Puppet's name: "md5", "sha1", "sha256", …
std::string_view name_of(Algorithm algorithm);
std::optional<Algorithm> algorithm_named(std::string_view name);

/// A digest that cannot be made (kept for callers; the Nettle backend always can).
class Unavailable : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Lower-case hex digest of `data`.
std::string hex(Algorithm algorithm, std::string_view data);

/// The digest's own bytes (Ruby's `Digest::SHA1.digest`).
std::string bytes(Algorithm algorithm, std::string_view data);

/// Lower-case hex of any bytes (Ruby's `unpack('H*')`).
std::string to_hex(std::string_view bytes);

/// PBKDF2 with HMAC-SHA512 (RFC 8018): `length` bytes derived from the password and salt.
std::string pbkdf2_sha512(std::string_view password, std::string_view salt, unsigned iterations,
                          std::size_t length);

/// Whether `signature` is an RSA PKCS#1 v1.5 signature of `message`, hashed with `algorithm`,
/// under the public key (modulus, exponent), all of them big-endian bytes as DER holds them.
/// What OpenSSL's X509_verify checks of a certificate signed with sha*WithRSAEncryption.
bool rsa_signature_matches(std::string_view modulus, std::string_view exponent, Algorithm algorithm,
                           std::string_view message, std::string_view signature);

/// A digest fed piece by piece.
class Hasher {
 public:
  explicit Hasher(Algorithm algorithm);
  ~Hasher();
  Hasher(const Hasher&) = delete;
  Hasher& operator=(const Hasher&) = delete;

  void update(std::string_view data);
  /// The lower-case hex digest; the hasher is spent afterwards.
  std::string finish_hex();

 private:
  struct Context;
  std::unique_ptr<Context> context_;
};

/// Lower-case hex digest of a file's content, read in blocks. Throws std::system_error when the
/// file cannot be read.
std::string hex_of_file(Algorithm algorithm, const std::filesystem::path& path);

}  // namespace marionette::digest
