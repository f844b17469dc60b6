#pragma once

#include <cstddef>
#include <iterator>
#include <nlohmann/json.hpp>
#include <string>
#include <unordered_map>
#include <utility>

namespace marionette::rubyish {

/// Sets names in an ordered_json object in constant time: it keeps its keys in order and finds one
/// by a linear search, so setting n names through operator[] takes n² steps (100,000 facts took
/// over a minute). A name already there keeps its place and takes the new value, as with
/// operator[] and a Ruby Hash.
class IndexedObject {
  using Data = nlohmann::ordered_json;

 public:
  /// `object` must be an object, and outlive this.
  explicit IndexedObject(Data& object) : entries_(object.get_ref<Data::object_t&>()) {
    std::size_t at = 0;
    for (const auto& entry : entries_) index_.emplace(entry.first, at++);
  }

  /// The value now under `name`.
  Data& set(std::string name, Data value) {
    auto [found, fresh] = index_.try_emplace(name, entries_.size());
    if (fresh) {
      entries_.emplace_back(std::move(name), std::move(value));
      return entries_.back().second;
    }
    Data& slot = std::next(entries_.begin(), static_cast<std::ptrdiff_t>(found->second))->second;
    slot = std::move(value);
    return slot;
  }

 private:
  Data::object_t& entries_;
  std::unordered_map<std::string, std::size_t> index_;
};

}  // namespace marionette::rubyish
