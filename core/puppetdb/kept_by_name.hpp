#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>

namespace marionette::puppetdb {

/// Values of the store named by a digest of themselves (the shared parts of catalog bodies, the
/// learnt dictionaries), kept by this process once read. A name always means the same value,
/// whichever store or server wrote it, so nothing kept goes stale. Bounded by the bytes
/// `size_of` counts, names included: emptied when what it keeps would pass `bound`.
/// Thread-safe.
template <typename Value>
class KeptByName {
 public:
  using SizeOf = std::size_t (*)(const Value& value);

  KeptByName(std::size_t bound, SizeOf size_of) : bound_(bound), size_of_(size_of) {}
  KeptByName(const KeptByName&) = delete;
  KeptByName& operator=(const KeptByName&) = delete;

  std::shared_ptr<const Value> find(std::string_view name) {
    std::lock_guard lock(mutex_);
    auto found = kept_.find(name);
    return found == kept_.end() ? nullptr : found->second;
  }

  void keep(const std::string& name, std::shared_ptr<const Value> value) {
    const std::size_t bytes = name.size() + size_of_(*value);
    std::lock_guard lock(mutex_);
    if (kept_.count(name)) return;  // a name means one value: kept already
    if (bytes_ + bytes > bound_) {
      kept_.clear();
      bytes_ = 0;
    }
    kept_.emplace(name, std::move(value));
    bytes_ += bytes;
  }

  /// The bytes kept, as size_of counts them.
  std::size_t bytes() {
    std::lock_guard lock(mutex_);
    return bytes_;
  }

 private:
  const std::size_t bound_;
  const SizeOf size_of_;
  std::mutex mutex_;
  std::map<std::string, std::shared_ptr<const Value>, std::less<>> kept_;
  std::size_t bytes_ = 0;
};

}  // namespace marionette::puppetdb
