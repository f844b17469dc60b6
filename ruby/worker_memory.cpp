// Ruby 3.1 disables transparent huge pages for its process (prctl(PR_SET_THP_DISABLE), against
// copy-on-write after fork in forking servers), then writes the header of each of the 1,024
// blocks of its 32 MiB transient heap: 1,024 page faults before any Ruby code runs, a fifth of
// a worker's start-up on a virtual machine where a fault costs 10-20 µs. The worker exports its
// own mmap and prctl, which libruby's calls bind to (the executable comes first in the lookup
// scope): when allowed, the transient heap's mapping is advised to use huge pages (16 faults)
// and the THP prctl is skipped; everything else goes to the kernel unchanged.

#include "worker_memory.hpp"

#include <linux/prctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>
#include <cstdarg>
#include <cstddef>

namespace marionette::ruby_worker {
namespace {

std::atomic<bool> huge_pages{false};

/// At least the transient heap (32 MiB); Ruby's object heap pages and malloc's are far smaller.
constexpr std::size_t kLargeMapping = std::size_t{16} << 20;

bool wants_huge_pages(void* address, std::size_t length, int flags) {
  return huge_pages.load(std::memory_order_relaxed) && address == nullptr &&
         length >= kLargeMapping && (flags & MAP_ANONYMOUS) && (flags & MAP_PRIVATE) &&
         !(flags & (MAP_STACK | MAP_FIXED));
}

}  // namespace

void allow_huge_pages() {
  huge_pages.store(true, std::memory_order_relaxed);
}

}  // namespace marionette::ruby_worker

extern "C" __attribute__((visibility("default"))) void* mmap(void* address, std::size_t length,
                                                             int protection, int flags, int fd,
                                                             off_t offset) noexcept {
  void* mapped =
      reinterpret_cast<void*>(::syscall(SYS_mmap, address, length, protection, flags, fd, offset));
  if (mapped != MAP_FAILED && marionette::ruby_worker::wants_huge_pages(address, length, flags))
    ::syscall(SYS_madvise, mapped, length, MADV_HUGEPAGE);
  return mapped;
}

extern "C" __attribute__((visibility("default"))) int prctl(int option, ...) noexcept {
  va_list arguments;
  va_start(arguments, option);
  unsigned long second = va_arg(arguments, unsigned long), third = va_arg(arguments, unsigned long),
                fourth = va_arg(arguments, unsigned long), fifth = va_arg(arguments, unsigned long);
  va_end(arguments);
  if (option == PR_SET_THP_DISABLE && marionette::ruby_worker::huge_pages.load()) return 0;
  return static_cast<int>(::syscall(SYS_prctl, option, second, third, fourth, fifth));
}
