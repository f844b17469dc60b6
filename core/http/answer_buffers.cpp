#include "http/answer_buffers.hpp"

#include <algorithm>
#include <utility>

namespace marionette::http {

AnswerBuffers& AnswerBuffers::process() {
  static AnswerBuffers buffers;
  return buffers;
}

std::string AnswerBuffers::take(std::size_t capacity) {
  std::string taken;
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    auto best = kept_.end();
    for (auto it = kept_.begin(); it != kept_.end(); ++it)
      if (it->capacity() >= capacity && (best == kept_.end() || it->capacity() < best->capacity()))
        best = it;
    if (best != kept_.end()) {
      taken = std::move(*best);
      kept_.erase(best);
    }
  }
  if (taken.capacity() < capacity) taken.reserve(capacity);
  return taken;
}

void AnswerBuffers::give_back(std::string&& text) {
  std::string kept = std::move(text);
  text.clear();
  if (kept.capacity() < kSmallest || kept.capacity() > kLargest) return;
  kept.clear();
  std::string dropped;  // freed outside the lock
  const std::lock_guard<std::mutex> lock(mutex_);
  if (kept_.size() >= kKept) {
    auto smallest = std::min_element(kept_.begin(), kept_.end(), [](const auto& a, const auto& b) {
      return a.capacity() < b.capacity();
    });
    if (smallest->capacity() >= kept.capacity()) return;
    dropped = std::move(*smallest);
    *smallest = std::move(kept);
    return;
  }
  kept_.push_back(std::move(kept));
}

bool AnswerBuffers::release() {
  std::vector<std::string> all;
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    all.swap(kept_);
  }
  return !all.empty();
}

}  // namespace marionette::http
