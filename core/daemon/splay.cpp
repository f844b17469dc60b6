#include "daemon/splay.hpp"

namespace marionette::daemon {

std::chrono::seconds splay_delay(std::chrono::seconds limit, std::mt19937_64& random) {
  if (limit.count() <= 0) return std::chrono::seconds(0);
  std::uniform_int_distribution<long long> seconds(0, limit.count());
  return std::chrono::seconds(seconds(random));
}

std::chrono::seconds splay_delay(std::chrono::seconds limit) {
  std::random_device seed;
  std::mt19937_64 random((static_cast<std::uint64_t>(seed()) << 32) ^ seed());
  return splay_delay(limit, random);
}

}  // namespace marionette::daemon
