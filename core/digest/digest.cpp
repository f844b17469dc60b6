#include "digest/digest.hpp"

#include <fcntl.h>
#include <nettle/nettle-meta.h>
#include <nettle/pbkdf2.h>
#include <nettle/rsa.h>
#include <nettle/sha2.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <system_error>
#include <utility>

namespace marionette::digest {

namespace {

constexpr std::array<std::pair<Algorithm, std::string_view>, 6> kNames = {{
    {Algorithm::md5, "md5"},
    {Algorithm::sha1, "sha1"},
    {Algorithm::sha224, "sha224"},
    {Algorithm::sha256, "sha256"},
    {Algorithm::sha384, "sha384"},
    {Algorithm::sha512, "sha512"},
}};

const nettle_hash& nettle_hash_of(Algorithm algorithm) {
  switch (algorithm) {
    case Algorithm::md5:
      return nettle_md5;
    case Algorithm::sha1:
      return nettle_sha1;
    case Algorithm::sha224:
      return nettle_sha224;
    case Algorithm::sha256:
      return nettle_sha256;
    case Algorithm::sha384:
      return nettle_sha384;
    case Algorithm::sha512:
      break;
  }
  return nettle_sha512;
}

std::string to_hex(const unsigned char* bytes, std::size_t size) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string text(size * 2, '\0');
  for (std::size_t i = 0; i < size; ++i) {
    text[2 * i] = kDigits[bytes[i] >> 4];
    text[2 * i + 1] = kDigits[bytes[i] & 0xf];
  }
  return text;
}

/// The DER of a PKCS#1 DigestInfo up to the digest's own bytes (RFC 8017, section 9.2).
std::string_view digest_info_prefix(Algorithm algorithm) {
  using namespace std::string_view_literals;  // the prefixes hold NUL bytes
  switch (algorithm) {
    case Algorithm::md5:
      return "\x30\x20\x30\x0c\x06\x08\x2a\x86\x48\x86\xf7\x0d\x02\x05\x05\x00\x04\x10"sv;
    case Algorithm::sha1:
      return "\x30\x21\x30\x09\x06\x05\x2b\x0e\x03\x02\x1a\x05\x00\x04\x14"sv;
    case Algorithm::sha224:
      return "\x30\x2d\x30\x0d\x06\x09\x60\x86\x48\x01\x65\x03\x04\x02\x04\x05\x00\x04\x1c"sv;
    case Algorithm::sha256:
      return "\x30\x31\x30\x0d\x06\x09\x60\x86\x48\x01\x65\x03\x04\x02\x01\x05\x00\x04\x20"sv;
    case Algorithm::sha384:
      return "\x30\x41\x30\x0d\x06\x09\x60\x86\x48\x01\x65\x03\x04\x02\x02\x05\x00\x04\x30"sv;
    case Algorithm::sha512:
      break;
  }
  return "\x30\x51\x30\x0d\x06\x09\x60\x86\x48\x01\x65\x03\x04\x02\x03\x05\x00\x04\x40"sv;
}

void set_unsigned(mpz_t number, std::string_view big_endian) {
  nettle_mpz_set_str_256_u(number, big_endian.size(),
                           reinterpret_cast<const std::uint8_t*>(big_endian.data()));
}

}  // namespace

std::string_view name_of(Algorithm algorithm) {
  for (const auto& [candidate, name] : kNames)
    if (candidate == algorithm) return name;
  return "";
}

std::optional<Algorithm> algorithm_named(std::string_view name) {
  for (const auto& [algorithm, candidate] : kNames)
    if (candidate == name) return algorithm;
  return std::nullopt;
}

struct Hasher::Context {
  explicit Context(const nettle_hash& algorithm)
      : hash(algorithm),
        state(new std::max_align_t[algorithm.context_size / sizeof(std::max_align_t) + 1]) {
    hash.init(state.get());
  }

  const nettle_hash& hash;
  std::unique_ptr<std::max_align_t[]> state;
};

