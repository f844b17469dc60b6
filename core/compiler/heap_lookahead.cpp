#include "compiler/heap_lookahead.hpp"

#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>

namespace marionette::compiler {

namespace {

#ifndef MADV_POPULATE_WRITE
constexpr int MADV_POPULATE_WRITE = 23;  // Linux 5.14; older kernels refuse it, harmlessly
#endif

constexpr std::uintptr_t kPage = 4096;

std::uintptr_t heap_end() {
  return reinterpret_cast<std::uintptr_t>(sbrk(0));
}

}  // namespace

HeapLookahead::HeapLookahead(std::size_t step) {
  mallopt(M_TOP_PAD, static_cast<int>(step));
  from_ = (heap_end() + kPage - 1) & ~(kPage - 1);
  done_ = from_;
}

bool HeapLookahead::populate(std::size_t at_most) {
  std::uintptr_t end = heap_end() & ~(kPage - 1);
  if (end <= done_) {
    done_ = std::max(end, from_);  // the heap shrank: what grows back there is fresh again
    return false;
  }
  end = std::min<std::uintptr_t>(end, done_ + at_most);
  if (madvise(reinterpret_cast<void*>(done_), end - done_, MADV_POPULATE_WRITE) != 0) return false;
  done_ = end;
  return true;
}

}  // namespace marionette::compiler
