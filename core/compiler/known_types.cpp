#include "compiler/known_types.hpp"

#include <iterator>
#include <unordered_map>
#include <unordered_set>

#include "resource_types/descriptor.hpp"

namespace marionette::compiler {

namespace {

constexpr std::string_view kMetaparameters[] = {"alias", "audit",     "before",  "loglevel",
                                                "noop",  "notify",    "require", "schedule",
                                                "stage", "subscribe", "tag"};

/// Puppet's core types (their descriptors, resource_types/descriptors/), indexed: a type's
/// attributes as a set (looked up once per parameter of every resource of the catalog).
struct TypeIndex {
  struct Entry {
    bool lists_attributes;
    std::unordered_set<std::string_view> attributes;
  };
  std::unordered_map<std::string_view, Entry> types;
  std::unordered_set<std::string_view> metaparameters{std::begin(kMetaparameters),
                                                      std::end(kMetaparameters)};

  TypeIndex() {
    for (const resource_types::Descriptor& type : resource_types::all())
      if (type.origin == resource_types::Origin::core)
        types.emplace(type.name, Entry{!type.attributes.empty(),
                                       {type.attributes.begin(), type.attributes.end()}});
  }
};

const TypeIndex& type_index() {
  static const TypeIndex index;
  return index;
}

}  // namespace

bool is_builtin_type(std::string_view name) {
  return type_index().types.count(name) > 0;
}

bool is_metaparameter(std::string_view name) {
  return type_index().metaparameters.count(name) > 0;
}

bool accepts_attribute(std::string_view type, std::string_view attribute) {
  return AttributeCheck(type).accepts(attribute);
}

AttributeCheck::AttributeCheck(std::string_view type) : entry_(nullptr) {
  const TypeIndex& index = type_index();
  auto found = index.types.find(type);
  if (found != index.types.end() && found->second.lists_attributes) entry_ = &found->second;
}

bool AttributeCheck::accepts(std::string_view attribute) const {
  if (!entry_) return true;
  const auto& entry = *static_cast<const TypeIndex::Entry*>(entry_);
  return entry.attributes.count(attribute) > 0 || type_index().metaparameters.count(attribute) > 0;
}

}  // namespace marionette::compiler
