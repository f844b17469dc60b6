#include <algorithm>
#include <limits>

#include "compiler/object_types.hpp"
#include "compiler/string_encoding.hpp"
#include "compiler/types.hpp"

namespace marionette::compiler {

namespace {

constexpr auto kInfinity = std::numeric_limits<double>::infinity();

/// A range given by two parameters from `first` (`Integer[1, 5]`, the size of `String[1]`).
struct Range {
  double low = -kInfinity, high = kInfinity;
  bool within(const Range& outer) const { return low >= outer.low && high <= outer.high; }
};

Range range_at(const TypeValue& type, std::size_t first, double default_low) {
  Range r{default_low, kInfinity};
  if (type.parameters.size() > first && type.parameters[first].is_number())
    r.low = type.parameters[first].number();
  if (type.parameters.size() > first + 1 && type.parameters[first + 1].is_number())
    r.high = type.parameters[first + 1].number();
  return r;
}

const TypeValue* type_at(const TypeValue& type, std::size_t index) {
  return index < type.parameters.size() && type.parameters[index].is_type()
             ? &type.parameters[index].type()
             : nullptr;
}

bool is_one_of(const std::string& name, std::initializer_list<const char*> names) {
  return std::any_of(names.begin(), names.end(), [&](const char* n) { return name == n; });
}

const TypeValue& any_type() {
  static const TypeValue any{"Any", {}};
  return any;
}

/// Array[E, min, max] as (element, size); `Array[0, 0]` (an empty array's type) has no element.
std::pair<const TypeValue*, Range> array_parts(const TypeValue& array) {
  const TypeValue* element = type_at(array, 0);
  return {element, range_at(array, element ? 1 : 0, 0)};
}

/// Tuple[T1, ..., Tn, min, max] as (types, size).
std::pair<std::vector<const TypeValue*>, Range> tuple_parts(const TypeValue& tuple) {
  std::vector<const TypeValue*> types;
  for (const Value& p : tuple.parameters)
    if (p.is_type()) types.push_back(&p.type());
  Range size = range_at(tuple, types.size(), static_cast<double>(types.size()));
  if (tuple.parameters.size() == types.size()) size.high = static_cast<double>(types.size());
  return {types, size};
}

/// Struct[{k => T}] as its (key, type, optional) fields.
struct Field {
  Value key;
  const TypeValue* type;
  bool optional;
};
std::vector<Field> struct_fields(const TypeValue& type) {
  std::vector<Field> fields;
  if (type.parameters.empty() || !type.parameters[0].is_hash()) return fields;
  for (const auto& [key, item] : type.parameters[0].hash()) {
    if (!item.is_type()) continue;
    bool optional = matches(Value(), item.type());
    Value name = key;
    if (key.is_type() && !key.type().parameters.empty()) {
      optional = key.type().name == "Optional";
      name = key.type().parameters[0];
    }
    fields.push_back({name, &item.type(), optional});
  }
  return fields;
}

bool element_assignable(const TypeValue* from, const TypeValue* to) {
  return !to || is_assignable(from ? *from : any_type(), *to);
}

bool assignable_to_data(const TypeValue& from);

bool assignable_to_array(const TypeValue& from, const TypeValue& to) {
  auto [element, size] = array_parts(to);
  if (from.name == "Array") {
    auto [from_element, from_size] = array_parts(from);
    if (!from_size.within(size)) return false;
    if (from_size.high == 0) return true;  // empty: any element type
    return element_assignable(from_element, element);
  }
  if (from.name == "Tuple") {
    auto [types, from_size] = tuple_parts(from);
    return from_size.within(size) &&
           std::all_of(types.begin(), types.end(), [&, &element = element](const TypeValue* t) {
             return element_assignable(t, element);
           });
  }
  return false;
}

bool assignable_to_hash(const TypeValue& from, const TypeValue& to) {
  const TypeValue* key = type_at(to, 0);
  const TypeValue* item = type_at(to, 1);
  Range size = range_at(to, key && item ? 2 : 0, 0);
  if (from.name == "Hash") {
    const TypeValue* from_key = type_at(from, 0);
    const TypeValue* from_item = type_at(from, 1);
    Range from_size = range_at(from, from_key && from_item ? 2 : 0, 0);
    if (!from_size.within(size)) return false;
    if (from_size.high == 0) return true;
    return element_assignable(from_key, key) && element_assignable(from_item, item);
  }
  if (from.name == "Struct") {
    auto fields = struct_fields(from);
    double required = static_cast<double>(
        std::count_if(fields.begin(), fields.end(), [](const Field& f) { return !f.optional; }));
    if (!Range{required, static_cast<double>(fields.size())}.within(size)) return false;
    return std::all_of(fields.begin(), fields.end(), [&](const Field& f) {
      return (!key || matches(f.key, *key)) && element_assignable(f.type, item);
    });
  }
  return false;
}

bool assignable_to_struct(const TypeValue& from, const TypeValue& to) {
  if (from.name != "Struct") return false;
  auto from_fields = struct_fields(from);
  auto to_fields = struct_fields(to);
  auto find = [](const std::vector<Field>& fields, const Value& key) {
    return std::find_if(fields.begin(), fields.end(),
                        [&](const Field& f) { return equals(f.key, key); });
  };
  for (const Field& f : from_fields)
    if (find(to_fields, f.key) == to_fields.end()) return false;
  return std::all_of(to_fields.begin(), to_fields.end(), [&](const Field& t) {
    auto found = find(from_fields, t.key);
    if (found == from_fields.end()) return t.optional;
    return is_assignable(*found->type, *t.type) && (t.optional || !found->optional);
  });
}

bool assignable_to_tuple(const TypeValue& from, const TypeValue& to) {
  if (from.name != "Tuple") return false;
  auto [from_types, from_size] = tuple_parts(from);
  auto [to_types, to_size] = tuple_parts(to);
  if (!from_size.within(to_size) || to_types.empty()) return from_size.within(to_size);
  for (std::size_t i = 0; i < from_types.size(); ++i)
    if (!is_assignable(*from_types[i], *to_types[std::min(i, to_types.size() - 1)])) return false;
  return true;
}

bool assignable_to_string(const TypeValue& from, const TypeValue& to) {
  Range size = range_at(to, 0, 0);
  if (from.name == "String") return range_at(from, 0, 0).within(size);
  if (from.name == "Enum")
    return std::all_of(from.parameters.begin(), from.parameters.end(), [&](const Value& p) {
      if (!p.is_string()) return true;
      double n = static_cast<double>(ruby_length(p.string()));
      return n >= size.low && n <= size.high;
    });
  return from.name == "Pattern" && to.parameters.empty();
}

bool is_scalar_data_type(const std::string& name) {
  return is_one_of(
      name, {"Integer", "Float", "Numeric", "String", "Enum", "Pattern", "Boolean", "ScalarData"});
}

bool assignable_to_data(const TypeValue& from) {
  if (is_scalar_data_type(from.name) || from.name == "Undef" || from.name == "Data") return true;
  TypeValue data{"Data", {}};
  if (from.name == "Array" && !type_at(from, 0)) return range_at(from, 0, 0).high == 0;
  if (from.name == "Array" || from.name == "Tuple" || from.name == "Optional" ||
      from.name == "NotUndef") {
    return std::all_of(from.parameters.begin(), from.parameters.end(), [&](const Value& p) {
      return !p.is_type() || is_assignable(p.type(), data);
    });
  }
  if (from.name == "Hash") {
    const TypeValue* key = type_at(from, 0);
    const TypeValue* item = type_at(from, 1);
    if (!key) return range_at(from, 0, 0).high == 0;
    return is_assignable(*key, TypeValue{"String", {}}) && is_assignable(*item, data);
  }
  if (from.name == "Struct") {
    auto fields = struct_fields(from);
    return std::all_of(fields.begin(), fields.end(),
                       [&](const Field& f) { return is_assignable(*f.type, data); });
  }
  return false;
}

bool assignable_resolved(const TypeValue& from, const TypeValue& to) {
  const std::string& f = from.name;
  const std::string& t = to.name;
  if (t == "Any") return true;
  if (f == "Variant")
    return std::all_of(from.parameters.begin(), from.parameters.end(),
                       [&](const Value& p) { return !p.is_type() || is_assignable(p.type(), to); });
  if (t == "Variant")
    return std::any_of(to.parameters.begin(), to.parameters.end(), [&](const Value& p) {
      return p.is_type() && is_assignable(from, p.type());
    });
  if (t == "Optional") {
    if (f == "Undef") return true;
    const TypeValue* inner = type_at(to, 0);
    if (!inner) return true;
    if (f == "Optional") return element_assignable(type_at(from, 0), inner);
    return is_assignable(from, *inner);
  }
  if (t == "NotUndef") {
    if (f == "Undef" || f == "Optional" || f == "Any") return false;
    return element_assignable(&from, type_at(to, 0));
  }
  if (f == "NotUndef") return element_assignable(type_at(from, 0), &to);
  if (f == "Optional")
    return is_assignable(TypeValue{"Undef", {}}, to) && element_assignable(type_at(from, 0), &to);
  if (t == "Object") return object_type_assignable(from, to);
  if (t == "Data") return assignable_to_data(from);
  if (t == "RichData") return !is_one_of(f, {"Callable", "Iterator", "Runtime", "Any"});
  if (t == "Scalar")
    return is_scalar_data_type(f) ||
           is_one_of(f, {"Regexp", "Scalar", "SemVer", "Timestamp", "Timespan"});
  if (t == "ScalarData") return is_scalar_data_type(f);
  if (t == "Integer" || t == "Float" || t == "Numeric") {
    bool kind = f == t || (t == "Numeric" && (f == "Integer" || f == "Float"));
    return kind && range_at(from, 0, -kInfinity).within(range_at(to, 0, -kInfinity));
  }
  if (t == "String") return assignable_to_string(from, to);
  if (t == "Enum") {
    if (f != "Enum") return false;
    if (to.parameters.empty()) return true;
    return !from.parameters.empty() && std::all_of(from.parameters.begin(), from.parameters.end(),
                                                   [&](const Value& p) { return matches(p, to); });
  }
  if (t == "Pattern") {
    if (to.parameters.empty())
      return is_one_of(f, {"Pattern", "Enum", "String"}) && (f != "String");
    if (f == "Enum")
      return std::all_of(from.parameters.begin(), from.parameters.end(),
                         [&](const Value& p) { return matches(p, to); });
    return f == "Pattern" && equals(Value(from), Value(to));
  }
  if (t == "Array") return assignable_to_array(from, to);
  if (t == "Hash") return assignable_to_hash(from, to);
  if (t == "Tuple") return assignable_to_tuple(from, to);
  if (t == "Struct") return assignable_to_struct(from, to);
  if (t == "Collection") {
    Range size = range_at(to, 0, 0);
    if (f == "Array") return array_parts(from).second.within(size);
    if (f == "Tuple") return tuple_parts(from).second.within(size);
    if (f == "Hash") return assignable_to_hash(from, TypeValue{"Hash", to.parameters});
    if (f == "Struct") return assignable_to_hash(from, TypeValue{"Hash", to.parameters});
    return f == "Collection" && range_at(from, 0, 0).within(size);
  }
  if (t == "Iterable")
    return is_one_of(f, {"Array", "Hash", "Tuple", "Struct", "String", "Enum", "Pattern",
                         "Iterable", "Iterator", "Collection"});
  if (t == "Type") {
    if (f != "Type") return false;
    return element_assignable(type_at(from, 0), type_at(to, 0));
  }
  if (t == "Resource") return !is_data_type_name(f);
  // Resources and classes (File, File['/a'], Class[a]) are the catalog's entries.
  if (t == "CatalogEntry") return f == t || !is_data_type_name(f);
  if (f == t) return to.parameters.empty() || equals(Value(from), Value(to));
  return false;
}

thread_local int assignability_depth = 0;

}  // namespace

bool is_assignable(const TypeValue& from, const TypeValue& to) {
  if (assignability_depth > 32) return true;  // a recursive alias against itself
  ++assignability_depth;
  bool result = assignable_resolved(resolved(from), resolved(to));
  --assignability_depth;
  return result;
}

}  // namespace marionette::compiler
