#include "lang/recursion_bound.hpp"

#include <sys/resource.h>

#include <algorithm>
#include <cstddef>

namespace marionette::lang {
namespace {

std::ptrdiff_t stack_allowed() {
  static const std::ptrdiff_t allowed = [] {
    constexpr std::ptrdiff_t kMost = std::ptrdiff_t{4} << 20;
    rlimit limit{};
    if (getrlimit(RLIMIT_STACK, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return kMost;
    return std::min(kMost, static_cast<std::ptrdiff_t>(limit.rlim_cur / 2));
  }();
  return allowed;
}

}  // namespace

RecursionBound::RecursionBound(Nesting& nesting, int max_depth) : nesting_(nesting) {
  const char* here = static_cast<const char*>(__builtin_frame_address(0));
  if (nesting_.depth++ == 0) nesting_.stack_base = here;
  // The stack grows down on every platform marionette builds for.
  exceeded_ = nesting_.depth > max_depth || nesting_.stack_base - here > stack_allowed();
}

}  // namespace marionette::lang
