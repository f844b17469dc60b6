#include "compiler/types.hpp"

#include <algorithm>
#include <cctype>
#include <limits>
#include <string>
#include <unordered_map>
#include <vector>

#include "compiler/runtime_values.hpp"
#include "compiler/string_encoding.hpp"
#include "rubyish/regex.hpp"

namespace marionette::compiler {

namespace {

constexpr std::string_view kDataTypes[] = {
    "Any",      "Undef",     "Default",    "String",      "Integer",  "Float",    "Numeric",
    "Boolean",  "Array",     "Hash",       "Optional",    "Variant",  "Enum",     "Pattern",
    "Scalar",   "Data",      "Collection", "NotUndef",    "Regexp",   "Type",     "Tuple",
    "Struct",   "Callable",  "Sensitive",  "ScalarData",  "Iterable", "Iterator", "RichData",
    "Timespan", "Timestamp", "SemVer",     "SemVerRange", "Binary",   "Init",     "Object",
    "Runtime",  "Error",     "CatchAll",   "Unit",        "Deferred", "URI"};

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

/// "expects size to be at least 2, got 1", for the size parameters from `first`.
std::string size_mismatch(const TypeValue& type, std::size_t first, std::size_t actual) {
  auto min = integer_parameter(type, first, 0);
  auto max = integer_parameter(type, first + 1, std::numeric_limits<std::int64_t>::max());
  std::string expected =
      min == max                                        ? std::to_string(min)
      : max == std::numeric_limits<std::int64_t>::max() ? "at least " + std::to_string(min)
      : min == 0                                        ? "at most " + std::to_string(max)
                 : "between " + std::to_string(min) + " and " + std::to_string(max);
  return "expects size to be " + expected + ", got " + std::to_string(actual);
}

}  // namespace

namespace {

/// The data types by their lowercased names: the evaluator asks for every type name it meets
/// (a linear scan of the 41 names with a case-blind compare of each was ~1.5 % of a compile).
struct DataTypeIndex {
  static constexpr std::size_t kLongest = 11;  // "SemVerRange", "Collection"
  std::unordered_map<std::string_view, std::string_view> by_lowercase;
  std::vector<std::string> lowered;
  DataTypeIndex() {
    lowered.reserve(std::size(kDataTypes));
    for (std::string_view name : kDataTypes) {
      std::string& lower = lowered.emplace_back(name);
      for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      by_lowercase.emplace(lower, name);
    }
  }
  std::string_view find(std::string_view name) const {
    if (name.size() < 3 || name.size() > kLongest) return {};
    char buffer[kLongest];
    for (std::size_t i = 0; i < name.size(); ++i)
      buffer[i] = static_cast<char>(std::tolower(static_cast<unsigned char>(name[i])));
    auto found = by_lowercase.find(std::string_view(buffer, name.size()));
    return found == by_lowercase.end() ? std::string_view() : found->second;
  }
};

const DataTypeIndex& data_type_index() {
  static const DataTypeIndex index;
  return index;
}

}  // namespace

bool is_data_type_name(std::string_view name) {
  if (name.empty() || name[0] < 'A' || name[0] > 'Z') return false;
  return data_type_index().find(name) == name;
}

std::string_view canonical_data_type_name(std::string_view name) {
  return data_type_index().find(name);
}

TypeValue make_type(std::string name, std::vector<Value> parameters) {
  while (!parameters.empty() && parameters.back().is_default()) parameters.pop_back();
  if (name == "Enum") {
    // Arrays among the parameters give their strings: Enum[['a', 'b'], 'c'] is Enum['a', 'b', 'c'].
    std::vector<Value> flat;
    for (Value& p : parameters) {
      if (!p.is_array()) {
        flat.push_back(std::move(p));
        continue;
      }
      for (const Value& item : p.array()) flat.push_back(item);
    }
    parameters = std::move(flat);
    // Puppet keeps an Enum's strings sorted and unique: Enum['b', 'a'] is Enum['a', 'b'].
    auto strings_end = std::stable_partition(parameters.begin(), parameters.end(),
                                             [](const Value& p) { return p.is_string(); });
    auto by_text = [](const Value& a, const Value& b) { return a.string() < b.string(); };
    std::sort(parameters.begin(), strings_end, by_text);
    auto same = [](const Value& a, const Value& b) { return a.string() == b.string(); };
    parameters.erase(std::unique(parameters.begin(), strings_end, same), strings_end);
  }
  if (name == "Float") {
    // Puppet's Float range holds floats: Float[1, 2.5] is Float[1.0, 2.5].
    for (Value& bound : parameters)
      if (bound.is_integer()) bound = Value(static_cast<double>(bound.integer()));
  }
  return TypeValue{std::move(name), std::move(parameters)};
}

const TypeValue& resolved(const TypeValue& type) {
  static const TypeValue any{"Any", {}};
  const TypeValue* current = &type;
  for (int depth = 0; depth < 64; ++depth) {
    if (current->alias.expired()) return *current;
    auto target = current->alias.lock();
    if (!target || !target->type.is_type()) return any;  // not resolved yet
    current = &target->type.type();
  }
  return any;
}

namespace {

bool matches_tuple(const Array& items, const TypeValue& type) {
  std::vector<const TypeValue*> types;
  std::vector<std::int64_t> sizes;
  for (const Value& p : type.parameters) {
    if (p.is_type()) types.push_back(&p.type());
    if (p.is_integer()) sizes.push_back(p.integer());
  }
  auto min = sizes.empty() ? static_cast<std::int64_t>(types.size()) : sizes[0];
  auto max = sizes.size() > 1 ? sizes[1]
             : sizes.empty()  ? static_cast<std::int64_t>(types.size())
                              : std::numeric_limits<std::int64_t>::max();
  auto n = static_cast<std::int64_t>(items.size());
  if (n < min || n > max) return false;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (types.empty()) break;
    if (!matches(items[i], *types[std::min(i, types.size() - 1)])) return false;
  }
  return true;
}

/// Struct keys are strings, or Optional['k'] / NotUndef['k'] types naming the key.
std::pair<std::string, bool> struct_key(const Value& key) {
  if (key.is_type() && !key.type().parameters.empty())
    return {to_string(key.type().parameters[0]), key.type().name == "Optional"};
  return {to_string(key), false};
}

bool matches_struct(const Hash& value, const TypeValue& type) {
  if (type.parameters.empty() || !type.parameters[0].is_hash()) return true;
  const Hash& schema = type.parameters[0].hash();
  for (const auto& [key, field] : schema) {
    if (!field.is_type()) continue;
    auto [field_name, optional] = struct_key(key);
    const Value* present = hash_find(value, Value(field_name));
    if (!present && (optional || matches(Value(), field.type()))) continue;
    if (!matches(present ? *present : Value(), field.type())) return false;
  }
  return std::all_of(value.begin(), value.end(), [&](const auto& e) {
    return std::any_of(schema.begin(), schema.end(), [&](const auto& field) {
      return e.first.is_string() && struct_key(field.first).first == e.first.string();
    });
  });
}

bool in_float_range(double x, const TypeValue& type) {
  if (!type.parameters.empty() && type.parameters[0].is_number() && x < type.parameters[0].number())
    return false;
  return !(type.parameters.size() > 1 && type.parameters[1].is_number() &&
           x > type.parameters[1].number());
}

}  // namespace

