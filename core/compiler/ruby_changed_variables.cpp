#include "compiler/ruby_changed_variables.hpp"

#include "compiler/resource_table.hpp"
#include "compiler/scope.hpp"

namespace marionette::compiler {

namespace {

/// What makes two values one object: the Array or Hash they share (nullptr for other values,
/// which are copied whenever they are passed on).
const void* identity(const Value& value) {
  if (value.is_array()) return std::get<std::shared_ptr<const Array>>(value.v).get();
  if (value.is_hash()) return std::get<std::shared_ptr<const Hash>>(value.v).get();
  return nullptr;
}

}  // namespace

void replace_changed_variable(ResourceTable& resources, Scope& scope, const std::string& name,
                              Value now) {
  Scope* owner = &scope;
  while (owner && !owner->find_local(name)) owner = owner->parent();
  if (!owner) return;
  const Value was = *owner->find_local(name);  // kept alive: its address is what is compared
  const void* before = identity(was);
  CompiledResource* container =
      owner->resource() < resources.size() ? &resources[owner->resource()] : nullptr;
  // The container's other parameters were each copied from what the declaration gave them.
  auto another_parameter = [&](const std::string& variable) {
    return container && variable != name && container->parameter(variable) != nullptr;
  };
  owner->for_each_local_changeable([&](const std::string& variable, Value& value) {
    if (variable == name || (before && identity(value) == before && !another_parameter(variable)))
      value = now;
  });
  if (!container || !before) return;
  if (Value* parameter = container->parameter(name); parameter && identity(*parameter) == before)
    *parameter = std::move(now);
}

}  // namespace marionette::compiler
