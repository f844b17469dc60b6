#include "digest/digest.hpp"

#include <fcntl.h>
#include <nettle/nettle-meta.h>
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

std::string to_hex(const unsigned char* bytes, unsigned int size) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string text(size * 2, '\0');
  for (unsigned int i = 0; i < size; ++i) {
    text[2 * i] = kDigits[bytes[i] >> 4];
    text[2 * i + 1] = kDigits[bytes[i] & 0xf];
  }
  return text;
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