bool matches(const Value& value, const TypeValue& declared) {
  const TypeValue& type = resolved(declared);
  // A view: each comparison below checks the length first instead of calling compare().
  std::string_view name = type.name;
  if (name == "Any") return true;
  if (name == "Undef") return value.is_undef();
  if (name == "Default") return value.is_default();
  if (name == "NotUndef") {
    if (value.is_undef()) return false;
    const TypeValue* inner = type_parameter(type, 0);
    if (!inner && !type.parameters.empty() && type.parameters[0].is_string())
      return value.is_string() && value.string() == type.parameters[0].string();
    return !inner || matches(value, *inner);
  }
  if (name == "Optional") {
    if (value.is_undef()) return true;
    const TypeValue* inner = type_parameter(type, 0);
    if (!inner && !type.parameters.empty() && type.parameters[0].is_string())
      return value.is_string() && value.string() == type.parameters[0].string();
    return !inner || matches(value, *inner);
  }
  if (name == "Variant") {
    return std::any_of(type.parameters.begin(), type.parameters.end(),
                       [&](const Value& p) { return p.is_type() && matches(value, p.type()); });
  }
  if (name.starts_with('#') || is_runtime_value(value)) return runtime_value_matches(value, type);
  if (name == "Sensitive") {
    if (!is_sensitive(value)) return false;
    const TypeValue* inner = type_parameter(type, 0);
    return !inner || matches(value.type().parameters[0], *inner);
  }
  if (is_sensitive(value)) return name == "RichData";
  if (name == "String")  // in characters, as Ruby counts them
    return value.is_string() &&
           (type.parameters.empty() ||
            in_size_range(ruby_length(value.string(), value.is_ascii_8bit()), type, 0));
  if (name == "Integer") {
    if (!value.is_integer()) return false;
    auto min = integer_parameter(type, 0, std::numeric_limits<std::int64_t>::min());
    auto max = integer_parameter(type, 1, std::numeric_limits<std::int64_t>::max());
    return value.integer() >= min && value.integer() <= max;
  }
  if (name == "Float") return value.is_float() && in_float_range(value.number(), type);
  if (name == "Numeric") return value.is_number() && in_float_range(value.number(), type);
  if (name == "Boolean")
    return value.is_boolean() && (type.parameters.empty() || !type.parameters[0].is_boolean() ||
                                  type.parameters[0].boolean() == value.boolean());
  if (name == "Regexp") {
    if (!value.is_regexp()) return false;
    if (type.parameters.empty()) return true;
    const Value& p = type.parameters[0];
    return p.is_regexp() ? p.regexp().pattern == value.regexp().pattern
                         : p.is_string() && p.string() == value.regexp().pattern;
  }
  if (name == "Scalar") return is_scalar(value);
  if (name == "ScalarData") return value.is_string() || value.is_number() || value.is_boolean();
  if (name == "Data") return is_data(value);
  if (name == "RichData") return true;
  if (name == "Collection")
    return (value.is_array() && in_size_range(value.array().size(), type, 0)) ||
           (value.is_hash() && in_size_range(value.hash().size(), type, 0));
  if (name == "Iterable") {
    const TypeValue* element = type_parameter(type, 0);
    if (value.is_type()) {  // Integer[1, 5] and Enum[a, b] iterate their values
      const TypeValue& t = resolved(value.type());
      if (t.name == "Enum")
        return !t.parameters.empty() && (!element || matches(t.parameters[0], *element));
      return t.name == "Integer" && t.parameters.size() == 2 && t.parameters[0].is_integer() &&
             t.parameters[1].is_integer() && (!element || matches(t.parameters[0], *element));
    }
    if (!element || !(value.is_array() || value.is_hash() || value.is_string()))
      return value.is_array() || value.is_hash() || value.is_string() || value.is_integer();
    // Iterable[T]: what iterating gives is of T (an array's items, a hash's [key, value]).
    if (value.is_array())
      return std::all_of(value.array().begin(), value.array().end(),
                         [&](const Value& x) { return matches(x, *element); });
    if (value.is_hash())
      return std::all_of(value.hash().begin(), value.hash().end(), [&](const auto& e) {
        return matches(Value(Array{e.first, e.second}), *element);
      });
    return value.string().empty() || matches(Value(value.string().substr(0, 1)), *element);
  }
  if (name == "Type") {
    if (!value.is_type()) return false;
    const TypeValue* inner = type_parameter(type, 0);
    return !inner || is_assignable(value.type(), *inner);
  }
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
  if (name == "Tuple") return value.is_array() && matches_tuple(value.array(), type);
  if (name == "Struct") return value.is_hash() && matches_struct(value.hash(), type);
  if (name == "Enum") {
    if (!value.is_string()) return false;
    return std::any_of(type.parameters.begin(), type.parameters.end(), [&](const Value& p) {
      return p.is_string() && p.string() == value.string();
    });
  }
  if (name == "Pattern") {
    if (!value.is_string()) return false;
    return std::any_of(type.parameters.begin(), type.parameters.end(), [&](const Value& p) {
      if (p.is_regexp())
        return rubyish::regex_search_bounded(value.string(), *p.regexp().compiled).has_value();
      if (p.is_string())
        return rubyish::regex_search_bounded(value.string(),
                                             rubyish::compile_ruby_regex(p.string()))
            .has_value();
      return false;
    });
  }
  // Resource types (File, Class, Resource): no value is a resource, references are types.
  return false;
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
  if (is_runtime_value(value)) return runtime_type_name(value.type());
  return "Type";
}

