#pragma once

#include <memory>
#include <utility>
#include <vector>

#include "lang/ast/node.hpp"

namespace marionette::lang::ast {

/// Owns every node of the files parsed for one compilation; nodes point at each other with
/// plain pointers that stay valid as long as the arena lives.
class Arena {
 public:
  template <class T, class... Args>
  T* make(Args&&... args) {
    auto node = std::make_unique<T>(std::forward<Args>(args)...);
    T* raw = node.get();
    nodes_.push_back(std::move(node));
    return raw;
  }

  std::size_t size() const { return nodes_.size(); }

 private:
  std::vector<std::unique_ptr<Node>> nodes_;
};

}  // namespace marionette::lang::ast
