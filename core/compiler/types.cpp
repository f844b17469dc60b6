#include "compiler/ruby_regex.hpp"
#include "compiler/types.hpp"

#include <algorithm>
#include <limits>

namespace marionette::compiler {

namespace {

constexpr std::string_view kDataTypes[] = {
    "Any",      "Undef",     "Default",    "String",      "Integer",  "Float",    "Numeric",
    "Boolean",  "Array",     "Hash",       "Optional",    "Variant",  "Enum",     "Pattern",
    "Scalar",   "Data",      "Collection", "NotUndef",    "Regexp",   "Type",     "Tuple",
    "Struct",   "Callable",  "Sensitive",  "ScalarData",  "Iterable", "Iterator", "RichData",
    "Timespan", "Timestamp", "SemVer",     "SemVerRange", "Binary",   "Init",     "Object",
    "Runtime",  "Error",     "CatchAll"};

std::int64_t integer_parameter(const TypeValue& type, std::size_t index, std::int64_t fallback) {
  if (index >= type.parameters.size()) return fallback;
  const Value& p = type.parameters[index];
  if (p.is_integer()) return p.integer();
  return fallback;  // default, undef
}

bool in_size_range(std::size_t size, const TypeValue& type, std::size_t first) {
  auto min = integer_parameter(type, first, 0);
  auto max = integer_parameter(type, first + 1, std::numeric_limits<std::int64_t>::max());
  auto n = static_cast<std::int64_t>(size);
  return n >= min && n <= max;
}

const TypeValue* type_parameter(const TypeValue& type, std::size_t index) {
  if (index < type.parameters.size() && type.parameters[index].is_type())
    return &type.parameters[index].type();
  return nullptr;
}

bool is_scalar(const Value& v) {
  return v.is_string() || v.is_number() || v.is_boolean() || v.is_regexp();
}

bool is_data(const Value& v) {
  if (v.is_undef() || v.is_string() || v.is_number() || v.is_boolean()) return true;
  if (v.is_array())
    return std::all_of(v.array().begin(), v.array().end(),
                       [](const Value& x) { return is_data(x); });
  if (v.is_hash())
    return std::all_of(v.hash().begin(), v.hash().end(),
                       [](const auto& e) { return e.first.is_string() && is_data(e.second); });
  return false;
}

std::string article(std::string_view name) {
  return std::string(name.empty() ||
                             std::string_view("AEIOU").find(name[0]) == std::string_view::npos
                         ? "a "
                         : "an ") +
         std::string(name);
}

}  // namespace

bool is_data_type_name(std::string_view name) {
  return std::find(std::begin(kDataTypes), std::end(kDataTypes), name) != std::end(kDataTypes);
}

bool matches(const Value& value, const TypeValue& type) {
  const std::string& name = type.name;
  if (name == "Any") return true;
  if (name == "Undef") return value.is_undef();
  if (name == "Default") return value.is_default();
  if (name == "NotUndef") {
    if (value.is_undef()) return false;
    const TypeValue* inner = type_parameter(type, 0);
    return !inner || matches(value, *inner);
  }
  if (name == "Optional") {
    if (value.is_undef()) return true;
    const TypeValue* inner = type_parameter(type, 0);
    if (!inner && !type.parameters.empty() && type.parameters[0].is_string())
      return value.is_string() && value.string() == type.parameters[0].string();
    return !inner || matches(value, *inner);
  }
  if (name == "String") return value.is_string() && in_size_range(value.string().size(), type, 0);
  if (name == "Integer") {
    if (!value.is_integer()) return false;
    auto min = integer_parameter(type, 0, std::numeric_limits<std::int64_t>::min());
    auto max = integer_parameter(type, 1, std::numeric_limits<std::int64_t>::max());
    return value.integer() >= min && value.integer() <= max;
  }
  if (name == "Float") return value.is_float();
  if (name == "Numeric") return value.is_number();
  if (name == "Boolean") return value.is_boolean();
  if (name == "Regexp") return value.is_regexp();
  if (name == "Scalar") return is_scalar(value);
  if (name == "ScalarData") return value.is_string() || value.is_number() || value.is_boolean();
  if (name == "Data" || name == "RichData") return is_data(value) || name == "RichData";
  if (name == "Collection") return value.is_array() || value.is_hash();
  if (name == "Sensitive") {
    if (!is_sensitive(value)) return false;
    const TypeValue* inner = type_parameter(type, 0);
    return !inner || matches(value.type().parameters[0], *inner);
  }
  if (is_sensitive(value)) return name == "Any";
  if (name == "Type") return value.is_type();
  if (name == "Array") {
    if (!value.is_array()) return false;
    const TypeValue* element = type_parameter(type, 0);
    std::size_t first = element ? 1 : 0;
    if (!in_size_range(value.array().size(), type, first)) return false;
    return !element || std::all_of(value.array().begin(), value.array().end(),
                                   [&](const Value& x) { return matches(x, *element); });
  }
  if (name == "Hash") {
    if (!value.is_hash()) return false;
    const TypeValue* key = type_parameter(type, 0);
    const TypeValue* item = type_parameter(type, 1);
    std::size_t first = key && item ? 2 : 0;
    if (!in_size_range(value.hash().size(), type, first)) return false;
    return std::all_of(value.hash().begin(), value.hash().end(), [&](const auto& e) {
      return (!key || matches(e.first, *key)) && (!item || matches(e.second, *item));
    });
  }
  if (name == "Tuple") {
    if (!value.is_array()) return false;
    const Array& items = value.array();
    std::size_t types = 0;
    while (types < type.parameters.size() && type.parameters[types].is_type()) ++types;
    if (items.size() != types) return false;
    for (std::size_t i = 0; i < types; ++i)
      if (!matches(items[i], type.parameters[i].type())) return false;
    return true;
  }
  if (name == "Struct") {
    if (!value.is_hash() || type.parameters.empty() || !type.parameters[0].is_hash()) return false;
    // Keys are strings, or Optional['k'] / NotUndef['k'] types naming the key.
    const Hash& schema = type.parameters[0].hash();
    auto key_name = [](const Value& key) -> std::pair<std::string, bool> {
      if (key.is_type() && !key.type().parameters.empty())
        return {to_string(key.type().parameters[0]), key.type().name == "Optional"};
      return {to_string(key), false};
    };
    for (const auto& [key, field] : schema) {
      if (!field.is_type()) continue;
      auto [field_name, optional] = key_name(key);
      const Value* present = hash_find(value.hash(), Value(field_name));
      if (!present && optional) continue;
      if (!matches(present ? *present : Value(), field.type())) return false;
    }
    return std::all_of(value.hash().begin(), value.hash().end(), [&](const auto& e) {
      return std::any_of(schema.begin(), schema.end(), [&](const auto& field) {
        return equals(Value(key_name(field.first).first), e.first);
      });
    });
  }
  if (name == "Variant") {
    return std::any_of(type.parameters.begin(), type.parameters.end(),
                       [&](const Value& p) { return p.is_type() && matches(value, p.type()); });
  }
  if (name == "Enum") {
    if (!value.is_string()) return false;
    return std::any_of(type.parameters.begin(), type.parameters.end(), [&](const Value& p) {
      return p.is_string() && p.string() == value.string();
    });
  }
  if (name == "Pattern") {
    if (!value.is_string()) return false;
    return std::any_of(type.parameters.begin(), type.parameters.end(), [&](const Value& p) {
      if (p.is_regexp()) return std::regex_search(value.string(), *p.regexp().compiled);
      if (p.is_string()) return std::regex_search(value.string(), compile_ruby_regex(p.string()));
      return false;
    });
  }
  if (name == "Resource" || !is_data_type_name(name)) {
    if (!value.is_type() || is_data_type_name(value.type().name)) return false;
    if (name == "Resource") return true;
    return value.type().name == name && (type.parameters.empty() || equals(Value(type), value));
  }
  return false;
}

std::string type_to_string(const TypeValue& type) {
  return to_string(Value(type));
}

std::string type_name_of(const Value& value) {
  if (value.is_undef()) return "Undef";
  if (value.is_default()) return "Default";
  if (value.is_boolean()) return "Boolean";
  if (value.is_integer()) return "Integer";
  if (value.is_float()) return "Float";
  if (value.is_string()) return "String";
  if (value.is_regexp()) return "Regexp";
  if (value.is_array()) return "Array";
  if (value.is_hash()) return "Hash";
  if (is_sensitive(value)) return "Sensitive";
  return "Type";
}

std::string describe_mismatch(const TypeValue& type, const Value& value) {
  if (type.name == "Optional" || type.name == "Variant") {
    std::string expected;
    std::vector<std::string> names;
    if (type.name == "Optional") names.push_back("Undef");
    for (const Value& p : type.parameters)
      if (p.is_type()) names.push_back(type_to_string(p.type()));
    if (type.name == "Optional" && names.size() == 2 && !value.is_undef()) {
      const TypeValue* inner = type_parameter(type, 0);
      if (inner && type_name_of(value) != inner->name)
        return "expects a value of type Undef or " + names[1] + ", got " + type_name_of(value);
      if (inner) return describe_mismatch(*inner, value);
    }
    for (std::size_t i = 0; i < names.size(); ++i) {
      if (i) expected += i + 1 == names.size() ? ", or " : ", ";
      expected += names[i];
    }
    if (names.size() == 2) expected = names[0] + " or " + names[1];
    return "expects a value of type " + expected + ", got " + type_name_of(value);
  }
  if (type.name == "Enum" && value.is_string())
    return "expects a match for " + type_to_string(type) + ", got '" + value.string() + "'";
  if (type.name == "Array" && value.is_array()) {
    const TypeValue* element = type_parameter(type, 0);
    const Array& items = value.array();
    for (std::size_t i = 0; element && i < items.size(); ++i)
      if (!matches(items[i], *element))
        return "index " + std::to_string(i) + " " + describe_mismatch(*element, items[i]);
  }
  std::string actual = type_name_of(value);
  if (actual == type.name) {
    if (value.is_integer())
      actual +=
          "[" + std::to_string(value.integer()) + ", " + std::to_string(value.integer()) + "]";
    else if (value.is_string())
      actual += "[" + std::to_string(value.string().size()) + ", " +
                std::to_string(value.string().size()) + "]";
  }
  return "expects " + article(type_to_string(type)) + " value, got " + actual;
}

}  // namespace marionette::compiler
