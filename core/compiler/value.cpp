#include "compiler/value.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <optional>

#include "compiler/functions/ruby_format.hpp"
#include "compiler/object_types.hpp"
#include "compiler/types.hpp"
#include "compiler/value_data.hpp"
#include "rubyish/value.hpp"
#include "text/puppet_quote.hpp"

namespace marionette::compiler {

bool truthy(const Value& value) {
  if (value.is_undef()) return false;
  if (value.is_boolean()) return value.boolean();
  return true;
}

namespace {

bool equal_ignoring_case(const std::string& a, const std::string& b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}

bool is_any(const Value& value) {
  return value.is_type() && value.type().name == "Any" && value.type().parameters.empty();
}
bool is_zero(const Value& value) {
  return value.is_integer() && value.integer() == 0;
}

/// A type as Puppet compares it, checked against Puppet 7.23: parameters that say nothing
/// dropped (String[0], String[0, default], Array[Any], Array[Any, 0], Hash[Any, Any]),
/// Optional[Any] as Any, a Variant of one type as that type, a Pattern's regexps as text.
/// Nothing when the type compares as written (no parameters, an alias, any other type).
std::optional<TypeValue> comparable(const TypeValue& type) {
  const auto& p = type.parameters;
  if (p.empty() || !type.alias.expired()) return std::nullopt;
  auto says_nothing_from = [&](std::size_t first) {  // [0] or [0, default] from `first` on
    return p.size() == first ||
           (p.size() >= first + 1 && is_zero(p[first]) &&
            (p.size() == first + 1 || (p.size() == first + 2 && p[first + 1].is_default())));
  };
  if (type.name == "String" && says_nothing_from(0)) return TypeValue{"String", {}};
  if (type.name == "Array" && is_any(p[0]) && says_nothing_from(1)) return TypeValue{"Array", {}};
  if (type.name == "Hash" && p.size() >= 2 && is_any(p[0]) && is_any(p[1]) && says_nothing_from(2))
    return TypeValue{"Hash", {}};
  if (type.name == "Optional" && p.size() == 1 && is_any(p[0])) return TypeValue{"Any", {}};
  if (type.name == "Variant" && p.size() == 1 && p[0].is_type())
    return comparable(p[0].type()).value_or(p[0].type());
  if (type.name == "Pattern") {
    TypeValue out{"Pattern", {}};
    for (const Value& item : p)
      out.parameters.push_back(item.is_regexp() ? Value(item.regexp().pattern) : item);
    return out;
  }
  return std::nullopt;
}

/// A Timestamp's or Timespan's nanoseconds, nullopt for any other value.
std::optional<__int128> time_nanoseconds(const Value& value) {
  if (!value.is_type()) return std::nullopt;
  const TypeValue& type = value.type();
  auto field = [&](std::size_t i) -> __int128 {
    return i < type.parameters.size() && type.parameters[i].is_integer()
               ? type.parameters[i].integer()
               : 0;
  };
  if (type.name == "#Timestamp") return field(0) * 1000000000 + field(1);
  if (type.name == "#Timespan") return field(0);
  return std::nullopt;
}

/// Puppet's Timestamps and Timespans are Ruby Numerics: equal to an Integer their whole
/// seconds (floored) are, to a Float their seconds as a float are.
std::optional<bool> time_equals_number(const Value& time, const Value& number) {
  if (!number.is_number()) return std::nullopt;
  std::optional<__int128> nanoseconds = time_nanoseconds(time);
  if (!nanoseconds) return std::nullopt;
  if (number.is_integer()) {
    __int128 seconds = *nanoseconds / 1000000000;
    if (*nanoseconds % 1000000000 < 0) --seconds;
    return seconds == number.integer();
  }
  return static_cast<double>(*nanoseconds) / 1e9 == number.number();
}

}  // namespace

bool equals(const Value& a, const Value& b) {
  if (a.is_number() && b.is_number()) {
    if (a.is_integer() && b.is_integer()) return a.integer() == b.integer();
    return a.number() == b.number();
  }
  if (auto same = time_equals_number(a, b)) return *same;
  if (auto same = time_equals_number(b, a)) return *same;
  if (a.is_string() && b.is_string()) return equal_ignoring_case(a.string(), b.string());
  if (a.v.index() != b.v.index()) return false;
  if (a.is_boolean()) return a.boolean() == b.boolean();
  if (a.is_undef() || a.is_default()) return true;
  if (a.is_regexp()) return a.regexp().pattern == b.regexp().pattern;
  if (a.is_type()) {
    if (a.type().name == "#Object" || b.type().name == "#Object") return objects_equal(a, b);
    std::optional<TypeValue> xn = comparable(a.type()), yn = comparable(b.type());
    const TypeValue& x = xn ? *xn : a.type();
    const TypeValue& y = yn ? *yn : b.type();
    if (x.name != y.name || x.parameters.size() != y.parameters.size()) return false;
    for (std::size_t i = 0; i < x.parameters.size(); ++i)
      if (!equals(x.parameters[i], y.parameters[i])) return false;
    return true;
  }
  if (a.is_array()) {
    const Array& x = a.array();
    const Array& y = b.array();
    if (x.size() != y.size()) return false;
    for (std::size_t i = 0; i < x.size(); ++i)
      if (!equals(x[i], y[i])) return false;
    return true;
  }
  const Hash& x = a.hash();
  const Hash& y = b.hash();
  if (x.size() != y.size()) return false;
  for (const auto& [key, value] : x) {
    const Value* other = hash_find(y, key);
    if (!other || !equals(value, *other)) return false;
  }
  return true;
}

bool same_hash_key(const Value& a, const Value& b) {
  // Keys match exactly (case matters for hash keys, as Ruby's eql?), numbers by value.
  if (a.is_string() && b.is_string()) return a.string() == b.string();
  return equals(a, b);
}

const Value* hash_find(const Hash& hash, const Value& key) {
  for (const auto& entry : hash)
    if (same_hash_key(entry.first, key)) return &entry.second;
  return nullptr;
}

std::string format_float(double value) {
  return rubyish::float_to_s(value);
}

std::string puppet_quote(const std::string& text, bool double_quoted) {
  return text::puppet_quote(text, double_quoted);
}

bool is_resource_reference(const Value& value) {
  if (!value.is_type()) return false;
  const TypeValue& type = value.type();
  return type.parameters.size() == 1 && type.parameters[0].is_string() &&
         !is_data_type_name(type.name) && !type.name.starts_with('#') && type.alias.expired();
}

std::string reference_string(const TypeValue& type) {
  std::string out = type.name + "[";
  if (!type.parameters.empty() && type.parameters[0].is_string())
    out += type.parameters[0].string();
  return out + "]";
}

std::string reference_source(const TypeValue& type) {
  const std::string& title = type.parameters[0].string();
  if (type.name != "Class") return type.name + "[" + puppet_quote(title) + "]";
  std::string name = title.starts_with("::") ? title.substr(2) : title;
  std::transform(name.begin(), name.end(), name.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return "Class[" + name + "]";
}

namespace {

/// `/a\/b/`: a slash of the pattern is escaped, as Ruby's Regexp#inspect shows it.
void append_regexp(const std::string& pattern, std::string& out) {
  out += '/';
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    if (pattern[i] == '\\' && i + 1 < pattern.size()) {
      out += pattern[i];
      out += pattern[++i];
    } else {
      if (pattern[i] == '/') out += '\\';
      out += pattern[i];
    }
  }
  out += '/';
}

}  // namespace

void append_string(const Value& value, std::string& out) {
  std::visit(
      [&](const auto& x) {
        using T = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<T, Undef>) {
        } else if constexpr (std::is_same_v<T, Default>) {
          out += "default";
        } else if constexpr (std::is_same_v<T, bool>) {
          out += x ? "true" : "false";
        } else if constexpr (std::is_same_v<T, std::int64_t>) {
          char digits[24];
          out.append(digits, std::to_chars(digits, digits + sizeof digits, x).ptr);
        } else if constexpr (std::is_same_v<T, double>) {
          out += format_float(x);
        } else if constexpr (std::is_same_v<T, std::string>) {
          out += x;
        } else if constexpr (std::is_same_v<T, std::shared_ptr<const RubyString>>) {
          out += x->text;
        } else if constexpr (std::is_same_v<T, Regexp>) {
          append_regexp(x.pattern, out);
        } else if constexpr (std::is_same_v<T, std::shared_ptr<const TypeValue>>) {
          if (is_sensitive(value)) {
            out += "Sensitive [value redacted]";
          } else if (is_resource_reference(value)) {
            out += reference_source(*x);
          } else {
            append_type(*x, out);
          }
        } else if constexpr (std::is_same_v<T, std::shared_ptr<const Array>>) {
          out += '[';
          for (std::size_t i = 0; i < x->size(); ++i) {
            if (i) out += ", ";
            append_string((*x)[i], out);
          }
          out += ']';
        } else {
          out += '{';
          bool first = true;
          for (const auto& [key, item] : *x) {
            if (!first) out += ", ";
            first = false;
            append_string(key, out);
            out += " => ";
            append_string(item, out);
          }
          out += '}';
        }
      },
      value.v);
}

