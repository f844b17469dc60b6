#include <algorithm>
#include <unordered_set>

#include "compiler/builtin_composite_types.hpp"
#include "compiler/evaluator.hpp"
#include "compiler/functions/generalized_type.hpp"
#include "compiler/known_types.hpp"
#include "compiler/splat_attributes.hpp"
#include "compiler/strictness.hpp"
#include "compiler/types.hpp"
#include "lang/diagnostic.hpp"

namespace marionette::compiler {

namespace ast = lang::ast;
using lang::SourceError;

namespace {

/// The `tag` metaparameter's names, each checked as Puppet checks it.
void add_valid_tags(CompiledResource& resource, const Value& value,
                    const lang::SourceLocation& where) {
  if (value.is_array()) {
    for (const Value& item : value.array()) add_valid_tags(resource, item, where);
  } else if (!value.is_undef()) {
    std::string text = to_string(value);
    // Puppet's Tagging#tag downcases the name first and names it so when it is invalid.
    if (!is_valid_tag(text)) throw SourceError("Invalid tag '" + lowercase(text) + "'", where);
    resource.tag(text);
  }
}

/// The titles of one resource body as Puppet 7 takes them: an Array flattened (nested Arrays
/// too, `[[]]` giving none), each title a String that is not empty, or the error Puppet gives
/// with the title's index in the flattened list. `default` among them makes the body the
/// expression's defaults and is no title (`defaults` counts them).
std::vector<std::string> titles_of(Value titles, const lang::SourceLocation& where,
                                   std::size_t& defaults) {
  if (titles.is_undef())
    throw SourceError("Missing title. The title expression resulted in undef", where);
  std::vector<std::string> names;
  auto take = [&](Value& title) {
    std::size_t index = names.size() + defaults;
    if (title.is_default()) {
      ++defaults;
      return;
    }
    if (title.is_undef())
      throw SourceError("Missing title at index " + std::to_string(index) +
                            ". The title expression resulted in an undef title",
                        where);
    if (!title.is_string())
      throw SourceError("Illegal title type at index " + std::to_string(index) +
                            ". Expected String, got " + type_to_string(generalized_type(title)),
                        where);
    if (title.string().empty())
      throw SourceError("Empty string title at " + std::to_string(index) +
                            ". Title strings must have a length greater than zero.",
                        where);
    if (auto plain = std::get_if<std::string>(&title.v))
      names.push_back(std::move(*plain));
    else
      names.push_back(title.string());
  };
  if (!titles.is_array()) {  // one title, most often a string: taken, not copied
    take(titles);
    return names;
  }
  // Flattened with a stack of (array, next index), not recursion: nesting is the data's.
  std::vector<std::pair<const Array*, std::size_t>> pending = {{&titles.array(), 0}};
  while (!pending.empty()) {
    auto& [array, next] = pending.back();
    if (next == array->size()) {
      pending.pop_back();
      continue;
    }
    const Value& item = (*array)[next++];
    if (item.is_array()) {
      pending.emplace_back(&item.array(), 0);
      continue;
    }
    Value title = item;
    take(title);
  }
  return names;
}

/// Appends to a parameter that may hold one value or an array (`+>`, relationships).
Value appended(const Value* existing, const Value& value) {
  Array out;
  if (existing && existing->is_array()) {
    out = existing->array();
  } else if (existing && !existing->is_undef()) {
    out.push_back(*existing);
  }
  if (value.is_array()) {
    out.insert(out.end(), value.array().begin(), value.array().end());
  } else {
    out.push_back(value);
  }
  return out;
}

/// `name` given to a module type whose one namevar is another attribute (archive's `path`) sets
/// that attribute, as Puppet::Resource maps it.
void name_the_namevar(const std::string& namevar,
                      std::vector<std::pair<std::string, Value>>& attributes) {
  auto is_name = [](const auto& attribute) { return attribute.first == "name"; };
  if (namevar == "name" || std::none_of(attributes.begin(), attributes.end(), is_name)) return;
  std::erase_if(attributes, [&](const auto& attribute) { return attribute.first == namevar; });
  for (auto& attribute : attributes)
    if (is_name(attribute)) attribute.first = namevar;
}

}  // namespace

std::string Evaluator::resolve_type(const std::string& written, const lang::SourceLocation& where,
                                    const ast::DefinedTypeDefinition** definition) {
  if (auto known = resolved_types_.find(written); known != resolved_types_.end()) {
    *definition = known->second.second;
    return known->second.first;
  }
  std::string name = lowercase(written.starts_with("::") ? written.substr(2) : written);
  *definition = nullptr;
  const ResourceTypeDefinition* module_type = nullptr;
  // A defined type is looked for before a module's Ruby type (Puppet looks the other way
  // round): defined types are parsed ahead of need, Ruby types need their directories listed.
  if (name.find('-') != std::string::npos)  // `a-b { ... }`: a hyphenated bare word is a String
    throw SourceError(
        "Illegal Resource Type expression, expected result to be a type name, or untitled "
        "Resource, got String",
        where);
  if (!is_builtin_type(name) && !(*definition = environment_.find_defined_type(name)) &&
      !(module_type = environment_.find_resource_type(name)))
    throw SourceError("Unknown resource type: '" + name + "'", where);
  if (!*definition && !module_type) module_type = builtin_composite_type(name);  // sshkey
  std::string type = capitalize_segments(name);
  if (module_type) module_types_.emplace(type, module_type);
  resolved_types_.emplace(written, std::make_pair(type, *definition));
  return type;
}

std::vector<std::pair<std::string, Value>> Evaluator::evaluate_attributes(
    const std::vector<ast::AttributeOperation>& operations, Scope& scope,
    const lang::SourceLocation& resource) {
  std::vector<std::pair<std::string, Value>> out;
  // Room for a few more: the resource defaults in force (`File { owner => ..., mode => ... }`)
  // join a resource's attributes when it is declared, and growing the vector then moved them all.
  out.reserve(operations.size() + 3);
  auto add = [&](const std::string& name, Value value) {
    for (const auto& existing : out)
      if (existing.first == name)
        throw SourceError("The attribute '" + name + "' has already been set", resource);
    out.emplace_back(name, std::move(value));
  };
  for (const ast::AttributeOperation& operation : operations) {
    Value value = evaluate(operation.value, scope);
    if (operation.name != "*") {
      add(operation.name, std::move(value));
      continue;
    }
    for (auto& [name, item] : splat_attributes(value, operation.where)) add(name, std::move(item));
  }
  return out;
}

std::vector<std::pair<std::string, Value>> splat_attributes(const Value& value,
                                                            const lang::SourceLocation& where) {
  std::vector<std::pair<std::string, Value>> out;
  if (value.is_undef()) return out;
  if (!value.is_hash())
    throw SourceError("The value of '* =>' must be a Hash, got " + type_name_of(value), where);
  for (const auto& [key, item] : value.hash()) out.emplace_back(to_string(key), item);
  return out;
}

/// The type of `Resource[$type] { ... }` or `File { ... }`: a type without a title.
std::string Evaluator::resource_type_name(const ast::Expression& expression, Scope& scope) {
  Value type = evaluate(&expression, scope);
  if (type.is_type()) {
    const TypeValue& t = type.type();
    if (t.name == "Resource" && t.parameters.size() == 1 && t.parameters[0].is_string())
      return t.parameters[0].string();
    if (t.name == "Class" && t.parameters.empty()) return "class";
    if (t.parameters.empty() && t.name != "Resource" && !is_data_type_name(t.name)) return t.name;
  }
  throw SourceError(
      "Illegal Resource Type expression, expected result to be a type name, or "
      "untitled Resource, got " +
          (type.is_type() ? to_string(type) : type_to_string(generalized_type(type))),
      expression.where);
}

Value Evaluator::evaluate_resource(const ast::Resource& node, Scope& scope, bool discarded) {
  std::string written = lowercase(
      node.type_expression ? resource_type_name(*node.type_expression, scope) : node.type_name);
  const ast::DefinedTypeDefinition* definition = nullptr;
  std::string type = std::string_view(written) == "class"
                         ? "Class"
                         : resolve_type(written, node.where, &definition);
  // Puppet's RT_NO_STORECONFIGS_EXPORT: a warning when storeconfigs is off (and the exported
  // resource is left out of the catalog).
  if (node.form == ast::ResourceForm::Exported && !request_.storeconfigs) {
    // Puppet's expression starts at the `@@` (the node's place is its type's)
    warn_at(kNoStoreconfigsExport, node.form_where.known() ? node.form_where : node.where);
  }

  // As Puppet: each body's titles, then its attributes, body after body; a title used twice in
  // the expression fails it; the body titled `default` gives the others its attributes.
  struct Body {
    std::vector<std::string> titles;
    std::vector<std::pair<std::string, Value>> attributes;
  };
  std::vector<Body> bodies;
  bodies.reserve(node.bodies.size());
  const Body* defaults = nullptr;
  std::unordered_set<std::string> seen;
  auto first_use = [&](const std::string& title) {
    if (!seen.insert(title).second)
      throw SourceError(
          "The title '" + title + "' has already been used in this resource expression",
          node.where);
  };
  for (const ast::ResourceBody& body : node.bodies) {
    Body& evaluated = bodies.emplace_back();
    std::size_t default_count = ast::as<ast::DefaultLiteral>(body.title) ? 1 : 0;
    if (!default_count)
      evaluated.titles = titles_of(evaluate(body.title, scope), body.where, default_count);
    const bool has_default = default_count > 0;
    if (has_default) defaults = &evaluated;
    if (node.bodies.size() > 1 || evaluated.titles.size() + default_count > 1) {
      for (std::size_t i = 0; i < default_count; ++i) first_use("default");
      for (const std::string& title : evaluated.titles) first_use(title);
    }
    evaluated.attributes = evaluate_attributes(body.attributes, scope, node.where);
  }

  Array references;
  Array* wanted = discarded ? nullptr : &references;
  for (Body& body : bodies) {
    if (body.titles.empty()) continue;
    auto attributes = &body == defaults ? body.attributes : std::move(body.attributes);
    if (defaults && defaults != &body)
      for (const auto& d : defaults->attributes) {
        bool set = std::any_of(attributes.begin(), attributes.end(),
                               [&](const auto& a) { return a.first == d.first; });
        if (!set) attributes.push_back(d);
      }
    std::vector<std::string>& names = body.titles;
    for (std::size_t i = 0; i + 1 < names.size(); ++i)
      declare_titled(type, definition, names[i], attributes, node.form, node.where, scope, wanted);
    declare_titled(type, definition, std::move(names.back()), std::move(attributes), node.form,
                   node.where, scope, wanted);
  }
  // Always an array, one title or many, as Puppet 7's resource expression.
  return references;
}

void Evaluator::declare_titled(const std::string& type,
                               const ast::DefinedTypeDefinition* definition,
                               const std::string& title,
                               std::vector<std::pair<std::string, Value>> attributes,
                               ast::ResourceForm form, const lang::SourceLocation& where,
                               Scope& scope, Array* references) {
  if (std::string_view(type) == "Class") {
    // A resource-like declaration of an unknown class: Puppet names the title as written.
    std::string name = lowercase(title.starts_with("::") ? title.substr(2) : title);
    if (!environment_.find_class(name))
      throw SourceError("Could not find declared class " + title, where);
    std::size_t index = declare_class(lowercase(title), scope, &attributes, where);
    if (references) references->push_back(TypeValue{"Class", {Value(resources_[index].title)}});
    return;
  }
  std::string_view namevar;  ///< whose value, when not the title, is another name to be unique
  if (!definition) {
    namevar = builtin_unique_namevar(type);
    if (!module_types_.empty())
      if (auto found = module_types_.find(type); found != module_types_.end()) {
        const std::vector<std::string>& keys = found->second->key_attributes;
        if (keys.size() == 1) name_the_namevar(keys.front(), attributes);
        apply_title_patterns(*found->second, title, attributes, where);
        namevar = keys.size() == 1 ? std::string_view(keys.front()) : std::string_view();
      }
    if (!name_aliases_.empty()) check_title_is_no_alias(type, title, where);
    // File's title pattern: the path is the title without its trailing slashes.
    if (type == "File" && std::none_of(attributes.begin(), attributes.end(),
                                       [](const auto& a) { return a.first == "path"; }))
      if (std::string path = without_trailing_slashes(title); path != title)
        attributes.insert(attributes.begin(), {"path", Value(std::move(path))});
  }
  std::size_t index = declare_resource(type, title, std::move(attributes), form, where, scope);
  if (!namevar.empty()) alias_by_name(namevar, index);
  CompiledResource& resource = resources_[index];
  resource.definition = definition;
  if (definition) {
    resource.kind = "defined_type";
    resources_[index].defaults_scope = defaults_snapshot(scope);
  }
  if (references) references->push_back(TypeValue{type, {Value(title)}});
}

void Evaluator::create_resources(std::string written, const Value& instances, const Value& defaults,
                                 Scope& scope, const lang::SourceLocation& where) {
  ast::ResourceForm form = ast::ResourceForm::Regular;
  if (written.starts_with("@@")) {
    form = ast::ResourceForm::Exported;
    written.erase(0, 2);
  } else if (written.starts_with("@")) {
    form = ast::ResourceForm::Virtual;
    written.erase(0, 1);
  }
  written = lowercase(written);
  const ast::DefinedTypeDefinition* definition = nullptr;
  const std::string type = written == "class" ? "Class" : resolve_type(written, where, &definition);
  Array references;
  for (const auto& [title, given] : instances.hash()) {
    std::vector<std::pair<std::string, Value>> attributes;
    if (given.is_hash())
      for (const auto& [name, value] : given.hash())
        attributes.emplace_back(to_string(name), value);
    if (defaults.is_hash()) {
      for (const auto& [name, value] : defaults.hash()) {
        const std::string key = to_string(name);
        bool set = std::any_of(attributes.begin(), attributes.end(),
                               [&](const auto& a) { return a.first == key; });
        if (!set) attributes.emplace_back(key, value);
      }
    }
    // A title that is not a String (an Integer key: stdlib's ensure_resource with a port) stays
    // what it is in Puppet until the catalog is written: `name` is set from it and it is no tag.
    const bool title_is_string = title.is_string() || type == "Class";
    if (!title_is_string && std::none_of(attributes.begin(), attributes.end(),
                                         [](const auto& a) { return a.first == "name"; }))
      attributes.emplace_back("name", Value(to_string(title)));
    title_is_no_tag_ = !title_is_string;
    declare_titled(type, definition, to_string(title), std::move(attributes), form, where, scope,
                   &references);
    title_is_no_tag_ = false;
  }
}

std::size_t Evaluator::declare_resource(const std::string& type, const std::string& title,
                                        std::vector<std::pair<std::string, Value>> attributes,
                                        const ast::Resource& node, Scope& scope) {
  return declare_resource(type, title, std::move(attributes), node.form, node.where, scope);
}

std::size_t Evaluator::declare_resource(const std::string& type, const std::string& title,
                                        std::vector<std::pair<std::string, Value>> attributes,
                                        ast::ResourceForm form, const lang::SourceLocation& where,
                                        Scope& scope) {
  std::string key = reference_key(type, title);
  if (auto existing = resources_.find(key)) {
    throw SourceError("Duplicate declaration: " + type + "[" + title + "] is already declared at " +
                          where_text(resources_[*existing].where) + "; cannot redeclare " +
                          where_text(where),
                      where);
  }
  CompiledResource resource;
  resource.type = type;
  resource.title = title;
  resource.where = where;
  resource.declared_in = &scope;
  resource.enclosing_scope = &enclosing_scope(scope);
  resource.is_virtual = form == ast::ResourceForm::Virtual;
  resource.exported = form == ast::ResourceForm::Exported;
  // Puppet puts the tags of the `tag` metaparameter first, then the type and title.
  for (const auto& [name, value] : attributes)
    if (name == "tag") add_valid_tags(resource, value, where);
  resource.tag(type);
  resource.title_was_not_a_string = title_is_no_tag_;
  if (!title_is_no_tag_ && is_valid_tag(title)) resource.tag(title);
  resource.tag_source = scope.resource();  // its tags join when the catalog is finished

  std::vector<const ResourceDefault*>& defaults = defaults_found_;
  defaults.clear();
  scope.collect_defaults(type, defaults);
  attributes.reserve(attributes.size() + defaults.size());
  for (const ResourceDefault* d : defaults) {
    bool set = std::any_of(attributes.begin(), attributes.end(),
                           [&](const auto& a) { return a.first == d->name; });
    if (set) continue;
    attributes.emplace_back(d->name, d->value);
    if (d->name == "tag") add_valid_tags(resource, d->value, where);  // after the type and title's
    if (d->source != scope.resource())
      resource.defaulted_from.push_back({d->name, d->source, d->where});
  }
  for (const auto& [name, value] : attributes)  // a defined type's instance binds them
    if (value.is_undef()) resource.given_undef.push_back(name);
  std::erase_if(attributes, [](const auto& attribute) { return attribute.second.is_undef(); });
  resource.parameters = std::move(attributes);
  bool is_stage = std::string_view(resource.type) == "Stage";  // stages are never contained
  std::size_t index = resources_.add(std::move(resource), std::move(key));
  if (!is_stage) resources_.add_edge(scope.resource(), index);
  return index;
}

const Scope* Evaluator::defaults_snapshot(const Scope& scope) {
  // Instances declared one after the other share a snapshot until a default changes, when what
  // they see comes from the same scope (a lambda's scopes, one per iteration, hold none).
  const Scope* holder = scope.nearest_with_defaults();
  std::uint64_t holder_id = holder ? holder->id() : 0;
  if (!last_snapshot_.snapshot || last_snapshot_.scope_id != holder_id ||
      last_snapshot_.generation != defaults_generation_) {
    Scope& snapshot = scopes_.emplace_back(nullptr, "", scope.resource());
    scope.snapshot_defaults(snapshot);
    last_snapshot_ = {holder_id, defaults_generation_, &snapshot};
  }
  return last_snapshot_.snapshot;
}

Value Evaluator::evaluate_defaults(const ast::ResourceDefaults& node, Scope& scope) {
  ++defaults_generation_;
  std::string type = capitalize_segments(node.type_name);
  auto& list = scope.defaults()[type];
  auto set = [&](const std::string& name, Value value, const ast::AttributeOperation& operation) {
    auto found = std::find_if(list.begin(), list.end(),
                              [&](const ResourceDefault& d) { return d.name == name; });
    if (found != list.end()) {
      found->value = std::move(value);
    } else {
      list.push_back({name, std::move(value), operation.append, scope.resource(), operation.where});
    }
  };
  for (const ast::AttributeOperation& operation : node.attributes) {
    Value value = evaluate(operation.value, scope);
    if (operation.name != "*") {
      set(operation.name, std::move(value), operation);
      continue;
    }
    for (auto& [name, item] : splat_attributes(value, operation.where))
      set(name, std::move(item), operation);
  }
  return Value();
}

namespace {

/// Puppet's Scope#is_default?: the value equals (as Ruby's ==, strings by case) the default
/// that `scope` gives the type's parameter.
bool equals_default(const Scope& scope, const std::string& type, const std::string& name,
                    const Value& value) {
  std::vector<const ResourceDefault*> defaults;
  scope.collect_defaults(type, defaults);
  for (const ResourceDefault* d : defaults) {
    if (d->name != name) continue;
    if (d->value.is_string() && value.is_string()) return d->value.string() == value.string();
    return equals(d->value, value);
  }
  return false;
}

}  // namespace

void Evaluator::apply_override(CompiledResource& resource, const std::string& name, Value value,
                               bool append, const Scope* scope, const lang::SourceLocation& where) {
  Value* existing = resource.parameter(name);
  // A collector's override of a set parameter with the value the resource's scope has as that
  // parameter's default is ignored (Puppet's override_parameter: `x => undef` there leaves x
  // as it is when `Type { x => undef }` is in force).
  if (existing && !scope && !append && resource.declared_in &&
      equals_default(*resource.declared_in, resource.type, name, value))
    return;
  if (existing && scope) {
    // As Puppet's Resource#override_parameter: code of the same source may still replace a
    // value that is the resource default for that parameter (set or not by the default).
    auto from_default = std::find_if(resource.defaulted_from.begin(), resource.defaulted_from.end(),
                                     [&](const auto& entry) { return entry.name == name; });
    bool defaulted = from_default != resource.defaulted_from.end();
    OverrideRight right =
        defaulted ? override_right(*scope, from_default->source) : override_right(*scope, resource);
    bool is_default = right == OverrideRight::SameSource &&
                      equals_default(*scope, resource.type, name, *existing);
    if (right != OverrideRight::Subclass && !is_default)
      throw SourceError("Parameter '" + name + "' is already set on " + resource.ref() + " at " +
                            where_text(defaulted ? from_default->where : resource.where) +
                            "; cannot redefine",
                        where);
    if (defaulted) resource.defaulted_from.erase(from_default);
  }
  if (name == "tag") add_valid_tags(resource, value, where);
  if (append && existing) value = appended(existing, value);  // +> on nothing just sets
  resource.set_parameter(name, std::move(value));
}

Value Evaluator::evaluate_override(const ast::ResourceOverride& node, Scope& scope) {
  Value references = evaluate(node.reference, scope);
  std::vector<Value> list;
  if (references.is_array()) {
    list = references.array();
  } else {
    list.push_back(references);
  }
  for (const Value& reference : list) {
    if (!is_resource_reference(reference))
      throw SourceError("Only resource references can be overridden", node.reference->where);
    const TypeValue& type = reference.type();
    if (type.name == "Class")  // a class is no resource to Puppet's override
      throw SourceError("Resource Override can only operate on resources, got: Class[" +
                            lowercase(type.parameters[0].string()) + "]-Type",
                        node.where);
    auto index = resources_.find(type.name, type.parameters[0].string());
    if (!index) {
      pending_overrides_.push_back(PendingOverride{type.name, type.parameters[0].string(),
                                                   override_attributes(node, scope),
                                                   &lasting(scope), node.where});
      continue;
    }
    if (override_right(scope, resources_[*index]) == OverrideRight::None)
      throw SourceError("Only subclasses can override parameters", node.where);
    for (PendingOverride::Attribute& attribute : override_attributes(node, scope))
      apply_override(resources_[*index], attribute.name, std::move(attribute.value),
                     attribute.append, &scope, attribute.where);
  }
  return Value();
}

/// An override's attributes, evaluated in order, `* => $hash` spread into one attribute per key.
std::vector<Evaluator::PendingOverride::Attribute> Evaluator::override_attributes(
    const ast::ResourceOverride& node, Scope& scope) {
  std::vector<PendingOverride::Attribute> out;
  for (const ast::AttributeOperation& operation : node.attributes) {
    Value value = evaluate(operation.value, scope);
    if (operation.name != "*") {
      out.push_back({operation.name, std::move(value), operation.append, operation.where});
      continue;
    }
    for (auto& [name, item] : splat_attributes(value, operation.where))
      out.push_back({std::move(name), std::move(item), operation.append, operation.where});
  }
  return out;
}

}  // namespace marionette::compiler
