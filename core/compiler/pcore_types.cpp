// A Type value as Puppet 8's rich data writes it (value_data.hpp's pcore_type_data): the Pcore
// object of its class, {"__ptype": "Pcore::IntegerType", "from": 1, "to": 5}. Each type names its
// attributes in the order of its class's initializer; the trailing attributes that hold their
// default are left out, as Puppet's ToDataConverter leaves them.
#include <algorithm>
#include <cctype>
#include <limits>
#include <vector>

#include "compiler/runtime_values.hpp"
#include "compiler/time_format.hpp"
#include "compiler/types.hpp"
#include "compiler/value_data.hpp"

namespace marionette::compiler {

namespace {

using catalog::Data;

/// An attribute: its name, its value and the value Puppet leaves out when it is the last.
struct Attribute {
  const char* name;
  Data value;
  Data default_value = nullptr;
};

Data pcore_object(std::string_view type_name, std::vector<Attribute> attributes,
                  std::size_t required = 0) {
  while (attributes.size() > required && attributes.back().value == attributes.back().default_value)
    attributes.pop_back();
  Data out{{"__ptype", "Pcore::" + std::string(type_name)}};
  for (Attribute& attribute : attributes) out[attribute.name] = std::move(attribute.value);
  return out;
}

Data any_type_data() {
  return pcore_object("AnyType", {});
}

bool is_range_bound(const Value& value) {
  return value.is_integer() || value.is_default();
}

Data bound(const Value& value) {
  return value.is_number() ? to_data(value) : Data(nullptr);
}

/// Integer[from, to] as a size or a range; a collection's size starts at 0 at least.
Data integer_range(const Value& from, const Value& to, bool collection_size = false) {
  Data lower = bound(from);
  if (collection_size && (!lower.is_number() || lower.get<std::int64_t>() < 0)) lower = 0;
  return pcore_object("IntegerType", {{"from", lower}, {"to", bound(to)}});
}

/// The parameters from `first` as a size range (Array[String, 1, 3]), null without any.
Data size_type(const std::vector<Value>& p, std::size_t first, bool collection_size) {
  if (first >= p.size()) return nullptr;
  return integer_range(p[first], first + 1 < p.size() ? p[first + 1] : Value(Default{}),
                       collection_size);
}

bool is_empty_size(const Data& size) {
  return size.is_object() && size.value("from", Data()) == 0 && size.value("to", Data()) == 0;
}

/// A Timespan or Timestamp type's bound as its rich value ({"__ptype": "Timespan", ...}).
Data time_bound(std::string_view kind, const Value& value) {
  if (value.is_default() || value.is_undef()) return nullptr;
  if (is_runtime_value(value)) return to_data(value, DataForm::rich);
  std::string text;
  if (kind == "Timespan") {
    std::optional<std::int64_t> nanoseconds;
    if (value.is_integer()) nanoseconds = value.integer() * kNanosPerSecond;
    if (value.is_float()) nanoseconds = static_cast<std::int64_t>(value.number() * 1e9);
    for (std::string_view format : kDefaultTimespanFormats)
      if (!nanoseconds && value.is_string()) nanoseconds = parse_timespan(value.string(), format);
    if (!nanoseconds) return to_data(value);
    return to_data(make_runtime_value("Timespan", {Value(*nanoseconds)}), DataForm::rich);
  }
  std::optional<ParsedTime> time;
  if (value.is_integer()) time = ParsedTime{value.integer(), 0};
  for (std::string_view format : kDefaultTimestampFormats)
    if (!time && value.is_string()) time = parse_timestamp(value.string(), format);
  if (!time) return to_data(value);
  return to_data(make_runtime_value("Timestamp", {Value(time->seconds), Value(time->nanoseconds)}),
                 DataForm::rich);
}

/// URI['http://host/path'] as the URI type's parameters: scheme, userinfo, host, port, path,
/// query and fragment, the default ports of http and https left out.
Data uri_parameters(const std::string& text) {
  Data out = Data::object();
  std::string rest = text;
  auto take_after = [&rest](char mark) {
    std::size_t at = rest.find(mark);
    if (at == std::string::npos) return std::optional<std::string>();
    std::string part = rest.substr(at + 1);
    rest.resize(at);
    return std::optional<std::string>(part);
  };
  std::optional<std::string> fragment = take_after('#');
  std::optional<std::string> query = take_after('?');
  std::string scheme;
  if (std::size_t colon = rest.find(':'); colon != std::string::npos && rest.find('/') > colon) {
    scheme = rest.substr(0, colon);
    std::transform(scheme.begin(), scheme.end(), scheme.begin(),
                   [](unsigned char c) { return std::tolower(c); });
    out["scheme"] = scheme;
    rest = rest.substr(colon + 1);
  }
  if (rest.starts_with("//")) {
    std::size_t slash = rest.find('/', 2);
    std::string authority = rest.substr(2, slash == std::string::npos ? slash : slash - 2);
    rest = slash == std::string::npos ? "" : rest.substr(slash);
    if (std::size_t at = authority.rfind('@'); at != std::string::npos) {
      out["userinfo"] = authority.substr(0, at);
      authority = authority.substr(at + 1);
    }
    std::string port;
    if (std::size_t colon = authority.rfind(':'); colon != std::string::npos) {
      port = authority.substr(colon + 1);
      authority.resize(colon);
    }
    std::transform(authority.begin(), authority.end(), authority.begin(),
                   [](unsigned char c) { return std::tolower(c); });
    if (!authority.empty()) out["host"] = authority;
    if (!port.empty() && !(port == "80" && scheme == "http") &&
        !(port == "443" && scheme == "https"))
      out["port"] = port;
  }
  if (!rest.empty()) out["path"] = rest;
  if (query) out["query"] = *query;
  if (fragment) out["fragment"] = *fragment;
  return out.empty() ? Data(nullptr) : out;
}

class PcoreWriter {
 public:
  Data type(const TypeValue& type) {
    if (auto target = type.alias.lock()) return alias(type, *target);
    const std::vector<Value>& p = type.parameters;
    const std::string& name = type.name;
    if (name == "Data" || name == "RichData" || name == "Error")  // recursive aliases in Puppet
      throw SerializationRecursion();
    if (name.starts_with("Object[{name => 'Deferred'")) return deferred_type();
    if (name == "Integer" || name == "Float" || name == "Numeric") {
      Data from = p.size() > 0 ? bound(p[0]) : Data(nullptr);
      Data to = p.size() > 1 ? bound(p[1]) : Data(nullptr);
      if (name == "Float") {
        if (from.is_number()) from = from.get<double>();
        if (to.is_number()) to = to.get<double>();
      }
      return pcore_object(name + "Type", {{"from", from}, {"to", to}});
    }
    if (name == "String") {
      if (type.inferred_string)
        return pcore_object("StringType", {{"size_type_or_value", *type.inferred_string}});
      return pcore_object("StringType", {{"size_type_or_value", size_type(p, 0, false)}});
    }
    if (name == "Array") {
      const bool typed = !p.empty() && p[0].is_type();
      Data size = size_type(p, typed ? 1 : 0, true);
      Data element = is_empty_size(size) ? pcore_object("UnitType", {})
                     : typed             ? parameter(p[0])
                                         : any_type_data();
      return pcore_object("ArrayType",
                          {{"element_type", element, any_type_data()}, {"size_type", size}});
    }
    if (name == "Hash") {
      const bool typed = !p.empty() && p[0].is_type();
      Data size = size_type(p, typed ? 2 : 0, true);
      const bool empty = is_empty_size(size);
      Data key = empty ? pcore_object("UnitType", {}) : typed ? parameter(p[0]) : any_type_data();
      Data value = empty                                     ? pcore_object("UnitType", {})
                   : typed && p.size() > 1 && p[1].is_type() ? parameter(p[1])
                                                             : any_type_data();
      return pcore_object("HashType", {{"key_type", key, any_type_data()},
                                       {"value_type", value, any_type_data()},
                                       {"size_type", size}});
    }
    if (name == "Collection")
      return pcore_object("CollectionType", {{"size_type", size_type(p, 0, true)}});
    if (name == "Tuple") {
      std::size_t types = 0;
      while (types < p.size() && p[types].is_type()) ++types;
      return pcore_object(
          "TupleType",
          {{"types", parameters(p, 0, types)}, {"size_type", size_type(p, types, false)}}, 1);
    }
    if (name == "Struct") return struct_type(p);
    if (name == "Variant") {
      std::vector<Value> unique;
      for (const Value& v : p)
        if (std::none_of(unique.begin(), unique.end(),
                         [&v](const Value& u) { return equals(u, v); }))
          unique.push_back(v);
      return pcore_object("VariantType", {{"types", parameters(unique, 0, unique.size())}}, 1);
    }
    if (name == "Optional" || name == "NotUndef" || name == "Type" || name == "Iterable" ||
        name == "Iterator")
      return pcore_object(name + "Type", {{"type", p.empty() ? Data(nullptr) : parameter(p[0])}});
    if (name == "Enum") {
      std::vector<std::string> values;
      bool case_insensitive = false;
      for (const Value& v : p) {
        if (v.is_boolean()) case_insensitive = v.boolean();
        if (v.is_string()) values.push_back(v.string());
      }
      std::sort(values.begin(), values.end());
      values.erase(std::unique(values.begin(), values.end()), values.end());
      return pcore_object("EnumType",
                          {{"values", values}, {"case_insensitive", case_insensitive, false}}, 1);
    }
    if (name == "Pattern") {
      Data patterns = Data::array();
      for (const Value& v : p) patterns.push_back(regexp_type(v));
      return pcore_object("PatternType", {{"patterns", patterns}}, 1);
    }
    if (name == "Regexp") return p.empty() ? pcore_object("RegexpType", {}) : regexp_type(p[0]);
    if (name == "Callable") return callable(p);
    if (name == "Timespan" || name == "Timestamp")
      return pcore_object(name + "Type",
                          {{"from", p.size() > 0 ? time_bound(name, p[0]) : Data(nullptr)},
                           {"to", p.size() > 1 ? time_bound(name, p[1]) : Data(nullptr)}});
    if (name == "SemVer") {
      Data ranges = Data::array();
      for (const Value& v : p)
        ranges.push_back({{"__ptype", "SemVerRange"}, {"__pvalue", to_string(v)}});
      return pcore_object("SemVerType", {{"ranges", ranges, Data::array()}});
    }
    if (name == "Runtime")
      return pcore_object(
          "RuntimeType",
          {{"runtime", p.size() > 0 ? to_data(p[0], DataForm::rich) : Data(nullptr)},
           {"name_or_pattern", p.size() > 1 ? to_data(p[1], DataForm::rich) : Data(nullptr)}});
    if (name == "Init") {
      Data arguments = Data::array();
      for (std::size_t i = 1; i < p.size(); ++i) arguments.push_back(nested(p[i]));
      return pcore_object("InitType", {{"type", p.empty() ? Data(nullptr) : parameter(p[0])},
                                       {"init_args", arguments, Data::array()}});
    }
    if (name == "URI") {
      Data parameters = nullptr;
      if (!p.empty() && p[0].is_string()) parameters = uri_parameters(p[0].string());
      if (!p.empty() && p[0].is_hash() && !p[0].hash().empty())
        parameters = to_data(p[0], DataForm::rich);
      return pcore_object("URIType", {{"parameters", parameters}});
    }
    if (name == "Object")
      return pcore_object("ObjectType",
                          {{"_pcore_init_hash", p.empty() ? Data::object() : parameter(p[0])}}, 1);
    if (name == "Boolean" || name == "Sensitive" || name == "Binary" || name == "SemVerRange" ||
        name == "Any" || name == "Scalar" || name == "ScalarData" || name == "Undef" ||
        name == "Default" || name == "Unit")
      return pcore_object(name + "Type", {});
    if (name == "Class")
      return pcore_object("ClassType",
                          {{"class_name", p.empty() ? Data(nullptr) : class_name(p[0])}});
    if (!is_data_type_name(name)) return resource_type(type);
    return type_to_string(type);
  }