std::string to_string(const Value& value) {
  if (value.is_string()) return value.string();
  std::string out;
  append_string(value, out);
  return out;
}

Value make_sensitive(Value inner) {
  return TypeValue{"#sensitive", {std::move(inner)}};
}

bool is_sensitive(const Value& value) {
  return value.is_type() && value.type().name == "#sensitive";
}

catalog::Data to_data(const Value& value, DataForm form) {
  if (value.is_undef()) return nullptr;
  if (is_sensitive(value)) return to_data(value.type().parameters[0], form);
  if (value.is_boolean()) return value.boolean();
  if (value.is_integer()) return value.integer();
  if (value.is_float()) return std::get<double>(value.v);
  if (auto plain = std::get_if<std::string>(&value.v)) return *plain;
  if (value.is_string()) {  // a RubyString: rich data writes it apart
    if (std::optional<catalog::Data> rich = rich_leaf(value, form)) return *std::move(rich);
    return value.string();
  }
  // Inside a collection a Sensitive value keeps its kind, in Puppet's rich data form.
  auto nested = [form](const Value& item) {
    if (!is_sensitive(item)) return to_data(item, form);
    catalog::Data out = catalog::Data::object();
    out["__ptype"] = "Sensitive";
    out["__pvalue"] = to_data(item.type().parameters[0], form);
    return out;
  };
  if (value.is_array()) {
    catalog::Data out = catalog::Data::array();
    for (const Value& item : value.array()) out.push_back(nested(item));
    return out;
  }
  if (value.is_hash()) {
    const Hash& hash = value.hash();
    const bool string_keys = std::all_of(hash.begin(), hash.end(),
                                         [](const auto& entry) { return entry.first.is_string(); });
    if (form != DataForm::strings && !string_keys) {
      catalog::Data pairs = catalog::Data::array();
      for (const auto& [key, item] : hash) {
        pairs.push_back(nested(key));
        pairs.push_back(nested(item));
      }
      return catalog::Data{{"__ptype", "Hash"}, {"__pvalue", std::move(pairs)}};
    }
    catalog::Data out = catalog::Data::object();
    // Puppet 7's catalog keeps a key that is no string as Ruby's #to_s of it (`["a"]`).
    for (const auto& [key, item] : hash)
      out[key.is_string() ? key.string() : ruby_to_s(key)] = nested(item);
    return out;
  }
  if (is_resource_reference(value)) return reference_string(value.type());
  if (form != DataForm::strings)
    if (std::optional<catalog::Data> rich = rich_leaf(value, form)) return *std::move(rich);
  return to_string(value);
}

Value from_data(const catalog::Data& data) {
  switch (data.type()) {
    case catalog::Data::value_t::null:
      return Value();
    case catalog::Data::value_t::boolean:
      return Value(data.get<bool>());
    case catalog::Data::value_t::number_integer:
    case catalog::Data::value_t::number_unsigned:
      return Value(data.get<std::int64_t>());
    case catalog::Data::value_t::number_float:
      return Value(data.get<double>());
    case catalog::Data::value_t::string:
      return Value(data.get<std::string>());
    case catalog::Data::value_t::array: {
      Array out;
      out.reserve(data.size());
      for (const auto& item : data) out.push_back(from_data(item));
      return Value(std::move(out));
    }
    case catalog::Data::value_t::object: {
      Hash out;
      out.reserve(data.size());
      for (const auto& [key, item] : data.items()) out.emplace_back(Value(key), from_data(item));
      return Value(std::move(out));
    }
    default:
      return Value();
  }
}

}  // namespace marionette::compiler
