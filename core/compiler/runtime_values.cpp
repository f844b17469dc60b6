#include "compiler/runtime_values.hpp"

#include <algorithm>
#include <iterator>

#include "compiler/functions/generalized_type.hpp"
#include "compiler/integer_range.hpp"
#include "compiler/object_types.hpp"
#include "compiler/semver.hpp"
#include "compiler/time_format.hpp"
#include "compiler/types.hpp"
#include "text/base64.hpp"

namespace marionette::compiler {

namespace {

bool is_kind(const TypeValue& type, std::string_view kind) {
  return type.name.size() == kind.size() + 1 && type.name[0] == '#' &&
         std::string_view(type.name).substr(1) == kind;
}

std::string field_string(const TypeValue& value, std::size_t index) {
  return index < value.parameters.size() ? to_string(value.parameters[index]) : std::string();
}

std::int64_t field_integer(const TypeValue& value, std::size_t index) {
  return index < value.parameters.size() && value.parameters[index].is_integer()
             ? value.parameters[index].integer()
             : 0;
}

void append_deferred(const TypeValue& value, std::string& out) {
  Hash fields{{Value("name"), value.parameters.at(0)},
              {Value("arguments"), value.parameters.at(1)}};
  TypeValue printed{"Deferred", {Value(std::move(fields))}};
  // Printed as Deferred({'name' => ..., 'arguments' => [...]}), parameters quoted as in types.
  std::string text = type_to_string(printed);
  out += "Deferred(" + text.substr(9, text.size() - 10) + ")";
}

constexpr std::string_view kErrorAttributes[] = {"msg", "kind", "details", "issue_code"};

/// Error({'msg' => 'text', 'issue_code' => 'CODE'}): the attributes that are set, in order.
void append_error(const TypeValue& value, std::string& out) {
  Hash fields;
  for (std::size_t i = 0; i < std::size(kErrorAttributes); ++i)
    if (i < value.parameters.size() && !value.parameters[i].is_undef())
      fields.emplace_back(Value(std::string(kErrorAttributes[i])), value.parameters[i]);
  std::string text = type_to_string(TypeValue{"Error", {Value(std::move(fields))}});
  out += "Error(" + text.substr(6, text.size() - 7) + ")";
}

}  // namespace

std::optional<Value> runtime_attribute(const Value& value, std::string_view name) {
  if (is_object(value)) return object_attribute(value, name);
  if (!is_runtime_value(value, "Error")) return std::nullopt;
  if (name == "message") name = "msg";
  const std::vector<Value>& fields = value.type().parameters;
  for (std::size_t i = 0; i < std::size(kErrorAttributes); ++i)
    if (kErrorAttributes[i] == name) return i < fields.size() ? fields[i] : Value();
  return std::nullopt;
}

Value make_runtime_value(std::string_view kind, std::vector<Value> fields) {
  return TypeValue{"#" + std::string(kind), std::move(fields)};
}

Value make_resource_value(Value reference) {
  return make_runtime_value("Resource", {std::move(reference)});
}

const Value& as_reference(const Value& value) {
  return is_runtime_value(value, "Resource") ? value.type().parameters.at(0) : value;
}

Value make_iterator(Array items) {
  return make_runtime_value("Iterator", {Value(std::move(items))});
}

Value iterator_as_array(Value value) {
  if (!is_runtime_value(value, "Iterator")) return value;
  return value.type().parameters.at(0);
}

namespace {

/// Iterator[T]: T the generalized common type of its items.
TypeValue iterator_type(const TypeValue& iterator) {
  TypeValue array = generalized_type(iterator.parameters.at(0));
  return TypeValue{"Iterator", {array.parameters.empty() ? Value() : array.parameters[0]}};
}

}  // namespace

bool is_runtime_value(const Value& value) {
  return value.is_type() && value.type().name.starts_with('#') && !is_sensitive(value);
}

bool is_runtime_value(const Value& value, std::string_view kind) {
  return value.is_type() && is_kind(value.type(), kind);
}

std::string runtime_type_name(const TypeValue& value) {
  return value.name.substr(1);
}

bool runtime_value_matches(const Value& value, const TypeValue& type) {
  if (is_kind(type, "SemVerRange"))
    return is_runtime_value(value, "SemVer") &&
           semver_in_range(value.type(), field_string(type, 0));
  if (type.name.starts_with('#')) return equals(value, Value(type));
  if (!is_runtime_value(value)) return false;
  if (is_object(value)) return object_matches(value, type);
  const std::string kind = runtime_type_name(value.type());
  if (kind == "Resource") return matches(as_reference(value), type);  // as its reference
  if (kind == "Iterator") {  // Iterator[T] and Iterable[T]: each of its items a T
    if (type.name != "Iterator" && type.name != "Iterable") return false;
    const TypeValue* item = type.parameters.empty() || !type.parameters[0].is_type()
                                ? nullptr
                                : &type.parameters[0].type();
    if (!item) return true;
    const Array& items = value.type().parameters.at(0).array();
    return std::all_of(items.begin(), items.end(),
                       [&](const Value& v) { return matches(v, *item); });
  }
  if (type.name == "RichData" || type.name == kind) {
    if (kind != "SemVer" || type.parameters.empty()) return true;
    for (const Value& range : type.parameters)
      if (semver_in_range(value.type(), is_runtime_value(range, "SemVerRange")
                                            ? field_string(range.type(), 0)
                                            : to_string(range)))
        return true;
    return false;
  }
  if (type.name == "Scalar") return kind == "SemVer" || kind == "Timestamp" || kind == "Timespan";
  return false;
}

std::optional<int> compare_runtime_values(const Value& a, const Value& b) {
  if (!is_runtime_value(a) || !is_runtime_value(b) || a.type().name != b.type().name)
    return std::nullopt;
  const TypeValue& x = a.type();
  const TypeValue& y = b.type();
  if (is_kind(x, "SemVer")) return compare_semver(x, y);
  if (!is_kind(x, "Timestamp") && !is_kind(x, "Timespan")) return std::nullopt;
  for (std::size_t i = 0; i < x.parameters.size(); ++i) {
    std::int64_t p = field_integer(x, i), q = field_integer(y, i);
    if (p != q) return p < q ? -1 : 1;
  }
  return 0;
}

TypeValue runtime_value_type(const Value& value) {
  const TypeValue& object = value.type();
  if (is_kind(object, "Deferred"))  // Puppet's Object type for Deferred, printed as Puppet does
    return TypeValue{
        "Object[{name => 'Deferred', attributes => {'name' => "
        "Pattern[/\\A[$]?[a-z][a-z0-9_]*(?:::[a-z][a-z0-9_]*)*\\z/], 'arguments' => {type => "
        "Optional[Array], value => undef}}}]",
        {}};
  std::string kind = runtime_type_name(object);
  if (kind == "Iterator") return iterator_type(object);
  if (kind == "Resource") return TypeValue{"Type", {as_reference(value)}};
  if (kind == "Object") return object_type_of(value);
  if (kind == "SemVer") {  // the range of just that version
    std::string text = semver_to_string(object);
    return TypeValue{kind, {Value(text + " - " + text)}};
  }
  if (kind == "Timestamp" || kind == "Timespan") {
    std::string text = to_string(value);
    return TypeValue{kind, {Value(text), Value(text)}};
  }
  return TypeValue{kind, {}};
}

void append_runtime_value(const TypeValue& value, std::string& out) {
  if (is_kind(value, "SemVer")) {
    out += semver_to_string(value);
  } else if (is_kind(value, "SemVerRange")) {
    out += field_string(value, 0);
  } else if (is_kind(value, "Binary")) {
    out += text::base64_encode(field_string(value, 0));
  } else if (is_kind(value, "Timestamp")) {
    out += format_timestamp(field_integer(value, 0), field_integer(value, 1),
                            "%Y-%m-%dT%H:%M:%S.%N %Z");
  } else if (is_kind(value, "Timespan")) {
    out += format_timespan(field_integer(value, 0), "%D-%H:%M:%S.%-N");
  } else if (is_kind(value, "Deferred")) {
    append_deferred(value, out);
  } else if (is_kind(value, "Error")) {
    append_error(value, out);
  } else if (is_kind(value, "Resource") && is_resource_reference(value.parameters.at(0))) {
    out += reference_string(value.parameters[0].type());  // File[/tmp/x], as Puppet prints it
  } else if (is_kind(value, "Object")) {
    append_object(value, out);
  } else if (is_kind(value, "Iterator")) {  // as Puppet interpolates it
    append_type(iterator_type(value), out);
    out += "-Value";
  } else if (value.name == "#sensitive") {
    out += "Sensitive [value redacted]";
  }
}

}  // namespace marionette::compiler
