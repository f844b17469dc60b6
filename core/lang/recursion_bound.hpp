#pragma once

namespace marionette::lang {

/// How deeply one kind of recursion over untrusted input (an AST, a value) is nested on this
/// thread, and where on the machine stack its outermost level stands.
struct Nesting {
  int depth = 0;
  const char* stack_base = nullptr;
};

/// One level of such a recursion. It counts the level and measures the machine stack used since
/// the outermost level, so that input nested too deeply is refused (exceeded()) before the stack
/// runs out: frames differ between builds (a sanitizer's are several times larger), so the count
/// alone cannot promise that. The stack allowed is 4 MiB, or half of RLIMIT_STACK if that is less.
class RecursionBound {
 public:
  RecursionBound(Nesting& nesting, int max_depth);
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
