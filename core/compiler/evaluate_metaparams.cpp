#include <array>
#include <deque>
#include <string_view>

#include "compiler/evaluator.hpp"

namespace marionette::compiler {

namespace {

/// Puppet's metaparameters other than the relationship ones: a container's value is given to
/// every resource it contains that has none of its own.
constexpr std::array<std::string_view, 7> kInheritedMetaparameters = {
    "noop", "schedule", "audit", "loglevel", "alias", "tag", "stage"};

void add_tags(CompiledResource& resource, const Value& value) {
  if (value.is_array()) {
    for (const Value& item : value.array()) add_tags(resource, item);
  } else if (!value.is_undef()) {
    resource.tag(to_string(value));
  }
}

bool has_inherited_metaparameter(const CompiledResource& resource) {
  for (std::string_view name : kInheritedMetaparameters)
    if (const Value* value = resource.parameter(name); value && !value->is_undef()) return true;
  return false;
}

}  // namespace

/// Puppet's add_resource_metaparams: walks the containment edges breadth first from Class[main]
/// and hands each container's metaparameters down (its own, else those it inherited).
void Evaluator::inherit_metaparameters() {
  bool any = false;
  for (std::size_t i = 0; i < resources_.size() && !any; ++i)
    any = has_inherited_metaparameter(resources_[i]);
  if (!any) return;

  std::vector<std::vector<std::size_t>> contained(resources_.size());
  for (const auto& [container, inner] : resources_.edges()) contained[container].push_back(inner);
  // What each reached resource hands down: its own values, then its containers'.
  std::vector<std::vector<std::pair<std::string, Value>>> handed(resources_.size());
  std::vector<bool> seen(resources_.size(), false);
  std::deque<std::size_t> queue{top_->resource()};
  while (!queue.empty()) {
    std::size_t source = queue.front();
    queue.pop_front();
    if (seen[source]) continue;
    seen[source] = true;
    for (std::size_t target : contained[source]) {
      CompiledResource& resource = resources_[target];
      std::vector<std::pair<std::string, Value>> own;
      for (std::string_view name : kInheritedMetaparameters)
        if (const Value* value = resource.parameter(name); value && !value->is_undef())
          own.emplace_back(std::string(name), *value);
      for (const auto& [name, value] : handed[source]) {
        const Value* existing = resource.parameter(name);
        if (existing && !existing->is_undef()) continue;
        if (name == "tag") add_tags(resource, value);
        resource.set_parameter(name, value);
      }
      for (const auto& [name, value] : handed[source]) {
        bool overridden = false;
        for (const auto& mine : own) overridden = overridden || mine.first == name;
        if (!overridden) own.emplace_back(name, value);
      }
      if (handed[target].empty()) handed[target] = std::move(own);
      queue.push_back(target);
    }
  }
}

}  // namespace marionette::compiler