 private:
  std::vector<const TypeAliasTarget*> aliases_;  ///< being written, to find a recursive one

  /// A type's parameter: a type as its Pcore object, a string as the String type of that value
  /// (Optional['a']), anything else as rich data.
  Data parameter(const Value& value) {
    if (value.is_type() && !is_runtime_value(value)) return type(value.type());
    if (value.is_string())
      return pcore_object("StringType", {{"size_type_or_value", value.string()}});
    if (value.is_array()) return parameters(value.array(), 0, value.array().size());
    if (value.is_hash()) {
      Data out = Data::object();
      for (const auto& [key, item] : value.hash()) out[to_string(key)] = nested(item);
      return out;
    }
    return to_data(value, DataForm::rich);
  }

  /// A value inside an Object type's hash: strings stay strings.
  Data nested(const Value& value) {
    if (value.is_string()) return value.string();
    if (value.is_hash() || value.is_array() || (value.is_type() && !is_runtime_value(value)))
      return parameter(value);
    return to_data(value, DataForm::rich);
  }

  Data parameters(const std::vector<Value>& p, std::size_t first, std::size_t end) {
    Data out = Data::array();
    for (std::size_t i = first; i < end; ++i) out.push_back(parameter(p[i]));
    return out;
  }

  Data alias(const TypeValue& type, const TypeAliasTarget& target) {
    if (std::find(aliases_.begin(), aliases_.end(), &target) != aliases_.end())
      throw SerializationRecursion();
    aliases_.push_back(&target);
    Data resolved = target.type.is_type() ? this->type(target.type.type()) : Data(nullptr);
    aliases_.pop_back();
    return pcore_object("TypeAliasType",
                        {{"name", type.name}, {"type_expr", nullptr}, {"resolved_type", resolved}},
                        2);
  }

