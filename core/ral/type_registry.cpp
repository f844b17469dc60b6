#include <algorithm>
#include <vector>

#include "ral/resource_type.hpp"
#include "ral/types.hpp"

namespace marionette::ral {

namespace {

const std::vector<TypeDefinition>& registry() {
  static const std::vector<TypeDefinition> types = {
      {"exec", make_exec},     {"file", make_file},       {"group", make_group},
      {"notify", make_notify}, {"package", make_package}, {"service", make_service},
      {"user", make_user},
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
  return names;
}

}  // namespace marionette::ral
