#pragma once

#include <cstddef>
#include <memory>
#include <new>
#include <utility>
#include <vector>

#include "lang/ast/node.hpp"

namespace marionette::lang::ast {

/// Owns every node of the files parsed for one compilation; nodes point at each other with
/// plain pointers that stay valid as long as the arena lives.
///
/// Nodes are placed one after the other in large blocks instead of one heap allocation each
/// (a file's parse makes thousands); the arena runs their destructors when it goes.
class Arena {
 public:
  Arena() = default;
  ~Arena();
  Arena(const Arena&) = delete;
  Arena& operator=(const Arena&) = delete;

  template <class T, class... Args>
  T* make(Args&&... args) {
    void* memory = allocate(sizeof(T), alignof(T));
    nodes_.push_back(nullptr);  // room first: once built, the node is always destroyed
    T* node = new (memory) T(std::forward<Args>(args)...);
    nodes_.back() = node;
    return node;
  }

  std::size_t size() const { return nodes_.size(); }

 private:
  void* allocate(std::size_t size, std::size_t alignment);

  std::vector<Node*> nodes_;  ///< in the order made; destroyed in reverse
  std::vector<std::unique_ptr<std::byte[]>> blocks_;
  std::byte* at_ = nullptr;  ///< the free part of the last block
  std::byte* end_ = nullptr;
};

}  // namespace marionette::lang::ast