  Data regexp_type(const Value& v) {
    Data pattern = nullptr;
    if (v.is_regexp()) pattern = std::get<Regexp>(v.v).pattern;
    if (v.is_string()) pattern = v.string();
    if (v.is_type() && v.type().name == "Regexp" && !v.type().parameters.empty())
      return regexp_type(v.type().parameters[0]);
    return pcore_object("RegexpType", {{"pattern", pattern}});
  }

  /// A Struct's key: 'k' is String['k'], optional when its value type takes undef; Optional['k']
  /// stays optional; NotUndef['k'] is the plain String['k'].
  Data struct_key(const Value& key, const Value& value_type) {
    if (key.is_string()) {
      Data string = pcore_object("StringType", {{"size_type_or_value", key.string()}});
      if (value_type.is_type() && matches(Value(), value_type.type()))
        return pcore_object("OptionalType", {{"type", string}});
      return string;
    }
    if (key.is_type() && key.type().name == "NotUndef" && key.type().parameters.size() == 1)
      return parameter(key.type().parameters[0]);
    return parameter(key);
  }

  Data struct_type(const std::vector<Value>& p) {
    Data elements = Data::array();
    if (!p.empty() && p[0].is_hash())
      for (const auto& [key, value_type] : p[0].hash())
        elements.push_back({{"__ptype", "Pcore::StructElement"},
                            {"key_type", struct_key(key, value_type)},
                            {"value_type", parameter(value_type)}});
    return pcore_object("StructType", {{"elements", elements}}, 1);
  }

