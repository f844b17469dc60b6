#include "compiler/builtin_composite_types.hpp"

#include <map>

#include "rubyish/regex.hpp"
#include "resource_types/descriptor.hpp"

namespace marionette::compiler {

namespace {

/// A core type's descriptor with several key attributes, as the compiler matches module types'
/// titles (sshkey: /^(.*?)@(.*)$/ sets name and type, /^([^@]+)$/ the name).
ResourceTypeDefinition composite_type(const resource_types::Descriptor& descriptor) {
  ResourceTypeDefinition type;
  type.name = descriptor.name;
  type.attributes.assign(descriptor.attributes.begin(), descriptor.attributes.end());
  type.key_attributes.assign(descriptor.key_attributes.begin(), descriptor.key_attributes.end());
  for (const resource_types::TitlePattern& pattern : descriptor.title_patterns) {
    ResourceTypeDefinition::TitlePattern& made = type.title_patterns.emplace_back();
    made.regex = pattern.regex;
    made.captures.assign(pattern.captures.begin(), pattern.captures.end());
    made.compiled = rubyish::compile_ruby_regex(made.regex);
  }
  return type;
}

}  // namespace

const ResourceTypeDefinition* builtin_composite_type(std::string_view name) {
  static const std::map<std::string_view, ResourceTypeDefinition> composites = [] {
    std::map<std::string_view, ResourceTypeDefinition> made;
    for (const resource_types::Descriptor& type : resource_types::all())
      if (type.origin == resource_types::Origin::core && !type.key_attributes.empty())
        made.emplace(type.name, composite_type(type));
    return made;
  }();
  auto found = composites.find(name);
  return found == composites.end() ? nullptr : &found->second;
}

}  // namespace marionette::compiler