/// The value as Puppet's PatternMismatch names it: a string quoted, else its type's name.
std::string pattern_actual(const Value& value) {
  return value.is_string() ? "'" + value.string() + "'" : type_name_of(value);
}

bool is_pattern_type(const TypeValue& type) {
  return type.name == "Enum" || type.name == "Pattern";
}

std::string describe_mismatch(const TypeValue& declared, const Value& value) {
  const TypeValue& type = resolved(declared);
  // Puppet's PatternMismatch: an Enum or Pattern (or an Optional of one) is "a match for" it,
  // and so is a Variant whose first type is one (its members' mismatches merged into the
  // first's kind), for a value that is no collection.
  if (is_pattern_type(type))
    return "expects a match for " + type_to_string(declared) + ", got " + pattern_actual(value);
  if (type.name == "Optional" && !value.is_undef()) {
    const TypeValue* inner = type_parameter(type, 0);
    if (inner && inner->alias.expired() && is_pattern_type(*inner))
      return "expects an undef value or a match for " + type_to_string(*inner) + ", got " +
             pattern_actual(value);
  }
  if (type.name == "Variant" && !value.is_array() && !value.is_hash() && declared.alias.expired() &&
      !type.parameters.empty() && type.parameters[0].is_type() &&
      type.parameters[0].type().alias.expired() && is_pattern_type(type.parameters[0].type()))
    return "expects a match for " + type_to_string(type) + ", got " + pattern_actual(value);
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
  if (type.name == "Array" && value.is_array()) {
    const TypeValue* element = type_parameter(type, 0);
    const Array& items = value.array();
    if (!in_size_range(items.size(), type, element ? 1 : 0))
      return size_mismatch(type, element ? 1 : 0, items.size());
    for (std::size_t i = 0; element && i < items.size(); ++i)
      if (!matches(items[i], *element))
        return "index " + std::to_string(i) + " " + describe_mismatch(*element, items[i]);
  }
  if (type.name == "Tuple" && value.is_array()) {
    std::vector<const TypeValue*> types;
    for (const Value& p : type.parameters)
      if (p.is_type()) types.push_back(&p.type());
    const Array& items = value.array();
    if (!types.empty() && !matches(value, type)) {
      for (std::size_t i = 0; i < items.size(); ++i) {
        const TypeValue& expected = *types[std::min(i, types.size() - 1)];
        if (!matches(items[i], expected))
          return "index " + std::to_string(i) + " " + describe_mismatch(expected, items[i]);
      }
      if (type.parameters.size() == types.size())
        return "expects size to be " + std::to_string(types.size()) + ", got " +
               std::to_string(items.size());
      return size_mismatch(type, types.size(), items.size());
    }
  }
  if (type.name == "Hash" && value.is_hash()) {
    const TypeValue* key = type_parameter(type, 0);
    const TypeValue* item = type_parameter(type, 1);
    const Hash& entries = value.hash();
    if (!in_size_range(entries.size(), type, key && item ? 2 : 0))
      return size_mismatch(type, key && item ? 2 : 0, entries.size());
    for (const auto& [k, v] : entries) {
      if (key && !matches(k, *key))
        return "key of entry '" + to_string(k) + "' " + describe_mismatch(*key, k);
      if (item && !matches(v, *item))
        return "entry '" + to_string(k) + "' " + describe_mismatch(*item, v);
    }
  }
  if (type.name == "Struct" && value.is_hash() && !type.parameters.empty() &&
      type.parameters[0].is_hash()) {
    const Hash& schema = type.parameters[0].hash();
    for (const auto& [key, field] : schema) {
      auto [name, optional] = struct_key(key);
      const Value* present = hash_find(value.hash(), Value(name));
      if (!present && !optional && field.is_type() && !matches(Value(), field.type()))
        return "expects a value for key '" + name + "'";
      if (present && field.is_type() && !matches(*present, field.type()))
        return "entry '" + name + "' " + describe_mismatch(field.type(), *present);
    }
    for (const auto& [k, v] : value.hash())
      if (std::none_of(schema.begin(), schema.end(), [&, &k = k](const auto& field) {
            return k.is_string() && struct_key(field.first).first == k.string();
          }))
        return "unrecognized key '" + to_string(k) + "'";
  }
  std::string actual = type_name_of(value);
  if (actual == type.name && value.is_integer())
    actual += "[" + std::to_string(value.integer()) + ", " + std::to_string(value.integer()) + "]";
  // A value of another kind is told the kind expected, without its parameters.
  static constexpr std::string_view kGeneralised[] = {"Integer", "Float", "Numeric",
                                                      "String",  "Array", "Hash"};
  if (type_name_of(value) != type.name && declared.alias.expired() &&
      std::find(std::begin(kGeneralised), std::end(kGeneralised), type.name) !=
          std::end(kGeneralised))
    return "expects " + article(type.name) + " value, got " + actual;
  return "expects " + article(type_to_string(declared)) + " value, got " + actual;
}

std::vector<std::string> describe_mismatches(const TypeValue& declared, const Value& value) {
  const TypeValue& type = resolved(declared);
  if (type.name != "Struct" || !value.is_hash() || type.parameters.empty() ||
      !type.parameters[0].is_hash())
    return {describe_mismatch(declared, value)};
  std::vector<std::string> out;
  const Hash& schema = type.parameters[0].hash();
  for (const auto& [key, field] : schema) {
    auto [name, optional] = struct_key(key);
    const Value* present = hash_find(value.hash(), Value(name));
    if (!present && !optional && field.is_type() && !matches(Value(), field.type()))
      out.push_back("expects a value for key '" + name + "'");
    if (present && field.is_type() && !matches(*present, field.type()))
      for (const std::string& reason : describe_mismatches(field.type(), *present))
        out.push_back("entry '" + name + "' " + reason);
  }
  for (const auto& [k, v] : value.hash())
    if (std::none_of(schema.begin(), schema.end(), [&, &k = k](const auto& field) {
          return k.is_string() && struct_key(field.first).first == k.string();
        }))
      out.push_back("unrecognized key '" + to_string(k) + "'");
  if (out.empty()) out.push_back(describe_mismatch(declared, value));
  return out;
}

}  // namespace marionette::compiler
