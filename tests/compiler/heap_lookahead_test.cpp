// HeapLookahead: the main heap's reserved, untouched pages become resident from another thread.
#include "compiler/heap_lookahead.hpp"

#include <gtest/gtest.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <memory>
#include <thread>
#include <vector>

namespace marionette::compiler {
namespace {

/// How many of the pages in [from, to) are resident.
std::size_t resident_pages(std::uintptr_t from, std::uintptr_t to) {
  const std::uintptr_t page = 4096;
  from &= ~(page - 1);
  std::vector<unsigned char> flags((to - from + page - 1) / page);
  if (mincore(reinterpret_cast<void*>(from), to - from, flags.data()) != 0) return 0;
  std::size_t count = 0;
  for (unsigned char flag : flags) count += flag & 1;
  return count;
}

bool kernel_can_populate() {
  void* page = mmap(nullptr, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  bool can = madvise(page, 4096, 23 /* MADV_POPULATE_WRITE, Linux 5.14 */) == 0;
  munmap(page, 4096);
  return can;
}

TEST(HeapLookahead, PagesTheHeapReservedAreFaultedInByAnotherThread) {
  if (!kernel_can_populate()) GTEST_SKIP() << "this kernel has no MADV_POPULATE_WRITE (< 5.14)";
  const auto before = reinterpret_cast<std::uintptr_t>(sbrk(0));
  HeapLookahead lookahead(4 << 20);
  // A small allocation that does not fit the current top makes the heap grow by 4 MiB more.
  std::vector<std::unique_ptr<char[]>> blocks;
  while (reinterpret_cast<std::uintptr_t>(sbrk(0)) < before + (4 << 20))
    blocks.emplace_back(new char[4000]);
  const auto end = reinterpret_cast<std::uintptr_t>(sbrk(0)) & ~std::uintptr_t(4095);
  const std::size_t pages = (end - ((before + 4095) & ~std::uintptr_t(4095))) / 4096;
  const std::size_t resident_before = resident_pages(before, end);
  ASSERT_LT(resident_before, pages) << "the heap's top pad is not touched yet";

  std::thread helper([&] {
    while (lookahead.populate(256 << 10)) {
    }
  });
  helper.join();
  EXPECT_EQ(resident_pages(before, end), pages);
  EXPECT_FALSE(lookahead.populate(256 << 10)) << "nothing left to fault in";
}

}  // namespace
}  // namespace marionette::compiler
