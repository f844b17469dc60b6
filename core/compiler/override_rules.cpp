#include "compiler/evaluator.hpp"

namespace marionette::compiler {

namespace {

/// Puppet's "source" of what a class or defined-type instance declares: its class, or its
/// defined type (every instance of a defined type shares one source).
std::string source_of(const CompiledResource& container) {
  if (container.definition) return "define " + lowercase(container.type);
  std::string name = lowercase(container.title);
  return "class " + (name == "main" ? std::string() : name);
}

}  // namespace

Evaluator::OverrideRight Evaluator::override_right(const Scope& scope,
                                                   const CompiledResource& resource) const {
  // The container is known until the catalog's tags are finished, after every override.
  if (!resource.tag_source) return OverrideRight::Subclass;
  return override_right(scope, *resource.tag_source);
}

Evaluator::OverrideRight Evaluator::override_right(const Scope& scope, std::size_t source) const {
  const std::string resource_source = source_of(resources_[source]);
  const CompiledResource& container = resources_[scope.resource()];
  if (source_of(container) == resource_source) return OverrideRight::SameSource;
  if (container.definition) return OverrideRight::None;
  auto own = class_scopes_.find(scope.class_name());
  if (own == class_scopes_.end()) return OverrideRight::None;
  // A class's scope hangs below its parent class's scope; classes without one hang below top.
  for (const Scope* parent = own->second->parent(); parent && parent != top_;
       parent = parent->parent())
    if (source_of(resources_[parent->resource()]) == resource_source)
      return OverrideRight::Subclass;
  return OverrideRight::None;
}

}  // namespace marionette::compiler
