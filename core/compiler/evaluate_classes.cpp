#include <algorithm>

#include "compiler/evaluator.hpp"
#include "compiler/jumps.hpp"
#include "compiler/known_types.hpp"
#include "compiler/types.hpp"
#include "lang/diagnostic.hpp"
#include "lang/puppet_stack.hpp"
#include "rubyish/regex.hpp"

namespace marionette::compiler {

namespace ast = lang::ast;
using lang::SourceError;

std::size_t Evaluator::declare_class(const std::string& written, Scope& scope,
                                     const std::vector<std::pair<std::string, Value>>* parameters,
                                     const lang::SourceLocation& where) {
  std::string name = lowercase(written.starts_with("::") ? written.substr(2) : written);
  const ast::ClassDefinition* definition = environment_.find_class(name);
  if (!definition)
    throw SourceError("Could not find class ::" + name + " for " + request_.node_name, where);
  std::string title = capitalize_segments(name);
  if (auto existing = resources_.find("Class", title)) {
    if (parameters)
      throw SourceError(
          "Duplicate declaration: Class[" + title + "] is already declared; cannot redeclare",
          where);
    return *existing;
  }
  std::size_t index = add_class_resource(name, *definition, scope, parameters, where);
  evaluate_class(name, *definition, index, where);
  return index;
}

namespace {

/// The class a class inherits from, as the class table names it (`inherits ::a::b` is a::b).
std::string parent_class_name(const ast::ClassDefinition& definition) {
  std::string parent = lowercase(definition.parent);
  if (parent.starts_with("::")) parent.erase(0, 2);
  return parent;
}

/// Runs a class's or a defined type's body: a `next` or `return` in it ends the body, as
/// Puppet's do (a `break` stays an error).
template <class Body>
void ending_at_next_or_return(Body body) {
  try {
    body();
  } catch (const NextJump&) {
  } catch (const ReturnJump&) {
  }
}

}  // namespace

/// Adds Class[Name] (and first its parents', which Puppet adds before evaluating any of them).
std::size_t Evaluator::add_class_resource(
    const std::string& name, const ast::ClassDefinition& definition, Scope& scope,
    const std::vector<std::pair<std::string, Value>>* parameters,
    const lang::SourceLocation& where) {
  if (!definition.parent.empty()) {
    std::string parent = parent_class_name(definition);
    const ast::ClassDefinition* parent_definition = environment_.find_class(parent);
    if (!parent_definition) {  // Puppet names the parent as written, from the top namespace
      const std::string& written = definition.parent;
      throw SourceError("Could not find parent resource type '" +
                            (written.starts_with("::") ? written : "::" + written) +
                            "' of type hostclass in " + request_.environment,
                        definition.where);
    }
    if (!resources_.find("Class", capitalize_segments(parent)))
      add_class_resource(parent, *parent_definition, scope, nullptr, where);
  }
  CompiledResource resource;
  resource.type = "Class";
  resource.title = capitalize_segments(name);
  resource.kind = parameters ? "class" : "unknown";
  if (parameters) resource.where = where;
  resource.declared_in = &scope;
  resource.enclosing_scope = &enclosing_scope(scope);
  resource.tag("class");
  resource.tag(name);
  // The declaring resource's tags with those it takes from its own containers (a class included
  // from a define inside another define has both defines' tags, as in Puppet 7.23).
  for (std::optional<std::size_t> at = scope.resource(); at; at = resources_[*at].tag_source)
    for (const std::string& tag : resources_[*at].tags) resource.tag(tag);
  if (parameters) {
    for (const auto& [key, value] : *parameters) {
      if (key == "tag") resource.tag(to_string(value));
      resource.parameters.emplace_back(key, value);
    }
  }
  std::size_t stage = stage_main_;
  if (const Value* wanted = resource.parameter("stage"); wanted && !wanted->is_undef()) {
    auto found = resources_.find("Stage", to_string(*wanted));
    if (!found)
      throw SourceError(
          "Could not find stage " + to_string(*wanted) + " specified by " + resource.ref(), where);
    stage = *found;
  }
  std::size_t index = resources_.add(std::move(resource));
  resources_.add_edge(stage, index);
  classes_.push_back(name);
  return index;
}

/// Binds the parameters and evaluates the body, the parent class's first.
void Evaluator::evaluate_class(const std::string& name, const ast::ClassDefinition& definition,
                               std::size_t index, const lang::SourceLocation& where) {
  if (class_scopes_.count(name)) return;
  // A class that inherits none sees the variables of the node or top scope it was declared in.
  Scope* enclosing = resources_[index].enclosing_scope;
  Scope* parent_scope = enclosing ? enclosing : top_;
  if (!definition.parent.empty()) {
    std::string parent = parent_class_name(definition);
    auto parent_index = resources_.find("Class", capitalize_segments(parent));
    evaluate_class(parent, *environment_.find_class(parent), *parent_index, where);
    parent_scope = class_scopes_.at(parent);
  }
  Scope& body = scopes_.emplace_back(parent_scope, name, index);
  class_scopes_[name] = &body;
  // Resource defaults are scoped dynamically: a class that inherits none sees those of the
  // scope that declared it (kept in a snapshot, as that scope may be a lambda's).
  const Scope* declaring = resources_[index].declared_in;
  if (definition.parent.empty() && declaring && declaring != top_) {
    Scope& snapshot = scopes_.emplace_back(nullptr, "", index);
    declaring->snapshot_defaults(snapshot);
    body.set_defaults_parent(&snapshot);
  }
  body.set("title", name);
  const Value* given_name = resources_[index].parameter("name");
  body.set("name", given_name ? *given_name : Value(name));
  body.set("module_name", environment_.module_of(name));
  // The module of the code that declared the class (its scope still lives: a class is
  // evaluated as it is declared); "" from the main manifest or a node.
  const Value* caller_module = declaring ? declaring->find("module_name") : nullptr;
  body.set("caller_module_name", caller_module ? *caller_module : Value(""));
  lang::in_frame(where, [&] {  // the inclusion, a frame of the Puppet stack (--trace)
    bind_parameters(definition.parameters, resources_[index], body, where);
    ending_at_next_or_return([&] { evaluate_block(definition.body, body, true); });
  });
}

namespace {

void flatten_class_names(const Value& name, std::vector<std::string>& out) {
  if (name.is_array()) {
    for (const Value& item : name.array()) flatten_class_names(item, out);
    return;
  }
  std::string text =
      is_resource_reference(name) ? name.type().parameters[0].string() : to_string(name);
  text = lowercase(text);
  out.push_back(text.starts_with("::") ? text.substr(2) : text);
}

}  // namespace

/// Puppet's evaluate_classes: every class named is added to the catalog first, then the new
/// ones are evaluated in order.
void Evaluator::include_class(const Value& name, Scope& scope, ClassInclusion how,
                              const lang::SourceLocation& where) {
  std::vector<std::string> names;
  flatten_class_names(name, names);
  std::vector<std::size_t> indexes;
  std::vector<std::pair<std::size_t, const ast::ClassDefinition*>> added;
  for (const std::string& class_name : names) {
    const ast::ClassDefinition* definition = environment_.find_class(class_name);
    if (!definition)
      throw SourceError("Could not find class ::" + class_name + " for " + request_.node_name,
                        where);
    if (auto existing = resources_.find("Class", capitalize_segments(class_name))) {
      indexes.push_back(*existing);
      continue;
    }
    indexes.push_back(add_class_resource(class_name, *definition, scope, nullptr, where));
    added.emplace_back(indexes.back(), definition);
  }
  for (const auto& [index, definition] : added)
    evaluate_class(lowercase(resources_[index].title), *definition, index, where);
  for (std::size_t index : indexes) {
    CompiledResource& caller = resources_[scope.resource()];
    if (how == ClassInclusion::Require) {
      Value reference = TypeValue{"Class", {Value(resources_[index].title)}};
      const Value* existing = caller.parameter("require");
      Array list;
      if (existing && existing->is_array())
        list = existing->array();
      else if (existing && !existing->is_undef())
        list.push_back(*existing);
      if (std::none_of(list.begin(), list.end(),
                       [&](const Value& v) { return equals(v, reference); }))
        list.push_back(reference);
      caller.set_parameter("require", std::move(list));
    } else if (how == ClassInclusion::Contain) {
      resources_.add_edge(scope.resource(), index);
    }
  }
}

void Evaluator::bind_parameters(const std::vector<ast::Parameter>& declared,
                                CompiledResource& resource, Scope& body,
                                const lang::SourceLocation& where) {
  auto label = [&] { return resource.ref(); };  // for errors only
  for (const auto& [name, value] : resource.parameters) {
    // `name` is every class's and defined type's namevar: Puppet takes it as $name.
    bool known = is_metaparameter(name) || name == "name" ||
                 std::any_of(declared.begin(), declared.end(),
                             [&, &name = name](const ast::Parameter& p) { return p.name == name; });
    if (!known) throw SourceError(label() + ": has no parameter named '" + name + "'", where);
  }
  // Puppet evaluates the parameters' types where no variable is visible, not even the top
  // scope's or $facts: a type cannot use a parameter or any other variable.
  Scope no_variables(nullptr, "", body.resource());
  std::vector<Value> temporaries(declared.size());  // the types that are not kept constants
  std::vector<const Value*> types(declared.size(), nullptr);
  for (std::size_t i = 0; i < declared.size(); ++i)
    types[i] = declared[i].type
                   ? &evaluate_type_expression(declared[i].type, no_variables, temporaries[i])
                   : &temporaries[i];
  std::vector<std::pair<std::string, Value>> defaulted;
  for (std::size_t i = 0; i < declared.size(); ++i) {
    const ast::Parameter& parameter = declared[i];
    const Value& type = *types[i];
    const Value* given = resource.parameter(parameter.name);
    Value value;
    std::optional<Value> from_hiera;
    if (!given && resource.type == "Class")  // automatic parameter lookup
      from_hiera = lookup_parameter(lowercase(resource.title) + "::" + parameter.name, body, where);
    if (given && !given->is_undef()) {
      value = *given;
    } else if (from_hiera) {
      value = std::move(*from_hiera);
      defaulted.emplace_back(parameter.name, value);
    } else if (parameter.default_value) {
      value = evaluate(parameter.default_value, body);
      if (!value.is_undef()) defaulted.emplace_back(parameter.name, value);
    } else if (!given && std::find(resource.given_undef.begin(), resource.given_undef.end(),
                                   parameter.name) == resource.given_undef.end()) {
      // (an explicit undef is the value: the type check below judges it)
      bool optional = type.is_type() && matches(Value(), type.type());
      if (!optional)
        throw SourceError(label() + ": expects a value for parameter '" + parameter.name + "'",
                          where);
    }
    if (type.is_type() && !matches(value, type.type())) {
      // One reason on the line; more, each on its own line under the resource (Puppet's words).
      std::vector<std::string> reasons = describe_mismatches(type.type(), value);
      std::string message = label() + ":";
      for (const std::string& reason : reasons)
        message +=
            (reasons.size() == 1 ? " " : "\n  ") + ("parameter '" + parameter.name + "' ") + reason;
      throw SourceError(message, where);
    }
    body.set(parameter.name, std::move(value));
  }
  for (auto& entry : defaulted) resource.parameters.push_back(std::move(entry));
}

hiera::Hiera& Evaluator::hiera(const Scope* from) {
  hiera_scope_ = from;
  if (!hiera_) {
    hiera_ = std::make_unique<hiera::Hiera>(
        request_.env_dir, environment_.modulepath(), [this](const std::string& name) {
          // `::name` is the top scope's; a plain name is the looking-up scope's, as it sees it.
          const bool global = name.starts_with("::");
          const Scope& scope = global || !hiera_scope_ ? *top_ : *hiera_scope_;
          const Value* value = scope.find(global ? name.substr(2) : name);
          return value ? *value : Value();
        });
    if (lazy_facts_)  // `%{facts.x}`: the custom fact x alone
      hiera_->resolve_entries_with([this](const std::string& name, const std::string& key) {
        const bool global = name.starts_with("::");
        const Scope& scope = global || !hiera_scope_ ? *top_ : *hiera_scope_;
        const std::string bare = global ? name.substr(2) : name;
        const Value* value = names_top_facts(bare, scope) ? top_->find_local_for_entry("facts", key)
                                                          : scope.find(bare);
        return value ? *value : Value();
      });
    if (request_.hiera_config) hiera_->set_global_config(*request_.hiera_config);
    hiera_->refuse_data_that_is_no_hash(request_.strictness.strict == Strict::Error);
  }
  return *hiera_;
}

namespace {

/// The module of the container whose code declared a defined type's instance: what Puppet
/// gives the instance as $caller_module_name ("" for the main manifest and nodes).
std::string container_module(const ResourceTable& resources, const Environment& environment,
                             const std::optional<std::size_t>& container) {
  if (!container || *container >= resources.size()) return "";
  const CompiledResource& owner = resources[*container];
  if (owner.type == "Node") return "";
  std::string name = owner.type == "Class" ? lowercase(owner.title) : lowercase(owner.type);
  return name == "main" ? "" : environment.module_of(name);
}

}  // namespace

std::optional<Value> Evaluator::lookup_parameter(const std::string& key, const Scope& from,
                                                 const lang::SourceLocation& where) {
  try {
    return hiera(&from).lookup(key, std::nullopt);
  } catch (const hiera::PreformattedError&) {
    throw;
  } catch (const std::runtime_error& e) {
    throw SourceError(e.what(), where);
  }
}

/// Puppet's enclosing scope: the node's scope when `declaring` is inside it (a class it
/// includes, a lambda in it, ...), else top scope; never a class's or a define's own variables.
Scope& Evaluator::enclosing_scope(const Scope& declaring) const {
  for (const Scope* s = &declaring; s && node_scope_; s = s->parent())
    if (s == node_scope_) return *node_scope_;
  return *top_;
}

namespace {

/// An error raised in a defined type's body, as Puppet reports it: at the resource's
/// declaration (its "Resource Statement"), the error's own place said after its message; the
/// Puppet stack it came up through is kept.
[[noreturn]] void throw_declared_at(const SourceError& error, const lang::SourceLocation& where) {
  std::string message = error.message();
  if (error.where().known()) {
    message += " (file: " + error.where().path() + ", line: " + std::to_string(error.where().line);
    if (error.where().column > 0) message += ", column: " + std::to_string(error.where().column);
    message += ")";
  }
  SourceError wrapped(std::move(message), where);
  if (auto* traced = dynamic_cast<const lang::TracedSourceError*>(&error))
    throw lang::TracedSourceError(wrapped, traced->frames());
  throw wrapped;
}

}  // namespace

void Evaluator::evaluate_defined_type(std::size_t index) {
  CompiledResource& resource = resources_[index];
  resource.evaluated = true;
  const ast::DefinedTypeDefinition* definition = resource.definition;
  Scope* enclosing = resource.enclosing_scope;
  Scope& body = scopes_.emplace_back(enclosing ? enclosing : top_, "", index);
  body.set_defaults_parent(resource.defaults_scope);
  body.set("title", resource.title);
  const Value* name = resource.parameter("name");
  body.set("name", name ? *name : Value(resource.title));
  body.set("module_name", environment_.module_of(lowercase(resource.type)));
  body.set("caller_module_name", container_module(resources_, environment_, resource.tag_source));
  lang::in_frame(resource.where, [&] {  // the declaration, a frame of the Puppet stack
    bind_parameters(definition->parameters, resource, body, resource.where);
    const lang::SourceLocation declaration = resource.where;  // (the table may grow)
    try {
      ending_at_next_or_return([&] { evaluate_block(definition->body, body, true); });
    } catch (const SourceError& e) {
      if (!declaration.known()) throw;
      throw_declared_at(e, declaration);
    }
  });
}

void Evaluator::evaluate_node() {
  const auto& nodes = environment_.nodes();
  if (nodes.empty()) return;
  const ast::NodeDefinition* chosen = nullptr;
  std::string title;
  std::vector<Value> captures;
  // As Puppet's TypeCollection#node: a node by that name, else the first whose regex matches;
  // the node's name first, then "default" (which a regex may match too).
  auto find = [&](const std::string& wanted) {
    for (const ast::NodeDefinition* node : nodes)
      for (const ast::Expression* match : node->matches)
        if (compiler::node_name(match) == wanted) {
          chosen = node;
          title = wanted;
          return;
        }
    for (const ast::NodeDefinition* node : nodes)
      for (const ast::Expression* match : node->matches) {
        auto* regex = ast::as<ast::RegexLiteral>(match);
        if (!regex) continue;
        std::regex compiled = rubyish::compile_ruby_regex(regex->pattern);
        std::optional<rubyish::RegexMatch> found;
        try {
          found = rubyish::regex_search_bounded(wanted, compiled);
        } catch (const rubyish::RegexTooComplex& e) {
          throw SourceError(e.what(), regex->where);
        }
        if (!found) continue;
        chosen = node;
        title = compiler::node_name(match);
        for (std::size_t i = 0; i < found->groups.size(); ++i)
          captures.push_back(found->groups[i] ? Value(found->group(wanted, i)) : Value());
        return;
      }
  };
  std::string certname = lowercase(request_.node_name);
  find(certname);
  if (!chosen) find("default");
  if (!chosen)
    throw SourceError("Could not find node statement with name 'default' or '" + certname + "'",
                      {});

  CompiledResource resource;
  resource.type = "Node";
  resource.title = title;
  resource.kind = "unknown";
  resource.tag("node");
  resource.tag(title);
  resource.tag("class");
  std::size_t index = resources_.add(std::move(resource));
  resources_.add_edge(top_->resource(), index);  // Class[main] contains the node
  classes_.push_back(title);
  Scope& body = scopes_.emplace_back(top_, "", index);
  node_scope_ = &body;
  if (!captures.empty()) body.set_captures(std::move(captures));
  evaluate_block(chosen->body, body, true);
}

/// defined(): a resource reference, a type, a class or defined type by name, or `$variable`.
bool Evaluator::is_defined(const Value& what, Scope& scope) {
  if (is_resource_reference(what)) {
    const TypeValue& type = what.type();
    std::string title = type.parameters[0].string();
    // A class is defined once declared (in the catalog), not merely known: Puppet 7 answers
    // false for a class the modulepath has but nothing included.
    if (type.name == "Class") return resources_.find("Class", title).has_value();
    return find_by_title_or_alias(type.name, title).has_value();
  }
  if (what.is_type()) {
    std::string name = lowercase(what.type().name);
    return is_builtin_type(name) || environment_.find_defined_type(name) != nullptr ||
           environment_.find_resource_type(name) != nullptr;
  }
  if (!what.is_string()) return false;
  const std::string& text = what.string();
  if (text.starts_with("$")) return find_variable(text.substr(1), scope) != nullptr;
  std::string name = lowercase(text.starts_with("::") ? text.substr(2) : text);
  return is_builtin_type(name) || environment_.find_class(name) != nullptr ||
         environment_.find_defined_type(name) != nullptr ||
         environment_.find_resource_type(name) != nullptr;
}

}  // namespace marionette::compiler