Hasher::Hasher(Algorithm algorithm)
    : context_(std::make_unique<Context>(nettle_hash_of(algorithm))) {}

Hasher::~Hasher() = default;

void Hasher::update(std::string_view data) {
  context_->hash.update(context_->state.get(), data.size(),
                        reinterpret_cast<const std::uint8_t*>(data.data()));
}

std::string Hasher::finish_hex() {
  unsigned char bytes[SHA512_DIGEST_SIZE];  // the longest of them
  context_->hash.digest(context_->state.get(), context_->hash.digest_size, bytes);
  return to_hex(bytes, context_->hash.digest_size);
}

std::string hex(Algorithm algorithm, std::string_view data) {
  Hasher hasher(algorithm);
  hasher.update(data);
  return hasher.finish_hex();
}

std::string bytes(Algorithm algorithm, std::string_view data) {
  const nettle_hash& hash = nettle_hash_of(algorithm);
  std::unique_ptr<std::max_align_t[]> state(
      new std::max_align_t[hash.context_size / sizeof(std::max_align_t) + 1]);
  hash.init(state.get());
  hash.update(state.get(), data.size(), reinterpret_cast<const std::uint8_t*>(data.data()));
  std::string digest(hash.digest_size, '\0');
  hash.digest(state.get(), hash.digest_size, reinterpret_cast<std::uint8_t*>(digest.data()));
  return digest;
}

std::string to_hex(std::string_view bytes) {
  return to_hex(reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size());
}

std::string pbkdf2_sha512(std::string_view password, std::string_view salt, unsigned iterations,
                          std::size_t length) {
  std::string derived(length, '\0');
  ::pbkdf2_hmac_sha512(password.size(), reinterpret_cast<const std::uint8_t*>(password.data()),
                       iterations, salt.size(), reinterpret_cast<const std::uint8_t*>(salt.data()),
                       length, reinterpret_cast<std::uint8_t*>(derived.data()));
  return derived;
}

bool rsa_signature_matches(std::string_view modulus, std::string_view exponent, Algorithm algorithm,
                           std::string_view message, std::string_view signature) {
  const nettle_hash& hash = nettle_hash_of(algorithm);
  std::unique_ptr<std::max_align_t[]> state(
      new std::max_align_t[hash.context_size / sizeof(std::max_align_t) + 1]);
  hash.init(state.get());
  hash.update(state.get(), message.size(), reinterpret_cast<const std::uint8_t*>(message.data()));
  std::string digest_info(digest_info_prefix(algorithm));
  std::size_t prefix = digest_info.size();
  digest_info.resize(prefix + hash.digest_size);
  hash.digest(state.get(), hash.digest_size,
              reinterpret_cast<std::uint8_t*>(digest_info.data() + prefix));

  struct rsa_public_key key;
  rsa_public_key_init(&key);
  mpz_t number;
  mpz_init(number);
  set_unsigned(key.n, modulus);
  set_unsigned(key.e, exponent);
  set_unsigned(number, signature);
  bool matches =
      rsa_public_key_prepare(&key) &&
      rsa_pkcs1_verify(&key, digest_info.size(),
                       reinterpret_cast<const std::uint8_t*>(digest_info.data()), number);
  mpz_clear(number);
  rsa_public_key_clear(&key);
  return matches;
}

std::string hex_of_file(Algorithm algorithm, const std::filesystem::path& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw std::system_error(errno, std::generic_category(), path.string());
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  Hasher hasher(algorithm);
  std::array<char, 65536> block;
  while (true) {
    const ssize_t got = ::read(fd, block.data(), block.size());
    if (got == 0) break;
    if (got < 0) {
      if (errno == EINTR) continue;
      throw std::system_error(errno, std::generic_category(), path.string());
    }
    hasher.update(std::string_view(block.data(), static_cast<std::size_t>(got)));
  }
  return hasher.finish_hex();
}

}  // namespace marionette::digest
