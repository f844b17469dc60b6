#include <string>

#include "compiler/evaluator.hpp"
#include "lang/diagnostic.hpp"

namespace marionette::compiler {

bool Evaluator::realize_declared() {
  bool realized = false;
  std::erase_if(unrealized_, [&](const std::pair<std::string, std::string>& reference) {
    auto index = resources_.find(reference.first, reference.second);
    if (!index) return false;
    CompiledResource& resource = resources_[*index];
    if (resource.is_virtual || (resource.exported && !resource.collected)) {
      resource.is_virtual = false;
      resource.collected = resource.exported;  // in the catalog, still marked exported
      realized = true;
    }
    return true;
  });
  return realized;
}

// Puppet names every reference still unresolved when the compile ends, and no place.
void Evaluator::fail_on_unrealized() const {
  if (unrealized_.empty()) return;
  std::string missing;
  for (const auto& [type, title] : unrealized_)
    missing += (missing.empty() ? "" : ", ") + type + "[" + title + "]";
  throw lang::SourceError("Failed to realize virtual resources " + missing, {});
}

}  // namespace marionette::compiler
