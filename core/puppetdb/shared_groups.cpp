#include "puppetdb/shared_groups.hpp"

namespace marionette::puppetdb {

SharedGroupsCache& kept_shared_groups() {
  static SharedGroupsCache kept(kKeptSharedGroupsBytes, [](const CatalogBody::Groups& groups) {
    std::size_t bytes = 0;
    for (const auto& [type, packed] : groups) bytes += type.size() + packed.size();
    return bytes;
  });
  return kept;
}

}  // namespace marionette::puppetdb
