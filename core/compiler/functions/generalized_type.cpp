#include "compiler/functions/generalized_type.hpp"

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "compiler/functions/ruby_format.hpp"
#include "compiler/object_types.hpp"
#include "compiler/resource_table.hpp"
#include "compiler/runtime_values.hpp"
#include "compiler/types.hpp"

namespace marionette::compiler {
namespace {

/// What Puppet's inference knows of a value before generalizing: for a string its text (or,
/// once reduced with other strings, their range of lengths), for a collection its items' type.
struct Inferred {
  enum class Kind {
    Integer,
    Float,
    Numeric,
    String,
    Boolean,
    Undef,
    Default,
    Regexp,
    Array,
    Hash,
    ScalarData,
    Scalar,
    Data,
    RichData,
    Type,
    Other,
  };
  Kind kind = Kind::RichData;
  std::optional<std::string> text;            ///< String: the one text it holds
  std::size_t shortest = 0, longest = 0;      ///< String: lengths, in characters
  bool truth = false;                         ///< Boolean
  std::optional<Value> regexp;                ///< Regexp: the one pattern it holds
  std::shared_ptr<const Inferred> item, key;  ///< Array and Hash items (none: empty), Type's
  TypeValue type;                             ///< Other: the type itself
  // What only the reduced type (Puppet's infer, not generalized) prints:
  std::vector<std::string> texts;   ///< String: the texts it may hold (none: only lengths known)
  Value low, high;                  ///< Integer, Float: the range of values
  std::optional<std::size_t> size;  ///< Array, Hash: the number of entries, when one is known
  std::optional<TypeValue> exact;   ///< Type: the type itself; Other: the value's own type
};
using Kind = Inferred::Kind;

Inferred of(Kind kind) {
  Inferred inferred;
  inferred.kind = kind;
  return inferred;
}

bool is_scalar_data(Kind kind) {
  return kind == Kind::Integer || kind == Kind::Float || kind == Kind::Numeric ||
         kind == Kind::String || kind == Kind::Boolean || kind == Kind::ScalarData;
}
bool is_scalar(Kind kind) {
  return is_scalar_data(kind) || kind == Kind::Regexp || kind == Kind::Scalar;
}
bool is_data(const Inferred& inferred) {
  switch (inferred.kind) {
    case Kind::Undef:
    case Kind::Data:
      return true;
    case Kind::Array:
      return !inferred.item || is_data(*inferred.item);
    case Kind::Hash:
      return !inferred.item || (is_data(*inferred.key) && is_data(*inferred.item));
    default:
      return is_scalar_data(inferred.kind);
  }
}
bool is_numeric(Kind kind) {
  return kind == Kind::Integer || kind == Kind::Float || kind == Kind::Numeric;
}

TypeValue generalize(const Inferred& inferred);
TypeValue reduce(const Inferred& inferred);

Inferred common(const Inferred& a, const Inferred& b);

std::shared_ptr<const Inferred> common_items(const std::shared_ptr<const Inferred>& a,
                                             const std::shared_ptr<const Inferred>& b) {
  if (!a) return b;
  if (!b) return a;
  return std::make_shared<const Inferred>(common(*a, *b));
}

/// TypeCalculator#common_type, for the types inference makes.
Inferred common(const Inferred& a, const Inferred& b) {
  if (a.kind == Kind::Undef) return b;
  if (b.kind == Kind::Undef) return a;
  if (a.kind == b.kind) {
    switch (a.kind) {
      case Kind::String: {
        if (a.text && b.text && *a.text == *b.text) return a;
        Inferred range = of(Kind::String);
        range.shortest = std::min(a.shortest, b.shortest);
        range.longest = std::max(a.longest, b.longest);
        if (!a.texts.empty() && !b.texts.empty()) {  // Puppet's Enum of them
          range.texts = a.texts;
          for (const std::string& text : b.texts)
            if (std::find(range.texts.begin(), range.texts.end(), text) == range.texts.end())
              range.texts.push_back(text);
        }
        return range;
      }
      case Kind::Integer:
      case Kind::Float: {
        Inferred range = of(a.kind);
        if (a.low.is_undef() || b.low.is_undef()) return range;
        auto less = [](const Value& x, const Value& y) {
          return x.is_integer() ? x.integer() < y.integer() : x.number() < y.number();
        };
        range.low = less(b.low, a.low) ? b.low : a.low;
        range.high = less(a.high, b.high) ? b.high : a.high;
        return range;
      }
      case Kind::Boolean:
        return a.truth == b.truth ? a : of(Kind::ScalarData);
      case Kind::Regexp:
        return a.regexp && b.regexp && a.regexp->regexp().pattern == b.regexp->regexp().pattern
                   ? a
                   : of(Kind::Regexp);
      case Kind::Array:
      case Kind::Hash: {
        Inferred out = of(a.kind);
        out.item = common_items(a.item, b.item);
        out.key = common_items(a.key, b.key);
        // The same type twice is that type; else the sizes are dropped.
        if (a.size == b.size && to_string(Value(reduce(a))) == to_string(Value(reduce(b))))
          out.size = a.size;
        return out;
      }
      case Kind::Type: {
        Inferred out = of(Kind::Type);
        out.item = common_items(a.item, b.item);
        return out;
      }
      case Kind::Other: {
        if (to_string(Value(a.type)) == to_string(Value(b.type))) {
          Inferred out = a;
          if (a.exact && (!b.exact || to_string(Value(*a.exact)) != to_string(Value(*b.exact))))
            out.exact.reset();
          return out;
        }
        if (auto common = common_object_type(a.type, b.type)) {  // Kid and Person: Person
          Inferred out = of(Kind::Other);
          out.type = std::move(*common);
          return out;
        }
        // Resource types: File['a'] and File['b'] have File in common, File and Notify Resource.
        auto resource = [](const TypeValue& t) {
          return !is_data_type_name(t.name) && !t.name.starts_with('#') && t.alias.expired();
        };
        if (!resource(a.type) || !resource(b.type)) return of(Kind::RichData);
        Inferred out = of(Kind::Other);
        const bool classes = a.type.name == "Class", other_classes = b.type.name == "Class";
        out.type = {a.type.name == b.type.name ? a.type.name
                    : classes != other_classes ? std::string("CatalogEntry")
                                               : std::string("Resource"),
                    {}};
        return out;
      }
      default:
        return a;
    }
  }
  if (is_numeric(a.kind) && is_numeric(b.kind)) return of(Kind::Numeric);
  if (is_scalar_data(a.kind) && is_scalar_data(b.kind)) return of(Kind::ScalarData);
  if (is_scalar(a.kind) && is_scalar(b.kind)) return of(Kind::Scalar);
  if (is_data(a) && is_data(b)) return of(Kind::Data);
  return of(Kind::RichData);
}

TypeValue generalize_type(const TypeValue& type);

/// What inference knows of a type's own (generalized) type, to find the common type of types.
Inferred inferred_from_type(const TypeValue& type) {
  static const std::pair<const char*, Kind> kNamed[] = {
      {"Integer", Kind::Integer}, {"Float", Kind::Float},           {"Numeric", Kind::Numeric},
      {"Boolean", Kind::Boolean}, {"Undef", Kind::Undef},           {"Default", Kind::Default},
      {"Regexp", Kind::Regexp},   {"ScalarData", Kind::ScalarData}, {"Scalar", Kind::Scalar},
      {"Data", Kind::Data},       {"RichData", Kind::RichData},
  };
  if (type.parameters.empty())
    for (const auto& [name, kind] : kNamed)
      if (type.name == name) return of(kind);
  if (type.name == "String" && type.parameters.size() == 2 && type.parameters[0].is_integer() &&
      type.parameters[1].is_integer()) {
    Inferred range = of(Kind::String);
    range.shortest = static_cast<std::size_t>(type.parameters[0].integer());
    range.longest = static_cast<std::size_t>(type.parameters[1].integer());
    return range;
  }
  if (type.name == "String" && type.parameters.empty()) {
    Inferred text = of(Kind::String);
    text.text = "";  // generalizes to String
    return text;
  }
  Inferred other = of(Kind::Other);
  other.type = type;
  return other;
}

Inferred infer(const Value& value) {
  if (value.is_undef()) return of(Kind::Undef);
  if (is_runtime_value(value, "Resource")) return infer(as_reference(value));  // Type[File['x']]
  if (value.is_integer() || value.is_float()) {
    Inferred number = of(value.is_integer() ? Kind::Integer : Kind::Float);
    number.low = number.high = value;
    return number;
  }
  if (value.is_default()) return of(Kind::Default);
  if (value.is_boolean()) {
    Inferred boolean = of(Kind::Boolean);
    boolean.truth = value.boolean();
    return boolean;
  }
  if (value.is_string()) {
    Inferred text = of(Kind::String);
    text.text = value.string();
    text.texts = {value.string()};
    text.shortest = text.longest = char_count(value.string());
    return text;
  }
  if (value.is_regexp()) {
    Inferred regexp = of(Kind::Regexp);
    regexp.regexp = value;
    return regexp;
  }
  if (value.is_array()) {
    Inferred array = of(Kind::Array);
    for (const Value& item : value.array())
      array.item = common_items(array.item, std::make_shared<const Inferred>(infer(item)));
    array.size = value.array().size();
    return array;
  }
  if (value.is_hash()) {
    Inferred hash = of(Kind::Hash);
    for (const auto& [key, item] : value.hash()) {
      hash.key = common_items(hash.key, std::make_shared<const Inferred>(infer(key)));
      hash.item = common_items(hash.item, std::make_shared<const Inferred>(infer(item)));
    }
    hash.size = value.hash().size();
    return hash;
  }
  Inferred other = of(Kind::Other);
  if (is_sensitive(value)) {
    other.type = {"Sensitive", {Value(generalized_type(value.type().parameters[0]))}};
  } else if (is_runtime_value(value)) {
    other.type = is_runtime_value(value, "Iterator") || is_runtime_value(value, "Object")
                     ? runtime_value_type(value)
                     : TypeValue{runtime_type_name(value.type()), {}};
    other.exact = detailed_type(value);
  } else if (value.is_type()) {
    Inferred type = of(Kind::Type);
    type.item = std::make_shared<const Inferred>(inferred_from_type(generalize_type(value.type())));
    type.exact = value.type();
    return type;
  } else {
    other.type = {"Any", {}};
  }
  return other;
}

/// PAnyType#generalize for the types a manifest writes: bounds and values dropped, an Enum
/// its strings' lengths, Resource['file'] the type File.
TypeValue generalize_type(const TypeValue& type) {
  static const char* kBounded[] = {"Integer", "Float", "String", "Timespan", "Timestamp"};
  for (const char* name : kBounded)
    if (type.name == name) return {type.name, {}};
  if (type.name == "Enum") {
    std::size_t shortest = std::string::npos, longest = 0;
    for (const Value& item : type.parameters) {
      if (!item.is_string()) continue;
      shortest = std::min(shortest, char_count(item.string()));
      longest = std::max(longest, char_count(item.string()));
    }
    if (longest == 0 && shortest == std::string::npos) return {"String", {}};
    return {
        "String",
        {Value(static_cast<std::int64_t>(shortest)), Value(static_cast<std::int64_t>(longest))}};
  }
  if (type.name == "Resource" && type.parameters.size() == 1 && type.parameters[0].is_string())
    return {capitalize_segments(type.parameters[0].string()), {}};
  const std::vector<Value>& p = type.parameters;
  const auto is_zero = [](const Value& v) { return v.is_integer() && v.integer() == 0; };
  // Array[0, 0] and Hash[0, 0] hold nothing: Array[Unit], Hash[0, 0].
  if (type.name == "Array" && p.size() == 2 && is_zero(p[0]) && is_zero(p[1]))
    return {"Array", {Value(TypeValue{"Unit", {}})}};
  if (type.name == "Hash" && p.size() == 2 && is_zero(p[0]) && is_zero(p[1])) return type;
  if (type.name == "Array" || type.name == "Optional" || type.name == "Variant" ||
      type.name == "Hash" || type.name == "Tuple" || type.name == "NotUndef") {
    TypeValue out{type.name, {}};
    for (const Value& parameter : p) {
      if (parameter.is_type()) {
        out.parameters.push_back(generalize_type(parameter.type()));
      } else if (parameter.is_string() && (type.name == "Optional" || type.name == "NotUndef")) {
        out.parameters.push_back(TypeValue{"String", {}});  // Optional['x'] is Optional[String]
      } else if (type.name == "Tuple") {
        out.parameters.push_back(parameter);  // a Tuple keeps its size
      }
    }
    return out;
  }
  return type;
}

TypeValue generalize(const Inferred& inferred) {
  switch (inferred.kind) {
    case Kind::Integer:
      return {"Integer", {}};
    case Kind::Float:
      return {"Float", {}};
    case Kind::Numeric:
      return {"Numeric", {}};
    case Kind::Boolean:
      return {"Boolean", {}};
    case Kind::Undef:
      return {"Undef", {}};
    case Kind::Default:
      return {"Default", {}};
    case Kind::ScalarData:
      return {"ScalarData", {}};
    case Kind::Scalar:
      return {"Scalar", {}};
    case Kind::Data:
      return {"Data", {}};
    case Kind::RichData:
      return {"RichData", {}};
    case Kind::String:
      if (inferred.text) return {"String", {}};
      return {"String",
              {Value(static_cast<std::int64_t>(inferred.shortest)),
               Value(static_cast<std::int64_t>(inferred.longest))}};
    case Kind::Regexp:
      if (inferred.regexp) return {"Regexp", {*inferred.regexp}};
      return {"Regexp", {}};
    case Kind::Array:
      if (!inferred.item) return {"Array", {Value(TypeValue{"Unit", {}})}};
      return {"Array", {Value(generalize(*inferred.item))}};
    case Kind::Hash:
      if (!inferred.item) return {"Hash", {Value(std::int64_t{0}), Value(std::int64_t{0})}};
      return {"Hash", {Value(generalize(*inferred.key)), Value(generalize(*inferred.item))}};
    case Kind::Type:
      return {"Type", {Value(generalize(*inferred.item))}};
    case Kind::Other:
      return inferred.type;
  }
  return {"Any", {}};
}

/// TypeCalculator#infer's type, reduced but not generalized: values and sizes kept.
TypeValue reduce(const Inferred& inferred) {
  auto sized = [&](TypeValue type) {
    if (inferred.size) {
      const Value count(static_cast<std::int64_t>(*inferred.size));
      type.parameters.push_back(count);
      type.parameters.push_back(count);
    }
    return type;
  };
  switch (inferred.kind) {
    case Kind::Integer:
    case Kind::Float:
      if (inferred.low.is_undef()) return generalize(inferred);
      return {inferred.kind == Kind::Integer ? "Integer" : "Float", {inferred.low, inferred.high}};
    case Kind::Boolean:
      return {"Boolean", {Value(inferred.truth)}};
    case Kind::String: {
      if (inferred.text) return {"String", {}, {}, *inferred.text};
      if (inferred.texts.empty()) return generalize(inferred);
      TypeValue enumeration{"Enum", {}};
      for (const std::string& text : inferred.texts) enumeration.parameters.emplace_back(text);
      return enumeration;
    }
    case Kind::Array:
      if (!inferred.item) return {"Array", {Value(std::int64_t{0}), Value(std::int64_t{0})}};
      return sized({"Array", {Value(reduce(*inferred.item))}});
    case Kind::Hash:
      if (!inferred.item) return {"Hash", {Value(std::int64_t{0}), Value(std::int64_t{0})}};
      return sized({"Hash", {Value(reduce(*inferred.key)), Value(reduce(*inferred.item))}});
    case Kind::Type:
      if (inferred.exact) return {"Type", {Value(*inferred.exact)}};
      return {"Type", {Value(reduce(*inferred.item))}};
    case Kind::Other:
      return inferred.exact ? *inferred.exact : inferred.type;
    default:
      return generalize(inferred);
  }
}

}  // namespace

TypeValue generalized_type(const Value& value) {
  return generalize(infer(value));
}

TypeValue reduced_type(const Value& value) {
  return reduce(infer(value));
}

}  // namespace marionette::compiler
