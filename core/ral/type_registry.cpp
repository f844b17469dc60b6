#include <algorithm>
#include <vector>

#include "ral/resource_type.hpp"
#include "ral/types.hpp"
#include "resource_types/descriptor.hpp"

namespace marionette::ral {

// One declaration per provider file, NAME_type.cpp, from the list CMake generates.
#define PROVIDER(stem) Provider stem##_provider();
#include "ral/provider_list.inc"
#undef PROVIDER

namespace {

/// The type `stem` (NAME_type) provides, with its lister when its descriptor says it lists
/// instances.
TypeDefinition defined(std::string_view stem, Provider provider) {
  std::string name(stem.substr(0, stem.size() - std::string_view("_type").size()));
  const resource_types::Descriptor* described = resource_types::find(name);
  InstanceLister instances = described && described->lists_instances ? provider.instances : nullptr;
  return {std::move(name), std::move(provider.make), std::move(instances)};
}

const std::vector<TypeDefinition>& registry() {
  static const std::vector<TypeDefinition> types = {
#define PROVIDER(stem) defined(#stem, stem##_provider()),
#include "ral/provider_list.inc"
#undef PROVIDER
  };
  return types;
}

}  // namespace

const TypeDefinition* find_type(std::string_view name) {
  const auto& types = registry();
  auto found = std::find_if(types.begin(), types.end(),
                            [&](const TypeDefinition& type) { return type.name == name; });
  return found == types.end() ? nullptr : &*found;
}

std::vector<std::string> type_names() {
  std::vector<std::string> names;
  for (const auto& type : registry()) names.push_back(type.name);
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace marionette::ral
