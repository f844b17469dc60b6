#include <array>
#include <cstdint>

#include "compiler/evaluator.hpp"
#include "compiler/functions/function.hpp"
#include "digest/digest.hpp"

namespace marionette::compiler {

namespace {

std::string hex_digest(CallContext& call, digest::Algorithm algorithm, const std::string& text) {
  try {
    return digest::hex(algorithm, text);
  } catch (const digest::Unavailable& error) {
    call.fail(error.what());
  }
}

template <digest::Algorithm Algorithm>
Value digest_of(CallContext& call) {
  call.expect_arguments(1, 1);
  return hex_digest(call, Algorithm, to_string(call.arguments[0]));
}

/// The Mersenne Twister as Ruby's Random uses it: seeded with init_by_array from the seed's
/// 32-bit words, least significant first.
class RubyRandom {
 public:
  explicit RubyRandom(const std::vector<std::uint32_t>& key) {
    state_[0] = 19650218u;
    for (std::size_t i = 1; i < kSize; ++i)
      state_[i] =
          1812433253u * (state_[i - 1] ^ (state_[i - 1] >> 30)) + static_cast<std::uint32_t>(i);
    std::size_t i = 1, j = 0;
    for (std::size_t k = std::max(kSize, key.size()); k; --k) {
      state_[i] = (state_[i] ^ ((state_[i - 1] ^ (state_[i - 1] >> 30)) * 1664525u)) + key[j] +
                  static_cast<std::uint32_t>(j);
      if (++i >= kSize) state_[0] = state_[kSize - 1], i = 1;
      if (++j >= key.size()) j = 0;
    }
    for (std::size_t k = kSize - 1; k; --k) {
      state_[i] = (state_[i] ^ ((state_[i - 1] ^ (state_[i - 1] >> 30)) * 1566083941u)) -
                  static_cast<std::uint32_t>(i);
      if (++i >= kSize) state_[0] = state_[kSize - 1], i = 1;
    }
    state_[0] = 0x80000000u;
    next_ = kSize;
  }

  std::uint32_t next32() {
    if (next_ >= kSize) twist();
    std::uint32_t y = state_[next_++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    return y ^ (y >> 18);
  }

  /// Ruby's Random#rand(max) for 0 < max <= 2**32: masked draws until one is below max.
  std::uint32_t below(std::uint32_t max) {
    std::uint32_t limit = max - 1, mask = limit;
    for (int shift = 1; shift < 32; shift <<= 1) mask |= mask >> shift;
    while (true) {
      std::uint32_t value = next32() & mask;
      if (value <= limit) return value;
    }
  }

 private:
  static constexpr std::size_t kSize = 624;
  void twist() {
    for (std::size_t k = 0; k < kSize; ++k) {
      std::uint32_t y = (state_[k] & 0x80000000u) | (state_[(k + 1) % kSize] & 0x7fffffffu);
      state_[k] = state_[(k + 397) % kSize] ^ (y >> 1) ^ ((y & 1u) ? 0x9908b0dfu : 0u);
    }
    next_ = 0;
  }
  std::array<std::uint32_t, kSize> state_{};
  std::size_t next_ = 0;
};

/// fqdn_rand(max, seed = undef, downcase = false): Random.new(md5("fqdn:max:seed").hex).rand(max)
Value fqdn_rand(CallContext& call) {
  call.expect_arguments(1, 3);
  std::int64_t max = call.arguments[0].is_integer()
                         ? call.arguments[0].integer()
                         : std::stoll("0" + to_string(call.arguments[0]));
  std::string fqdn;
  if (const Value* facts = call.scope.find("facts"); facts && facts->is_hash())
    if (const Value* networking = hash_find(facts->hash(), Value("networking"));
        networking && networking->is_hash())
      if (const Value* name = hash_find(networking->hash(), Value("fqdn"))) fqdn = to_string(*name);
  if (call.arguments.size() > 2 && truthy(call.arguments[2]))
    for (char& c : fqdn) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  std::string seed = call.arguments.size() > 1 ? to_string(call.arguments[1]) : "";
  std::string hex =
      hex_digest(call, digest::Algorithm::md5, fqdn + ":" + std::to_string(max) + ":" + seed);
  std::vector<std::uint32_t> key;  // the 128-bit number, least significant word first
  for (std::size_t end = hex.size(); end > 0; end -= 8)
    key.push_back(static_cast<std::uint32_t>(std::stoul(hex.substr(end - 8, 8), nullptr, 16)));
  while (key.size() > 1 && key.back() == 0) key.pop_back();
  if (max <= 0) call.fail("max must be a positive integer");
  RubyRandom random(key);
  return static_cast<std::int64_t>(random.below(static_cast<std::uint32_t>(max)));
}

}  // namespace

void register_digest_functions(FunctionTable& table) {
  table.emplace_back("md5", digest_of<digest::Algorithm::md5>);
  table.emplace_back("sha1", digest_of<digest::Algorithm::sha1>);
  table.emplace_back("sha256", digest_of<digest::Algorithm::sha256>);
  table.emplace_back("fqdn_rand", fqdn_rand);
}

}  // namespace marionette::compiler
