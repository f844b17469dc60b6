#include "puppetdb/shared_groups.hpp"

namespace marionette::puppetdb {

SharedGroupsCache& SharedGroupsCache::process() {
  static SharedGroupsCache cache;
  return cache;
}

std::shared_ptr<const CatalogBody::Groups> SharedGroupsCache::find(const std::string& name) {
  std::lock_guard lock(mutex_);
  auto found = kept_.find(name);
  return found == kept_.end() ? nullptr : found->second;
}

void SharedGroupsCache::keep(const std::string& name,
                             std::shared_ptr<const CatalogBody::Groups> groups) {
  std::size_t bytes = name.size();
  for (const auto& [type, packed] : *groups) bytes += type.size() + packed.size();
  std::lock_guard lock(mutex_);
  if (bytes_ + bytes > kKeptBytes) {
    kept_.clear();
    bytes_ = 0;
  }
  if (kept_.emplace(name, std::move(groups)).second) bytes_ += bytes;
}

}  // namespace marionette::puppetdb
