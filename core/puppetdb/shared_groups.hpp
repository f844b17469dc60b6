#pragma once

#include <cstddef>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "puppetdb/packed_resources.hpp"

namespace marionette::puppetdb {

/// The groups of the shared parts of catalog bodies (catalog_body_parts) this process has read,
/// inflated, by name. A name is a digest of its groups, so nothing kept goes stale, whichever
/// store or server wrote it: a query over thousands of nodes of a few roles reads and inflates
/// each part once. Bounded: emptied when what it keeps would pass kKeptBytes. Thread-safe.
class SharedGroupsCache {
 public:
  static SharedGroupsCache& process();
  std::shared_ptr<const CatalogBody::Groups> find(const std::string& name);
  void keep(const std::string& name, std::shared_ptr<const CatalogBody::Groups> groups);

  static constexpr std::size_t kKeptBytes = 16 << 20;

 private:
  std::mutex mutex_;
  std::map<std::string, std::shared_ptr<const CatalogBody::Groups>, std::less<>> kept_;
  std::size_t bytes_ = 0;
};

}  // namespace marionette::puppetdb
