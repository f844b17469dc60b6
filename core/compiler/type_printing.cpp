#include <algorithm>
#include <vector>

#include "compiler/runtime_values.hpp"
#include "compiler/types.hpp"

namespace marionette::compiler {

namespace {

/// The aliases being printed, so that a recursive alias prints its name where it recurs.
thread_local std::vector<std::string> aliases_in_print;

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

}  // namespace

void append_type(const TypeValue& type, std::string& out) {
  if (type.name.starts_with('#')) {
    append_runtime_value(type, out);
    return;
  }
  if (auto target = type.alias.lock()) {
    out += type.name;
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
