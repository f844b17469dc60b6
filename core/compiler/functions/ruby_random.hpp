#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace marionette::compiler {

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

/// Ruby's Random.new(n) for n written in hexadecimal (Digest::MD5.hexdigest(x).hex): the number's
/// 32-bit words, least significant first, as init_by_array takes them.
inline std::vector<std::uint32_t> seed_words_from_hex(const std::string& hex) {
  std::vector<std::uint32_t> key;
  for (std::size_t end = hex.size(); end > 0; end -= std::min<std::size_t>(end, 8)) {
    std::size_t start = end >= 8 ? end - 8 : 0;
    key.push_back(static_cast<std::uint32_t>(std::stoul(hex.substr(start, end - start), nullptr, 16)));
  }
  while (key.size() > 1 && key.back() == 0) key.pop_back();
  return key;
}

}  // namespace marionette::compiler