  /// Callable[T..., min, max, Callable], or Callable[[T...], R]: a Tuple of the parameters'
  /// types and their count, the block's type and the return type.
  Data callable(const std::vector<Value>& given) {
    if (given.empty())
      return pcore_object("CallableType", {{"param_types", nullptr},
                                           {"block_type", nullptr},
                                           {"return_type", nullptr, any_type_data()}});
    std::vector<Value> p = given;
    Data return_type = nullptr;
    if (p.size() == 2 && p[0].is_array()) {
      return_type = parameter(p[1]);
      p = p[0].array();
    }
    Data block_type = nullptr;
    if (!p.empty() && p.back().is_type() &&
        (p.back().type().name == "Callable" ||
         (p.back().type().name == "Optional" && !p.back().type().parameters.empty() &&
          p.back().type().parameters[0].is_type() &&
          p.back().type().parameters[0].type().name == "Callable"))) {
      block_type = parameter(p.back());
      p.pop_back();
    }
    Data size = nullptr;
    bool takes_arguments = true;
    if (p.size() >= 2 && is_range_bound(p[p.size() - 2]) && is_range_bound(p.back())) {
      size = integer_range(p[p.size() - 2], p.back());
      takes_arguments = !(p.back().is_integer() && p.back().integer() == 0);
      p.resize(p.size() - 2);
    } else if (!p.empty() && is_range_bound(p.back())) {
      size = integer_range(p.back(), Value(Default{}));
      p.pop_back();
    }
    Data types = parameters(p, 0, p.size());
    if (types.empty() && !size.is_null() && takes_arguments)
      types.push_back(pcore_object("UnitType", {}));
    Data tuple = pcore_object("TupleType", {{"types", types}, {"size_type", size}}, 1);
    return pcore_object("CallableType", {{"param_types", tuple},
                                         {"block_type", block_type},
                                         {"return_type", return_type, any_type_data()}});
  }

  static Data class_name(const Value& v) {
    std::string name = to_string(v);
    if (name.starts_with("::")) name.erase(0, 2);
    std::transform(name.begin(), name.end(), name.begin(),
                   [](unsigned char c) { return std::tolower(c); });
    return name;
  }

  Data resource_type(const TypeValue& type) {
    const std::vector<Value>& p = type.parameters;
    if (type.name == "Resource")
      return pcore_object("ResourceType",
                          {{"type_name", p.size() > 0 ? to_data(p[0]) : Data(nullptr)},
                           {"title", p.size() > 1 ? to_data(p[1]) : Data(nullptr)}});
    return pcore_object("ResourceType", {{"type_name", type.name},
                                         {"title", p.empty() ? Data(nullptr) : to_data(p[0])}});
  }

  /// Deferred's type: Puppet's Object type for Deferred, as OpenVox 8 writes it.
  Data deferred_type() {
    Data name_pattern = pcore_object(
        "PatternType",
        {{"patterns",
          Data::array({pcore_object(
              "RegexpType", {{"pattern", "\\A[$]?[a-z][a-z0-9_]*(?:::[a-z][a-z0-9_]*)*\\z"}})})}});
    Data arguments{
        {"type", pcore_object("OptionalType", {{"type", pcore_object("ArrayType", {})}})},
        {"value", nullptr}};
    Data init{{"name", "Deferred"},
              {"attributes", Data{{"name", name_pattern}, {"arguments", arguments}}}};
    return pcore_object("ObjectType", {{"_pcore_init_hash", init}}, 1);
  }
};

}  // namespace

Data pcore_type_data(const TypeValue& type) {
  return PcoreWriter().type(type);
}

}  // namespace marionette::compiler
