// A Pcore type object of Puppet 8's rich data ({"__ptype": "Pcore::IntegerType", "from": 1}) read
// back as the type Puppet prints (Integer[1]): what a Puppet 7 catalog holds for it.
#include "catalog/pcore_type_text.hpp"

#include <string_view>

namespace marionette::catalog {

namespace {

constexpr std::string_view kPrefix = "Pcore::";

std::string quoted(const std::string& text) {
  std::string out = "'";
  for (char c : text) {
    if (c == '\'' || c == '\\') out += '\\';
    out += c;
  }
  return out + "'";
}

const Data& field(const Data& object, const char* name) {
  static const Data none;
  auto found = object.find(name);
  return found == object.end() ? none : *found;
}

/// The type's name: IntegerType is Integer, StructElement stays apart.
std::string type_name(const Data& object) {
  const Data& ptype = field(object, "__ptype");
  if (!ptype.is_string()) return "";
  std::string name = ptype.get<std::string>();
  if (name.starts_with(kPrefix)) name.erase(0, kPrefix.size());
  if (name.ends_with("Type") && name != "Type") name.resize(name.size() - 4);
  return name;
}

std::string text(const Data& value);

/// A number bound, or `default` for an open one.
std::string bound(const Data& value) {
  return value.is_null() ? "default" : value.dump();
}

/// `, from, to` of an Integer size (or `, from` when it has no upper bound).
std::string range_parameters(const Data& size) {
  const Data& from = field(size, "from");
  const Data& to = field(size, "to");
  std::string out = bound(from);
  if (!to.is_null()) out += ", " + bound(to);
  return out;
}

bool is_empty_size(const Data& size) {
  return field(size, "from") == 0 && field(size, "to") == 0;
}

std::string joined(const Data& items) {
  std::string out;
  for (const Data& item : items) out += (out.empty() ? "" : ", ") + text(item);
  return out;
}

/// A value inside a type's parameters: a string quoted, a type as its text.
std::string text(const Data& value) {
  if (value.is_string()) return quoted(value.get<std::string>());
  if (value.is_null()) return "undef";
  if (value.is_array()) return "[" + joined(value) + "]";
  if (value.is_object() && value.contains("__ptype")) {
    if (value.contains("__pvalue") && field(value, "__pvalue").is_string())
      return quoted(field(value, "__pvalue").get<std::string>());  // a Timespan, a SemVerRange
    return pcore_type_text(value);
  }
  if (value.is_object()) {
    std::string out;
    for (const auto& [key, item] : value.items())
      out += (out.empty() ? "" : ", ") + quoted(key) + " => " + text(item);
    return "{" + out + "}";
  }
  return value.dump();
}

/// Whether a value type takes undef (Optional, Undef, Any, a Variant with Undef).
bool takes_undef(const Data& value_type) {
  const std::string name = type_name(value_type);
  bool takes = name == "Optional" || name == "Undef" || name == "Any";
  if (name == "Variant")
    for (const Data& member : field(value_type, "types")) takes = takes || takes_undef(member);
  return takes;
}

/// A Struct's key as Puppet prints it: 'k', or NotUndef['k'] / Optional['k'] where the value
/// type does not already say whether the key may be missing.
std::string struct_key(const Data& key, const Data& value_type) {
  const std::string name = type_name(key);
  const Data& value = field(key, "size_type_or_value");
  if (name == "String" && value.is_string()) {
    const std::string k = quoted(value.get<std::string>());
    return takes_undef(value_type) ? "NotUndef[" + k + "]" : k;
  }
  const Data& inner = field(key, "type");
  if (name == "Optional" && type_name(inner) == "String" &&
      field(inner, "size_type_or_value").is_string()) {
    const std::string k = quoted(field(inner, "size_type_or_value").get<std::string>());
    return takes_undef(value_type) ? k : "Optional[" + k + "]";
  }
  return text(key);
}

std::string with_parameters(const std::string& name, const std::string& parameters) {
  return parameters.empty() ? name : name + "[" + parameters + "]";
}

}  // namespace

bool is_pcore_type(const std::string& ptype) {
  return ptype.starts_with(kPrefix);
}

std::string pcore_type_text(const Data& object) {
  const std::string name = type_name(object);
  auto has = [&object](const char* attribute) { return object.contains(attribute); };
  if (name == "Integer" || name == "Float" || name == "Numeric" || name == "Timespan" ||
      name == "Timestamp") {
    if (!has("from") && !has("to")) return name;
    auto one = [&name](const Data& value) {
      if (value.is_null()) return std::string("default");
      return name == "Timespan" || name == "Timestamp" ? text(value) : value.dump();
    };
    std::string out = one(field(object, "from"));
    if (has("to") && !field(object, "to").is_null()) out += ", " + one(field(object, "to"));
    return name + "[" + out + "]";
  }
  if (name == "String") {
    const Data& size = field(object, "size_type_or_value");
    return size.is_object() ? "String[" + range_parameters(size) + "]" : name;
  }
  if (name == "Array" || name == "Hash") {
    const Data& size = field(object, "size_type");
    if (is_empty_size(size)) return name + "[0, 0]";
    std::string out;
    if (name == "Array" && has("element_type")) out = text(field(object, "element_type"));
    if (name == "Hash" && has("key_type"))
      out = text(field(object, "key_type")) + ", " +
            (has("value_type") ? text(field(object, "value_type")) : "Any");
    if (size.is_object()) out += ", " + range_parameters(size);
    return with_parameters(name, out);
  }
  if (name == "Collection")
    return has("size_type") ? with_parameters(name, range_parameters(field(object, "size_type")))
                            : name;
  if (name == "Tuple") {
    std::string out = joined(field(object, "types"));
    if (field(object, "size_type").is_object())
      out += (out.empty() ? "" : ", ") + range_parameters(field(object, "size_type"));
    return with_parameters(name, out);
  }
  if (name == "Struct") {
    std::string out;
    for (const Data& element : field(object, "elements"))
      out += (out.empty() ? "" : ", ") +
             struct_key(field(element, "key_type"), field(element, "value_type")) + " => " +
             text(field(element, "value_type"));
    return out.empty() ? name : name + "[{" + out + "}]";
  }
  if (name == "Variant" || name == "Pattern") {
    const Data& members = field(object, name == "Variant" ? "types" : "patterns");
    std::string out;
    for (const Data& member : members)
      out += (out.empty() ? "" : ", ") +
             (name == "Pattern" ? "/" + field(member, "pattern").get<std::string>() + "/"
                                : text(member));
    return with_parameters(name, out);
  }
  if (name == "Regexp") {
    const Data& pattern = field(object, "pattern");
    return pattern.is_string() ? "Regexp[/" + pattern.get<std::string>() + "/]" : name;
  }
  if (name == "Enum") {
    std::string out = joined(field(object, "values"));
    if (field(object, "case_insensitive") == true) out += ", true";
    return with_parameters(name, out);
  }
  if (name == "Optional" || name == "NotUndef" || name == "Type" || name == "Iterable" ||
      name == "Iterator" || name == "Init") {
    const Data& type = field(object, "type");
    if (type.is_null()) return name;
    const Data& value = field(type, "size_type_or_value");
    std::string out = type_name(type) == "String" && value.is_string()
                          ? quoted(value.get<std::string>())
                          : text(type);
    if (type_name(type) == "TypeAlias") out = field(type, "name").get<std::string>();
    for (const Data& argument : field(object, "init_args")) out += ", " + text(argument);
    return name + "[" + out + "]";
  }
  if (name == "SemVer") return with_parameters(name, joined(field(object, "ranges")));
  if (name == "Runtime") {
    const Data& runtime = field(object, "runtime");
    if (!runtime.is_string()) return name;
    std::string out = runtime.get<std::string>();
    if (has("name_or_pattern")) out += ", " + text(field(object, "name_or_pattern"));
    return name + "[" + out + "]";
  }
  if (name == "URI" || name == "Object") {
    const Data& parameters = field(object, name == "URI" ? "parameters" : "_pcore_init_hash");
    return parameters.is_object() ? name + "[" + text(parameters) + "]" : name;
  }
  if (name == "Resource") {
    const Data& type = field(object, "type_name");
    const Data& title = field(object, "title");
    if (!type.is_string()) return name;
    return with_parameters(type.get<std::string>(),
                           title.is_string() ? quoted(title.get<std::string>()) : "");
  }
  if (name == "Class") {
    const Data& class_name = field(object, "class_name");
    return class_name.is_string() ? "Class[" + class_name.get<std::string>() + "]" : name;
  }
  if (name == "TypeAlias") {
    const Data& alias = field(object, "name");
    const Data& resolved = field(object, "resolved_type");
    std::string out = alias.is_string() ? alias.get<std::string>() : "";
    return resolved.is_object() ? out + " = " + pcore_type_text(resolved) : out;
  }
  if (name == "Callable") {
    const Data& parameters = field(object, "param_types");
    if (!parameters.is_object()) return name;
    const Data& types = field(parameters, "types");
    // Callable[1]: Puppet puts a Unit in for the parameters that a count alone asks for
    const bool only_count = types.size() == 1 && type_name(types[0]) == "Unit";
    std::string out = only_count ? "" : joined(types);
    if (field(parameters, "size_type").is_object())
      out += (out.empty() ? "" : ", ") + range_parameters(field(parameters, "size_type"));
    if (field(object, "block_type").is_object())
      out += (out.empty() ? "" : ", ") + text(field(object, "block_type"));
    if (field(object, "return_type").is_object())
      return "Callable[[" + out + "], " + text(field(object, "return_type")) + "]";
    return with_parameters(name, out);
  }
  return name;  // Any, Scalar, Boolean, Undef, Default, Sensitive, Binary, ...
}

}  // namespace marionette::catalog
