#include <algorithm>
#include <cctype>

#include "compiler/function_host.hpp"
#include "compiler/functions/function.hpp"
#include "compiler/known_types.hpp"
#include "compiler/resource_table.hpp"
#include "compiler/scope.hpp"
#include "compiler/types.hpp"
#include "lang/diagnostic.hpp"

namespace marionette::compiler {

namespace {

/// The classes include/require/contain name, as references (Class[Name]); undef and '' fail
/// with Puppet's words.
void add_class_references(const CallContext& call, const Value& name, Array& out) {
  if (name.is_array()) {
    for (const Value& item : name.array()) add_class_references(call, item, out);
    return;
  }
  if (name.is_undef()) throw lang::SourceError("Cannot use undef as a class name", call.where);
  if (name.is_string() && name.string().empty())
    throw lang::SourceError("Cannot use empty string as a class name", call.where);
  std::string text = is_resource_reference(name) ? name.type().parameters[0].string()
                                                 : to_string(name);
  if (text.starts_with("::")) text.erase(0, 2);
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  out.push_back(TypeValue{"Class", {Value(capitalize_segments(text))}});
}

/// include/require/contain: the classes declared, then an array of their references (Puppet 6+).
Value include_with(CallContext& call, ClassInclusion how) {
  call.expect_arguments(1, static_cast<std::size_t>(-1));
  Array references;
  for (const Value& name : call.arguments) add_class_references(call, name, references);
  call.host.include_class(Value(Array(call.arguments)), call.scope, how, call.where);
  return references;
}

Value include(CallContext& call) {
  return include_with(call, ClassInclusion::Include);
}
Value require(CallContext& call) {
  return include_with(call, ClassInclusion::Require);
}
Value contain(CallContext& call) {
  return include_with(call, ClassInclusion::Contain);
}

/// defined('name'), defined('$var'), defined(File['x']), defined(Class['x']).
Value defined(CallContext& call) {
  call.expect_arguments(1, static_cast<std::size_t>(-1));
  for (const Value& what : call.arguments)
    if (call.host.is_defined(what, call.scope)) return true;
  return false;
}

/// realize(File['a'], ...): makes virtual resources real.
Value realize(CallContext& call) {
  std::vector<Value> pending(call.arguments.begin(), call.arguments.end());
  while (!pending.empty()) {
    Value reference = std::move(pending.back());
    pending.pop_back();
    if (reference.is_array()) {
      pending.insert(pending.end(), reference.array().begin(), reference.array().end());
      continue;
    }
    if (!is_resource_reference(reference)) call.fail("expects resource references");
    const TypeValue& type = reference.type();
    auto index = call.host.resources().find(type.name, type.parameters[0].string());
    if (index) {  // an exported one joins the catalog still marked exported, as collected
      CompiledResource& resource = call.host.resources()[*index];
      resource.is_virtual = false;
      if (resource.exported) resource.collected = true;
    } else
      call.host.realize_later(type.name, type.parameters[0].string());
  }
  return Value();
}

/// create_resources(type, {title => attributes}, defaults): Puppet 3's way to declare resources
/// from data; `@type` and `@@type` make them virtual or exported, 'class' declares classes.
Value create_resources(CallContext& call) {
  if (call.arguments.size() < 2 || call.arguments.size() > 3)
    call.fail("create_resources(): wrong number of arguments (" +
              std::to_string(call.arguments.size()) + "; must be 2 or 3)");
  if (!call.arguments[0].is_string())
    call.fail("create_resources(): first argument must be a String");
  if (!call.arguments[1].is_hash()) call.fail("create_resources(): second argument must be a hash");
  const Value no_defaults;
  const Value& defaults = call.arguments.size() == 3 ? call.arguments[2] : no_defaults;
  if (!defaults.is_undef() && !defaults.is_hash())
    call.fail("create_resources(): third argument, if provided, must be a hash");
  call.host.create_resources(call.arguments[0].string(), call.arguments[1], defaults, call.scope,
                             call.where);
  return Value();
}

/// tag('a', 'b'): tags the class or defined type whose body calls it.
Value tag(CallContext& call) {
  CompiledResource& owner = call.host.resources()[call.scope.resource()];
  auto add = [&](const Value& name) {
    std::string text = to_string(name);
    if (!is_valid_tag(text))  // named downcased, as Puppet's Tagging#tag has it
      throw lang::SourceError("Invalid tag '" + lowercase(text) + "'", call.where);
    owner.tag(text);
  };
  for (const Value& name : call.arguments) {
    if (name.is_array()) {
      for (const Value& item : name.array()) add(item);
    } else {
      add(name);
    }
  }
  return Value();
}

/// tagged('a', ...): whether the class or defined type whose body calls it has any of the tags.
Value tagged(CallContext& call) {
  call.expect_arguments(1, static_cast<std::size_t>(-1));
  std::vector<Value> wanted;
  for (const Value& name : call.arguments) {
    if (name.is_array())
      wanted.insert(wanted.end(), name.array().begin(), name.array().end());
    else
      wanted.push_back(name);
  }
  for (const Value& name : wanted)
    if (call.host.resources().has_tag(call.scope.resource(), lowercase(to_string(name))))
      return true;
  return false;
}

}  // namespace

void register_catalog_functions(FunctionTable& table) {
  table.emplace_back("include", include);
  table.emplace_back("require", require);
  table.emplace_back("contain", contain);
  table.emplace_back("defined", defined);
  table.emplace_back("realize", realize);
  table.emplace_back("create_resources", create_resources);
  table.emplace_back("tag", tag);
  table.emplace_back("tagged", tagged);
}

}  // namespace marionette::compiler
