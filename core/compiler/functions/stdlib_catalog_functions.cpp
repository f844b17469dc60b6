// stdlib's functions that look at or add to the catalog: ensure_resource, ensure_resources,
// ensure_packages, defined_with_params, getparam, stdlib::str2resource, assert_private, private.
#include <algorithm>

#include "compiler/environment.hpp"
#include "compiler/function_host.hpp"
#include "compiler/functions/stdlib_support.hpp"
#include "compiler/resource_table.hpp"
#include "compiler/runtime_values.hpp"
#include "compiler/scope.hpp"
#include "compiler/types.hpp"

namespace marionette::compiler {

namespace {

using stdlib::raise;
using Arguments = std::vector<Value>;

/// "Type[title]" split as Puppet::Resource.type_and_title does: the type with each segment
/// capitalised, the title (of a class, capitalised too).
std::optional<std::pair<std::string, std::string>> split_reference(const std::string& text) {
  std::size_t open = text.find('[');
  if (open == std::string::npos || open == 0 || text.back() != ']') return std::nullopt;
  std::string type = capitalize_segments(lowercase(text.substr(0, open)));
  if (type.starts_with("::")) type = type.substr(2);
  std::string title = text.substr(open + 1, text.size() - open - 2);
  if (title.size() >= 2 && (title.front() == '\'' || title.front() == '"') &&
      title.back() == title.front())
    title = title.substr(1, title.size() - 2);
  if (type == "Class") title = capitalize_segments(lowercase(title));
  return std::make_pair(type, title);
}

std::optional<std::pair<std::string, std::string>> reference_of(const Value& given) {
  const Value& value = as_reference(given);  // a Puppet::Resource as its reference
  if (is_resource_reference(value)) {
    const TypeValue& type = value.type();
    std::string title = type.parameters[0].string();
    if (type.name == "Class") title = capitalize_segments(lowercase(title));
    return std::make_pair(type.name, title);
  }
  if (value.is_string()) return split_reference(value.string());
  return std::nullopt;
}

/// defined_with_params(reference, params): is a resource of that reference declared (other than
/// the one whose code calls), with each of the given parameters equal?
bool defined_with(CallContext& call, const Value& reference, const Value& params) {
  std::optional<std::pair<std::string, std::string>> ref = reference_of(reference);
  if (!ref && reference.is_string())
    raise(call, "No title provided and " + ruby_inspect(reference) +
                    " is not a valid resource reference");
  if (!ref) raise(call, "Reference is not understood: '" + stdlib::ruby_class(reference) + "'");
  ResourceTable& resources = call.host.resources();
  std::vector<std::size_t> candidates;
  if (ref->second.empty()) {
    for (std::size_t i = 0; i < resources.size(); ++i)
      if (resources[i].type == ref->first) candidates.push_back(i);
  } else if (auto found = resources.find(ref->first, ref->second)) {
    candidates.push_back(*found);
  }
  const std::string caller = resources[call.scope.resource()].ref();
  for (std::size_t index : candidates) {
    const CompiledResource& resource = resources[index];
    if (resource.ref() == caller) continue;
    bool all_match = true;
    if (params.is_hash()) {
      for (const auto& [key, wanted] : params.hash()) {
        const Value* actual = resource.parameter(to_string(key));
        bool actual_undef = !actual || actual->is_undef();
        if (!((actual_undef && wanted.is_undef()) ||
              (actual && stdlib::ruby_equal(*actual, wanted)))) {
          all_match = false;
          break;
        }
      }
    }
    if (all_match) return true;
  }
  return false;
}

Value defined_with_params(CallContext& call) {
  Arguments args = stdlib::legacy_arguments(call.arguments);
  if (args.empty() || (args[0].is_boolean() && !args[0].boolean()))
    raise(call, "Must specify a reference");
  Value params = args.size() > 1 ? args[1] : Value(Hash{});
  if (!params.is_hash()) params = Value(Hash{});
  return defined_with(call, args[0], params);
}

/// ensure_resource(type, title(s), params): declares each title not yet declared with these
/// parameters (a different declaration fails as a duplicate, as in Puppet).
void ensure_one_resource(CallContext& call, const std::string& type, const Value& titles,
                         const Value& params) {
  Array items;
  std::vector<Value> pending{titles};
  while (!pending.empty()) {  // [title].flatten
    Value next = std::move(pending.back());
    pending.pop_back();
    if (next.is_array())
      pending.insert(pending.end(), next.array().rbegin(), next.array().rend());
    else
      items.push_back(std::move(next));
  }
  Value attributes = params.is_hash() ? params : Value(Hash{});
  for (const Value& item : items) {
    std::string title = ruby_to_s(item);
    if (defined_with(call, Value(type + "[" + title + "]"), attributes)) continue;
    // The title as given (a port's Integer stays one: create_resources sets name from it and
    // does not tag the resource with it, as Puppet's ensure_resource does).
    call.host.create_resources(type, Value(Hash{{item, attributes}}), Value(), call.scope,
                               call.where);
  }
}

Value ensure_resource(CallContext& call) {
  Arguments args = stdlib::legacy_arguments(call.arguments);
  if (args.empty() || (args[0].is_boolean() && !args[0].boolean()))
    raise(call, "Must specify a type");
  if (args.size() < 2 || (args[1].is_boolean() && !args[1].boolean()))
    raise(call, "Must specify a title");
  ensure_one_resource(call, ruby_to_s(args[0]), args[1], args.size() > 2 ? args[2] : Value());
  return Value();
}

void ensure_many_resources(CallContext& call, const std::string& type, const Value& instances,
                           const Value& params) {
  if (!instances.is_hash())
    raise(call, "ensure_resources(): Requires second argument to be a Hash");
  Hash defaults = params.is_hash() ? params.hash() : Hash{};
  for (const auto& [title, attributes] : instances.hash()) {
    Hash merged = defaults;
    if (attributes.is_hash())
      for (const auto& [key, value] : attributes.hash()) stdlib::ruby_store(merged, key, value);
    ensure_one_resource(call, type, title, Value(std::move(merged)));
  }
}

Value ensure_resources(CallContext& call) {
  Arguments args = stdlib::legacy_arguments(call.arguments);
  if (args.empty()) raise(call, "Must specify a type");
  if (args.size() < 2) raise(call, "Must specify a title");
  ensure_many_resources(call, ruby_to_s(args[0]), args[1], args.size() > 2 ? args[2] : Value());
  return Value();
}

/// ensure_packages(names or {name => attributes}, defaults): packages ensured 'installed'
/// ('present' in the defaults reads as 'installed').
Value ensure_packages(CallContext& call) {
  call.expect_arguments(1, 2);
  const Value& packages = call.arguments[0];
  auto valid_name = [](const Value& v) { return v.is_string() && !v.string().empty(); };
  bool valid =
      valid_name(packages) ||
      (packages.is_array() &&
       std::all_of(packages.array().begin(), packages.array().end(), valid_name)) ||
      (packages.is_hash() && std::all_of(packages.hash().begin(), packages.hash().end(),
                                         [&](const auto& pair) { return valid_name(pair.first); }));
  if (!valid)
    raise(call,
          "'ensure_packages' parameter 'packages' expects a value of type String, Array, "
          "or Hash, got " +
              type_name_of(packages));
  Hash defaults{{Value("ensure"), Value("installed")}};
  if (call.arguments.size() > 1 && !call.arguments[1].is_undef()) {
    if (!call.arguments[1].is_hash())
      raise(call, "'ensure_packages' parameter 'default_attributes' expects a Hash value, got " +
                      type_name_of(call.arguments[1]));
    for (const auto& [key, value] : call.arguments[1].hash())
      stdlib::ruby_store(defaults, key, value);
    if (const Value* ensure = stdlib::ruby_fetch(defaults, Value("ensure"));
        ensure && ensure->is_string() && ensure->string() == "present")
      stdlib::ruby_store(defaults, Value("ensure"), Value("installed"));
  }
  if (packages.is_hash()) {
    ensure_many_resources(call, "package", packages, Value(defaults));
  } else {
    Array names = packages.is_array() ? packages.array() : Array{packages};
    for (const Value& name : names) ensure_one_resource(call, "package", name, Value(defaults));
  }
  return Value();
}

/// getparam(reference, 'name'): the parameter's value, '' when it or the resource is absent.
Value getparam(CallContext& call) {
  Arguments args = stdlib::legacy_arguments(call.arguments);
  if (args.empty()) raise(call, "Must specify a reference");
  if (args.size() < 2 || !args[1].is_string()) raise(call, "Must specify name of a parameter");
  if (args[1].string().empty()) return "";
  std::optional<std::pair<std::string, std::string>> ref =
      reference_of(args[0].is_string() ? args[0] : Value(ruby_to_s(args[0])));
  if (!ref && is_resource_reference(args[0])) ref = reference_of(args[0]);
  if (!ref) return "";
  auto found = call.host.resources().find(ref->first, ref->second);
  if (!found) return "";
  const Value* value = call.host.resources()[*found].parameter(args[1].string());
  return value && !value->is_undef() ? *value : Value("");
}

/// stdlib::str2resource('Type[title]'): the declared resource itself, a Puppet::Resource
/// (runtime_values.hpp's #Resource: prints unquoted, `User[alice]`, typed as its reference).
Value str2resource(CallContext& call) {
  call.expect_arguments(1, 1);
  if (!call.arguments[0].is_string())
    raise(call, "'stdlib::str2resource' parameter 'res_string' expects a String value, got " +
                    type_name_of(call.arguments[0]));
  auto ref = split_reference(call.arguments[0].string());
  if (!ref || !call.host.resources().find(ref->first, ref->second))
    raise(call, "stdlib::str2resource(): could not find " +
                    (ref ? ref->first + "[" + ref->second + "]" : call.arguments[0].string()) +
                    ", this is parse order dependent and values should not be quoted");
  return make_resource_value(TypeValue{ref->first, {Value(ref->second)}});
}

/// assert_private(message): fails unless the calling class or defined type was declared from
/// code of its own module.
Value assert_private(CallContext& call) {
  Arguments args = stdlib::legacy_arguments(call.arguments);
  if (args.size() > 1)
    raise(call, "assert_private(): Wrong number of arguments given (" +
                    std::to_string(args.size()) + "}) for 0 or 1)");
  ResourceTable& resources = call.host.resources();
  const CompiledResource& owner = resources[call.scope.resource()];
  const Value* module = call.scope.find("module_name");
  std::string module_name = module ? to_string(*module) : "";
  // The caller is the container whose code declared it: a class is evaluated as it is declared
  // (its declaring scope still lives); a defined type later, from its container's index.
  std::optional<std::size_t> caller;
  if (owner.type == "Class" && owner.declared_in)
    caller = owner.declared_in->resource();
  else
    caller = owner.tag_source;
  std::string caller_module;
  if (caller && *caller < resources.size()) {
    const CompiledResource& container = resources[*caller];
    std::string name =
        container.type == "Class" ? lowercase(container.title) : lowercase(container.type);
    if (container.type != "Node" && name != "main")
      caller_module = call.host.environment().module_of(name);
  }
  if (module_name == caller_module) return Value();
  if (!args.empty() && args[0].is_string()) raise(call, args[0].string());
  bool is_class = owner.type == "Class";
  std::string name = is_class ? lowercase(owner.title) : lowercase(owner.type);
  raise(call, std::string(is_class ? "Class" : "Definition") + " " + name + " is private");
}

Value private_function(CallContext& call) {
  call.host.log("Warning",
                "private() DEPRECATED: This function will cease to function on Puppet 4; "
                "please use assert_private() before upgrading to puppet 4 for "
                "backwards-compatibility, or migrate to the new parser's typing system.",
                call.scope);
  return assert_private(call);
}

}  // namespace

void register_stdlib_catalog_functions(FunctionTable& table) {
  table.emplace_back("defined_with_params", defined_with_params);
  table.emplace_back("ensure_resource", ensure_resource);
  table.emplace_back("ensure_resources", ensure_resources);
  table.emplace_back("ensure_packages", ensure_packages);
  table.emplace_back("stdlib::ensure_packages", ensure_packages);
  table.emplace_back("getparam", getparam);
  table.emplace_back("stdlib::str2resource", str2resource);
  table.emplace_back("assert_private", assert_private);
  table.emplace_back("private", private_function);
}

}  // namespace marionette::compiler
