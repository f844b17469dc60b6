#include <algorithm>

#include "resource_types/descriptor.hpp"

namespace marionette::resource_types {

// One declaration per descriptors/NAME.cpp, from the list CMake generates.
#define DESCRIBE(name) Descriptor describe_##name();
#include "resource_types/descriptor_list.inc"
#undef DESCRIBE

const std::vector<Descriptor>& all() {
  static const std::vector<Descriptor> descriptors = [] {
    std::vector<Descriptor> listed = {
#define DESCRIBE(name) describe_##name(),
#include "resource_types/descriptor_list.inc"
#undef DESCRIBE
    };
    std::sort(listed.begin(), listed.end(),
              [](const Descriptor& a, const Descriptor& b) { return a.name < b.name; });
    return listed;
  }();
  return descriptors;
}

const Descriptor* find(std::string_view name) {
  const auto& descriptors = all();
  auto found = std::lower_bound(
      descriptors.begin(), descriptors.end(), name,
      [](const Descriptor& descriptor, std::string_view key) { return descriptor.name < key; });
  return found != descriptors.end() && found->name == name ? &*found : nullptr;
}

}  // namespace marionette::resource_types
