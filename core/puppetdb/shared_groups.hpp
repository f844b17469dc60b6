#pragma once

#include <cstddef>

#include "puppetdb/kept_by_name.hpp"
#include "puppetdb/packed_resources.hpp"

namespace marionette::puppetdb {

/// The groups of the shared parts of catalog bodies (catalog_body_parts) this process has read,
/// inflated, by name (a digest of the groups): a query over thousands of nodes of a few roles
/// reads and inflates each part once. At most kKeptSharedGroupsBytes of groups.
using SharedGroupsCache = KeptByName<CatalogBody::Groups>;
constexpr std::size_t kKeptSharedGroupsBytes = 16 << 20;
SharedGroupsCache& kept_shared_groups();

}  // namespace marionette::puppetdb
