#include "compiler/evaluator.hpp"
#include "compiler/known_types.hpp"
#include "lang/diagnostic.hpp"

namespace marionette::compiler {

// Puppet validates the attributes of built-in types when it finishes the catalog, after every
// default, override and collector has had its say, virtual and exported resources included:
// an unknown one is an error at the resource's declaration.
void Evaluator::check_builtin_attributes() const {
  for (std::size_t i = 0; i < resources_.size(); ++i) {
    const CompiledResource& resource = resources_[i];
    if (resource.definition) continue;
    AttributeCheck check(lowercase(resource.type));
    for (const auto& [name, value] : resource.parameters)
      if (!check.accepts(name))
        throw lang::SourceError("no parameter named '" + name + "' on " + resource.ref(),
                                resource.where);
  }
}

}  // namespace marionette::compiler
