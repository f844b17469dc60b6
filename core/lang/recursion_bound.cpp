#include "lang/recursion_bound.hpp"

#include <sys/resource.h>

#include <algorithm>

namespace marionette::lang {

std::ptrdiff_t stack_allowed() {
  static const std::ptrdiff_t allowed = [] {
    constexpr std::ptrdiff_t kMost = std::ptrdiff_t{4} << 20;
    rlimit limit{};
    if (getrlimit(RLIMIT_STACK, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return kMost;
    return std::min(kMost, static_cast<std::ptrdiff_t>(limit.rlim_cur / 2));
  }();
  return allowed;
}

}  // namespace marionette::lang
