#include <string_view>
#include <unordered_map>

#include "compiler/evaluator.hpp"
#include "compiler/known_types.hpp"
#include "lang/diagnostic.hpp"

namespace marionette::compiler {

// Puppet validates the attributes of built-in types when it finishes the catalog, after every
// default, override and collector has had its say, virtual and exported resources included:
// an unknown one is an error at the resource's declaration.
void Evaluator::check_builtin_attributes() const {
  // Each type looked up once (a catalog has a few types and thousands of resources).
  struct Checks {
    const ResourceTypeDefinition* module_type;
    AttributeCheck check;
  };
  std::unordered_map<std::string_view, Checks> by_type;
  for (std::size_t i = 0; i < resources_.size(); ++i) {
    const CompiledResource& resource = resources_[i];
    if (resource.definition) continue;
    auto known = by_type.find(resource.type);
    if (known == by_type.end()) {
      const ResourceTypeDefinition* module_type = nullptr;
      if (!module_types_.empty())
        if (auto found = module_types_.find(resource.type); found != module_types_.end())
          module_type = found->second;
      known =
          by_type
              .emplace(resource.type,
                       Checks{module_type, AttributeCheck(module_type ? std::string()
                                                                      : lowercase(resource.type))})
              .first;
    }
    const ResourceTypeDefinition* module_type = known->second.module_type;
    const AttributeCheck& check = known->second.check;
    for (const auto& [name, value] : resource.parameters)
      if (module_type ? !module_type->has_attribute(name) && !is_metaparameter(name) &&
                            name != "name"  // every type takes it (its namevar's other name)
                      : !check.accepts(name))
        throw lang::SourceError("no parameter named '" + name + "' on " + resource.ref(),
                                resource.where);
  }
}

}  // namespace marionette::compiler
