#pragma once

#include <cstddef>

namespace marionette::lang {

/// How deeply one kind of recursion over untrusted input (an AST, a value) is nested on this
/// thread, and where on the machine stack its outermost level stands.
struct Nesting {
  int depth = 0;
  const char* stack_base = nullptr;
  std::ptrdiff_t stack_allowed = 0;  ///< set with stack_base, at the outermost level
};

/// The machine stack a recursion may use: 4 MiB, or half of RLIMIT_STACK if that is less.
std::ptrdiff_t stack_allowed();

/// One level of such a recursion. It counts the level and measures the machine stack used since
/// the outermost level, so that input nested too deeply is refused (exceeded()) before the stack
/// runs out: frames differ between builds (a sanitizer's are several times larger), so the count
/// alone cannot promise that. Inline: evaluating and validating enter a level for every node.
class RecursionBound {
 public:
  RecursionBound(Nesting& nesting, int max_depth) : nesting_(nesting) {
    const char* here = static_cast<const char*>(__builtin_frame_address(0));
    if (nesting_.depth++ == 0) {
      nesting_.stack_base = here;
      nesting_.stack_allowed = stack_allowed();
    }
    // The stack grows down on every platform marionette builds for.
    exceeded_ = nesting_.depth > max_depth || nesting_.stack_base - here > nesting_.stack_allowed;
  }
  ~RecursionBound() { --nesting_.depth; }
  RecursionBound(const RecursionBound&) = delete;
  RecursionBound& operator=(const RecursionBound&) = delete;

  /// Is this level one too many?
  bool exceeded() const { return exceeded_; }

 private:
  Nesting& nesting_;
  bool exceeded_;
};

}  // namespace marionette::lang
