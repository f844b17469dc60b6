#include <algorithm>
#include <vector>

#include "compiler/object_types.hpp"
#include "compiler/runtime_values.hpp"
#include "compiler/types.hpp"

namespace marionette::compiler {

namespace {

/// The aliases being printed, so that a recursive alias prints its name where it recurs.
thread_local std::vector<std::string> aliases_in_print;

/// How deep append_type is, and whether Object types print their init hash (Puppet's
/// TypeFormatter "expanded": when the type printed is itself an alias or an Object type) or
/// their name. Inside an Object type's hash, types print unexpanded: Object types and aliases by
/// their names.
thread_local int print_depth = 0;
thread_local bool objects_expanded = false;
thread_local bool in_object_hash = false;

void append_quoted(const std::string& text, std::string& out) {
  out += puppet_quote(text);
}

/// A type's parameter: strings quoted, references as File['/a'], collections recursively.
void append_parameter(const Value& p, std::string& out) {
  if (p.is_string()) {
    append_quoted(p.string(), out);
  } else if (p.is_undef()) {
    out += "undef";
  } else if (is_resource_reference(p) && p.type().name == "Class") {
    out += reference_source(p.type());  // Class[apache]
  } else if (is_resource_reference(p)) {
    out += p.type().name + "[";
    append_quoted(p.type().parameters[0].string(), out);
    out += ']';
  } else if (p.is_type() && !is_sensitive(p)) {
    append_type(p.type(), out);
  } else if (p.is_array()) {
    out += '[';
    for (std::size_t i = 0; i < p.array().size(); ++i) {
      if (i) out += ", ";
      append_parameter(p.array()[i], out);
    }
    out += ']';
  } else if (p.is_hash()) {
    out += '{';
    bool first = true;
    for (const auto& [key, item] : p.hash()) {
      if (!first) out += ", ";
      first = false;
      // A Struct's NotUndef['k'] or Optional['k'] key says what its value type does not say:
      // it is the plain 'k' when the value type takes undef (Optional) or not (NotUndef).
      bool plain = false;
      if (key.is_type() && (key.type().name == "NotUndef" || key.type().name == "Optional") &&
          key.type().parameters.size() == 1 && key.type().parameters[0].is_string()) {
        const bool takes_undef = item.is_type() && matches(Value(), item.type());
        plain = takes_undef == (key.type().name == "Optional");
      }
      append_parameter(plain ? key.type().parameters[0] : key, out);
      out += " => ";
      append_parameter(item, out);
    }
    out += '}';
  } else {
    append_string(p, out);
  }
}

/// An Array or a Hash that can only be empty (its size range is 0 to 0).
bool has_empty_size_range(const TypeValue& type) {
  if (type.name != "Array" && type.name != "Hash") return false;
  const std::vector<Value>& p = type.parameters;
  return p.size() >= 2 && p[p.size() - 1].is_integer() && p[p.size() - 1].integer() == 0 &&
         p[p.size() - 2].is_integer() && p[p.size() - 2].integer() == 0;
}

/// An Object type: its name, or when expanded `Object[{name => 'Person', parent => Being,
/// attributes => {'name' => String, 'age' => {type => Integer, value => 0}}}]`.
void append_object_type(const TypeValue& declared, const TypeValue& type, std::string& out) {
  const ObjectType object = object_type(declared);
  if (!objects_expanded && !object.name.empty()) {
    out += object.name;
    return;
  }
  const bool was_expanded = objects_expanded, was_in_hash = in_object_hash;
  objects_expanded = false;
  in_object_hash = true;
  const Hash& init = type.parameters[0].hash();
  auto find = [&](std::string_view key) -> const Value* {
    for (const auto& [k, v] : init)
      if (k.is_string() && k.string() == key) return &v;
    return nullptr;
  };
  out += "Object[{";
  bool first = true;
  auto key = [&](std::string_view name) {
    if (!first) out += ", ";
    first = false;
    out += name;
    out += " => ";
  };
  if (!object.name.empty()) {
    key("name");
    append_quoted(object.name, out);
  }
  if (const Value* parent = find("parent")) {
    key("parent");
    append_parameter(*parent, out);
  }
  bool any_attribute = false;
  for (const ObjectAttribute& a : object.attributes) {
    if (!a.own || a.kind == "constant") continue;
    if (!any_attribute)
      key("attributes"), out += '{';
    else
      out += ", ";
    any_attribute = true;
    append_quoted(a.name, out);
    out += " => ";
    if (!a.value && a.kind.empty()) {
      append_parameter(a.type, out);
      continue;
    }
    out += "{type => ";
    append_parameter(a.type, out);
    if (!a.kind.empty()) out += ", kind => " + a.kind;
    if (a.value) {
      out += ", value => ";
      append_parameter(*a.value, out);
    }
    out += '}';
  }
  if (any_attribute) out += '}';
  for (const char* name : {"constants", "equality"})
    if (const Value* value = find(name)) {
      key(name);
      append_parameter(*value, out);
    }
  out += "}]";
  objects_expanded = was_expanded;
  in_object_hash = was_in_hash;
}

struct PrintDepth {
  explicit PrintDepth(const TypeValue& type) {
    if (print_depth++ == 0) {
      objects_expanded = !type.alias.expired() || is_object_type(type);
      in_object_hash = false;
    }
  }
  ~PrintDepth() { --print_depth; }
  PrintDepth(const PrintDepth&) = delete;
  PrintDepth& operator=(const PrintDepth&) = delete;
};

}  // namespace

void append_type(const TypeValue& type, std::string& out) {
  if (type.name.starts_with('#')) {
    append_runtime_value(type, out);
    return;
  }
  PrintDepth depth(type);
  if (auto target = type.alias.lock()) {
    if (target->type.is_type() && is_object_type(target->type.type())) {
      append_object_type(type, target->type.type(), out);
      return;
    }
    out += type.name;
    if (in_object_hash) return;  // an alias inside an Object type prints its name
    if (std::find(aliases_in_print.begin(), aliases_in_print.end(), type.name) !=
            aliases_in_print.end() ||
        !target->type.is_type())
      return;
    out += " = ";
    aliases_in_print.push_back(type.name);
    append_type(target->type.type(), out);
    aliases_in_print.pop_back();
    return;
  }
  if (is_object_type(type)) {
    append_object_type(type, type, out);
    return;
  }
  out += type.name;
  if (type.name == "Object" && type.parameters.empty()) {
    out += "[{}]";  // Puppet's Object type without attributes prints its empty init hash
    return;
  }
  if (type.parameters.empty()) return;
  if (has_empty_size_range(type)) {  // Array[Integer, 0, 0] is Array[0, 0], as Puppet prints it
    out += "[0, 0]";
    return;
  }
  if (type.name == "Type" && type.parameters[0].is_type() &&
      !type.parameters[0].type().alias.expired()) {
    out += '[' + type.parameters[0].type().name + ']';  // Type[Name]: the alias unexpanded
    return;
  }
  if (type.name == "Type" && type.parameters[0].is_type() &&
      type.parameters[0].type().name == "Object" && type.parameters[0].type().parameters.empty()) {
    out += "[Object]";  // Type[Object], where Object alone prints Object[{}]
    return;
  }
  out += '[';
  for (std::size_t i = 0; i < type.parameters.size(); ++i) {
    if (i) out += ", ";
    if (i == 0 && type.name == "Runtime" && type.parameters[0].is_string())
      out += type.parameters[0].string();  // Runtime[ruby, 'String']: the runtime unquoted
    else
      append_parameter(type.parameters[i], out);
  }
  out += ']';
}

std::string type_to_string(const TypeValue& type) {
  std::string out;
  append_type(type, out);
  return out;
}

}  // namespace marionette::compiler
