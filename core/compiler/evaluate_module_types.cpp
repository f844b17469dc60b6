// Resources of the types modules ship in Ruby: their titles and names as Puppet's catalog
// treats them (title patterns, namevar aliases).
#include <algorithm>
#include <string_view>
#include <unordered_map>

#include "compiler/evaluator.hpp"
#include "lang/diagnostic.hpp"
#include "resource_types/descriptor.hpp"
#include "rubyish/regex.hpp"

namespace marionette::compiler {

using lang::SourceError;

namespace {}  // namespace

void Evaluator::apply_title_patterns(const ResourceTypeDefinition& type, const std::string& title,
                                     std::vector<std::pair<std::string, Value>>& attributes,
                                     const lang::SourceLocation& where) const {
  // No title pattern: the title is the one key attribute; a type without any key attribute
  // (an empty newtype) has no pattern at all, and no title matches, as in Puppet.
  if (type.title_patterns.empty() && !type.key_attributes.empty()) return;
  const ResourceTypeDefinition::TitlePattern* matched = nullptr;
  std::optional<rubyish::RegexMatch> groups;
  for (const ResourceTypeDefinition::TitlePattern& pattern : type.title_patterns) {
    try {
      groups = rubyish::regex_search_bounded(title, pattern.compiled);
    } catch (const rubyish::RegexTooComplex& e) {
      throw SourceError(e.what(), where);
    }
    if (groups) {
      matched = &pattern;
      break;
    }
  }
  if (!matched)
    throw SourceError("No set of title patterns matched the title \"" + title + "\".", where);
  // With one key attribute the title stays the title; with several (a composite namevar) each
  // group becomes its attribute, ahead of the declared attributes, which win where given.
  if (type.key_attributes.size() < 2) return;
  std::vector<std::pair<std::string, Value>> merged;
  for (std::size_t i = 0; i < matched->captures.size() && i + 1 < groups->groups.size(); ++i) {
    const std::string& name = matched->captures[i];
    auto declared = std::find_if(attributes.begin(), attributes.end(),
                                 [&](const auto& a) { return a.first == name; });
    if (declared != attributes.end()) {
      merged.push_back(std::move(*declared));
      attributes.erase(declared);
    } else if (groups->groups[i + 1]) {
      merged.emplace_back(name, Value(groups->group(title, i + 1)));
    }
  }
  for (auto& attribute : attributes) merged.push_back(std::move(attribute));
  attributes = std::move(merged);
}

void Evaluator::check_title_is_no_alias(const std::string& type, const std::string& title,
                                        const lang::SourceLocation& where) const {
  auto aliased = name_aliases_.find(reference_key(type, title));
  if (aliased == name_aliases_.end()) return;
  throw SourceError("Duplicate declaration: " + type + "[" + title + "] is already declared at " +
                        where_text(resources_[aliased->second].where) + "; cannot redeclare " +
                        where_text(where),
                    where);
}

std::string_view Evaluator::builtin_unique_namevar(std::string_view type) {
  if (type == "File") return "path";
  if (type == "Exec" || type == "Package" || type == "Class") return "";
  return "name";
}

void Evaluator::alias_by_name(std::string_view namevar, std::size_t index) {
  const CompiledResource& resource = resources_[index];
  const Value* name = resource.parameter(namevar);
  if (!name || !name->is_string() || name->string() == resource.title) return;
  std::string key = reference_key(resource.type, name->string());
  std::optional<std::size_t> holder = resources_.find(key);
  if (!holder)
    if (auto aliased = name_aliases_.find(key); aliased != name_aliases_.end())
      holder = aliased->second;
  if (holder)
    throw SourceError("Cannot alias " + resource.ref() + " to [\"" + name->string() + "\"] at " +
                          where_text(resource.where) + "; resource [\"" + resource.type + "\", \"" +
                          name->string() + "\"] already declared " +
                          where_text(resources_[*holder].where),
                      resource.where);
  name_aliases_.emplace(std::move(key), index);
}

void Evaluator::drop_namevars_equal_to_titles() {
  // Each type's namevar, worked out once (a catalog has a few types and thousands of resources).
  std::unordered_map<std::string_view, std::string_view> namevars;
  auto namevar_of = [&](const std::string& type) {
    auto [known, added] = namevars.try_emplace(type);
    if (!added) return known->second;
    // A module type's one key attribute, else `name` (a composite key, a defined type); a
    // built-in type's own from its descriptor (file's path, exec's command).
    std::string_view namevar = "name";
    if (const auto* described = resource_types::find(lowercase(type))) namevar = described->namevar;
    if (type == "K5login") namevar = "path";  // a core type marionette does not describe
    if (!module_types_.empty())
      if (auto found = module_types_.find(type); found != module_types_.end())
        if (found->second->key_attributes.size() == 1)
          namevar = found->second->key_attributes.front();
    return known->second = namevar;
  };
  for (std::size_t i = 0; i < resources_.size(); ++i) {
    CompiledResource& resource = resources_[i];
    // Classes keep theirs, and so do the resources Puppet makes itself (Stage[main]).
    if (resource.type == "Class" || !resource.where.known() || resource.title_was_not_a_string)
      continue;
    std::string_view namevar = namevar_of(resource.type);
    std::erase_if(resource.parameters, [&](const auto& parameter) {
      return parameter.first == namevar && parameter.second.is_string() &&
             parameter.second.string() == resource.title;
    });
  }
}

}  // namespace marionette::compiler
