#include "lang/ast/arena.hpp"

#include <algorithm>
#include <cstdint>

namespace marionette::lang::ast {

namespace {

/// Enough for a few hundred nodes; a node larger than this gets a block of its own.
constexpr std::size_t kBlockSize = 64 << 10;

}  // namespace

Arena::~Arena() {
  for (auto node = nodes_.rbegin(); node != nodes_.rend(); ++node)
    if (*node) (*node)->~Node();
}

void* Arena::allocate(std::size_t size, std::size_t alignment) {
  auto aligned = [&](std::byte* at) {
    auto address = reinterpret_cast<std::uintptr_t>(at);
    return reinterpret_cast<std::byte*>((address + alignment - 1) & ~(alignment - 1));
  };
  std::byte* start = at_ ? aligned(at_) : nullptr;
  if (!start || start + size > end_) {
    std::size_t block = std::max(kBlockSize, size + alignment);
    blocks_.push_back(std::make_unique_for_overwrite<std::byte[]>(block));
    at_ = blocks_.back().get();
    end_ = at_ + block;
    start = aligned(at_);
  }
  at_ = start + size;
  return start;
}

}  // namespace marionette::lang::ast
