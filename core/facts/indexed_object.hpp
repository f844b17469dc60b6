#pragma once

#include <cstddef>
#include <iterator>
#include <string>
#include <unordered_map>
#include <utility>

#include "facts/facts.hpp"

namespace marionette::facts {

/// Sets names in a Facts object in constant time: Facts keeps its keys in order and finds one by
/// a linear search, so setting n names through operator[] takes n² steps (100,000 facts took
/// over a minute). A name already there keeps its place and takes the new value, as with
/// operator[] and a Ruby Hash.
class IndexedObject {
 public:
  /// `object` must be an object, and outlive this.
  explicit IndexedObject(Facts& object) : entries_(object.get_ref<Facts::object_t&>()) {
    std::size_t at = 0;
    for (const auto& entry : entries_) index_.emplace(entry.first, at++);
  }

  /// The value now under `name`.
  Facts& set(std::string name, Facts value) {
    auto [found, fresh] = index_.try_emplace(name, entries_.size());
    if (fresh) {
      entries_.emplace_back(std::move(name), std::move(value));
      return entries_.back().second;
    }
    Facts& slot = std::next(entries_.begin(), static_cast<std::ptrdiff_t>(found->second))->second;
    slot = std::move(value);
    return slot;
  }

 private:
  Facts::object_t& entries_;
  std::unordered_map<std::string, std::size_t> index_;
};

}  // namespace marionette::facts
