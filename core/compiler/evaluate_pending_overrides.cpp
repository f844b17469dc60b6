#include <string>

#include "compiler/evaluator.hpp"
#include "lang/diagnostic.hpp"

namespace marionette::compiler {

void Evaluator::apply_pending_overrides() {
  for (PendingOverride& pending : pending_overrides_) {
    auto index = resources_.find(pending.type, pending.title);
    if (!index) continue;
    if (override_right(*pending.scope, resources_[*index]) == OverrideRight::None)
      throw lang::SourceError("Only subclasses can override parameters", pending.where);
    for (PendingOverride::Attribute& attribute : pending.attributes)
      apply_override(resources_[*index], attribute.name, std::move(attribute.value),
                     attribute.append, pending.scope, attribute.where);
    pending.attributes.clear();
    pending.type.clear();  // resolved
  }
}

// Puppet names every reference it could not resolve, at the first override's place.
void Evaluator::fail_on_unresolved_overrides() const {
  std::string missing;
  const lang::SourceLocation* where = nullptr;
  for (const PendingOverride& pending : pending_overrides_) {
    if (pending.type.empty()) continue;
    if (!where) where = &pending.where;
    missing += (missing.empty() ? "" : ", ") + pending.type + "[" + pending.title + "]";
  }
  if (where)
    throw lang::SourceError("Could not find resource(s) " + missing + " for overriding", *where);
}

}  // namespace marionette::compiler
