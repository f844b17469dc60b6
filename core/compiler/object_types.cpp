#include "compiler/object_types.hpp"

#include <algorithm>

#include "compiler/runtime_values.hpp"
#include "compiler/types.hpp"
#include "lang/diagnostic.hpp"

namespace marionette::compiler {

namespace {

constexpr int kMaxParents = 64;  // a parent chain longer than this is taken as a cycle

const Value* entry(const Hash& hash, std::string_view key) {
  for (const auto& [k, v] : hash)
    if (k.is_string() && k.string() == key) return &v;
  return nullptr;
}

const Hash* init_hash(const TypeValue& resolved_type) {
  if (resolved_type.name != "Object" || resolved_type.parameters.empty() ||
      !resolved_type.parameters[0].is_hash())
    return nullptr;
  return &resolved_type.parameters[0].hash();
}

std::string name_of(const TypeValue& resolved_type) {
  const Hash* hash = init_hash(resolved_type);
  const Value* name = hash ? entry(*hash, "name") : nullptr;
  return name && name->is_string() ? name->string() : std::string();
}

/// The type's parent (as written), or nullptr.
const TypeValue* parent_of(const TypeValue& resolved_type) {
  const Hash* hash = init_hash(resolved_type);
  const Value* parent = hash ? entry(*hash, "parent") : nullptr;
  return parent && parent->is_type() ? &parent->type() : nullptr;
}

/// The same Object type: the same one, or two of one name.
bool same_object_type(const TypeValue& a, const TypeValue& b) {
  if (&a == &b) return true;
  const std::string name = name_of(a);
  return name.empty() ? equals(Value(a), Value(b)) : name == name_of(b);
}

ObjectAttribute read_attribute(const std::string& name, const Value& spec) {
  ObjectAttribute attribute{name, TypeValue{"Any", {}}, std::nullopt, "", true};
  if (spec.is_type()) {
    attribute.type = spec;
    // A bare Optional type gives the attribute the default undef.
    if (spec.type().name == "Optional") attribute.value = Value();
    return attribute;
  }
  if (!spec.is_hash()) return attribute;
  if (const Value* type = entry(spec.hash(), "type"); type && type->is_type())
    attribute.type = *type;
  if (const Value* value = entry(spec.hash(), "value")) attribute.value = *value;
  if (const Value* kind = entry(spec.hash(), "kind"); kind && kind->is_string())
    attribute.kind = kind->string();
  return attribute;
}

void collect(const TypeValue& declared, ObjectType& out, int depth) {
  const TypeValue& type = resolved(declared);
  const Hash* hash = init_hash(type);
  if (!hash || depth > kMaxParents) return;
  if (const TypeValue* parent = parent_of(type)) {
    collect(*parent, out, depth + 1);
    for (ObjectAttribute& inherited : out.attributes) inherited.own = false;
  }
  auto add = [&](ObjectAttribute attribute) {
    auto same = [&](const ObjectAttribute& a) { return a.name == attribute.name; };
    auto found = std::find_if(out.attributes.begin(), out.attributes.end(), same);
    if (found != out.attributes.end())
      *found = std::move(attribute);  // an override
    else
      out.attributes.push_back(std::move(attribute));
  };
  if (const Value* attributes = entry(*hash, "attributes"); attributes && attributes->is_hash())
    for (const auto& [key, spec] : attributes->hash())
      if (key.is_string()) add(read_attribute(key.string(), spec));
  if (const Value* constants = entry(*hash, "constants"); constants && constants->is_hash())
    for (const auto& [key, value] : constants->hash())
      if (key.is_string())
        add(ObjectAttribute{key.string(), TypeValue{"Any", {}}, value, "constant", true});
}

/// Ruby's eql?: strings exactly, numbers of one kind, instances by their attributes.
bool same_value(const Value& a, const Value& b) {
  if (a.is_string() && b.is_string()) return a.string() == b.string();
  if (a.is_number() && b.is_number() && a.is_integer() != b.is_integer()) return false;
  if (a.is_array() && b.is_array()) {
    const Array& x = a.array();
    const Array& y = b.array();
    return x.size() == y.size() && std::equal(x.begin(), x.end(), y.begin(), same_value);
  }
  return equals(a, b);
}

/// The init hash's Struct type: required attributes by name, those with a default optional.
TypeValue init_struct(const ObjectType& object) {
  Hash fields;
  for (const ObjectAttribute& a : object.attributes) {
    if (!a.initialized()) continue;
    Value key = a.value ? Value(TypeValue{"Optional", {Value(a.name)}}) : Value(a.name);
    fields.emplace_back(std::move(key), a.type);
  }
  return TypeValue{"Struct", {Value(std::move(fields))}};
}

/// `new`'s positional parameters: the required attributes, then those with a default.
std::vector<const ObjectAttribute*> positional(const ObjectType& object) {
  std::vector<const ObjectAttribute*> out;
  for (const ObjectAttribute& a : object.attributes)
    if (a.initialized() && !a.value) out.push_back(&a);
  for (const ObjectAttribute& a : object.attributes)
    if (a.initialized() && a.value) out.push_back(&a);
  return out;
}

std::string count_mismatch(std::size_t min, std::size_t max, std::size_t got) {
  std::string expected =
      min == max ? std::to_string(min) + (min == 1 ? " argument" : " arguments")
                 : "between " + std::to_string(min) + " and " + std::to_string(max) + " arguments";
  return "expects " + expected + ", got " + std::to_string(got);
}

/// A mismatch's actual type as Puppet's dispatch names it: a hash of string keys is a Struct.
std::string dispatch_mismatch(const TypeValue& type, const Value& value) {
  std::string text = describe_mismatch(type, value);
  if (value.is_hash() && text.ends_with(", got Hash"))
    text.replace(text.size() - 4, 4, "Struct");
  else if (value.is_array() && text.ends_with(", got Array"))
    text.replace(text.size() - 5, 5, "Tuple");
  return text;
}

}  // namespace

bool is_object_type(const TypeValue& type) {
  return init_hash(type) != nullptr;
}

Value named_object_type(Value type, const std::string& name) {
  if (!type.is_type() || !type.type().alias.expired() || !is_object_type(type.type()) ||
      entry(*init_hash(type.type()), "name"))
    return type;
  Hash named{{Value("name"), Value(name)}};
  const Hash& init = *init_hash(type.type());
  named.insert(named.end(), init.begin(), init.end());
  return TypeValue{"Object", {Value(std::move(named))}};
}

std::optional<std::string> self_inheriting_type(const TypeValue& declared) {
  const TypeValue* current = &resolved(declared);
  if (!parent_of(*current)) return std::nullopt;
  std::vector<const TypeValue*> seen;
  while (current && is_object_type(*current)) {
    for (const TypeValue* earlier : seen)
      if (same_object_type(*earlier, *current)) return name_of(*current);
    if (seen.size() > kMaxParents) return name_of(*current);
    seen.push_back(current);
    const TypeValue* parent = parent_of(*current);
    current = parent ? &resolved(*parent) : nullptr;
  }
  return std::nullopt;
}

ObjectType object_type(const TypeValue& declared) {
  ObjectType out;
  const TypeValue& type = resolved(declared);
  out.name = name_of(type);
  if (out.name.empty() && !declared.alias.expired()) out.name = declared.name;
  collect(declared, out, 0);
  return out;
}

Value new_object(const TypeValue& declared, const std::vector<Value>& arguments,
                 const lang::SourceLocation& where) {
  const TypeValue& type = resolved(declared);
  if (arguments.size() == 1 && is_object(arguments[0]) && object_matches(arguments[0], type))
    return arguments[0];
  const ObjectType object = object_type(declared);
  const TypeValue init = init_struct(object);
  const std::vector<const ObjectAttribute*> parameters = positional(object);
  const std::size_t required = static_cast<std::size_t>(std::count_if(
      parameters.begin(), parameters.end(), [](const ObjectAttribute* a) { return !a->value; }));
  Hash given;
  std::vector<std::string> by_hash, by_position;
  if (arguments.size() != 1) {
    by_hash.push_back(count_mismatch(1, 1, arguments.size()));
  } else if (!matches(arguments[0], init)) {
    if (!arguments[0].is_hash())
      by_hash.push_back("parameter 'hash' expects a Struct value, got " +
                        (arguments[0].is_array() ? "Tuple" : type_name_of(arguments[0])));
    else
      for (const std::string& reason : describe_mismatches(init, arguments[0]))
        by_hash.push_back("parameter 'hash' " + reason);
  } else {
    given = arguments[0].hash();
  }
  if (!by_hash.empty()) {
    if (arguments.size() < required || arguments.size() > parameters.size()) {
      by_position.push_back(count_mismatch(required, parameters.size(), arguments.size()));
    } else {
      for (std::size_t i = 0; i < arguments.size() && by_position.empty(); ++i)
        if (!matches(arguments[i], parameters[i]->type.type()))
          by_position.push_back("parameter '" + parameters[i]->name + "' " +
                                dispatch_mismatch(parameters[i]->type.type(), arguments[i]));
      for (std::size_t i = 0; i < arguments.size(); ++i)
        given.emplace_back(Value(parameters[i]->name), arguments[i]);
    }
    if (!by_position.empty()) {
      std::string text = "The function 'new_" + object.name +
                         "' was called with arguments it does not accept. It expects one of:\n  (" +
                         type_to_string(init) + " hash)";
      for (const std::string& reason : by_hash) text += "\n    rejected: " + reason;
      text += "\n  (";
      for (std::size_t i = 0; i < parameters.size(); ++i) {
        const TypeValue* shown = &parameters[i]->type.type();
        if (parameters[i]->value && shown->name == "Optional" && !shown->parameters.empty() &&
            shown->parameters[0].is_type())
          shown = &shown->parameters[0].type();
        text += (i ? ", " : "") + type_to_string(*shown) + " " + parameters[i]->name +
                (parameters[i]->value ? "?" : "");
      }
      text += ")";
      for (const std::string& reason : by_position) text += "\n    rejected: " + reason;
      throw lang::SourceError(text, where);
    }
  }
  Hash values;
  values.reserve(object.attributes.size());
  for (const ObjectAttribute& a : object.attributes) {
    const Value* value = a.initialized() ? entry(given, a.name) : nullptr;
    values.emplace_back(Value(a.name), value ? *value : a.value ? *a.value : Value());
  }
  return make_runtime_value("Object", {Value(declared), Value(std::move(values))});
}

bool is_object(const Value& value) {
  return is_runtime_value(value, "Object");
}

const TypeValue& object_type_of(const Value& object) {
  return object.type().parameters.at(0).type();
}

const Hash& object_attributes(const Value& object) {
  return object.type().parameters.at(1).hash();
}

std::optional<Value> object_attribute(const Value& object, std::string_view name) {
  if (const Value* value = entry(object_attributes(object), name)) return *value;
  return std::nullopt;
}

std::vector<std::pair<std::string, Value>> object_children(const Value& object,
                                                           bool include_references) {
  std::vector<std::pair<std::string, Value>> out;
  const Hash& values = object_attributes(object);
  for (const ObjectAttribute& a : object_type(object_type_of(object)).attributes) {
    if (!a.own || (a.kind == "reference" && !include_references)) continue;
    const Value* value = entry(values, a.name);
    out.emplace_back(a.name, value ? *value : Value());
  }
  return out;
}

bool object_matches(const Value& object, const TypeValue& type) {
  if (type.name == "RichData" || type.name == "Any") return true;
  if (type.name != "Object") return false;
  if (!is_object_type(type)) return true;  // Object: every instance
  const TypeValue* current = &resolved(object_type_of(object));
  for (int depth = 0; current && depth < kMaxParents; ++depth) {
    if (same_object_type(*current, type)) return true;
    const TypeValue* parent = parent_of(*current);
    current = parent ? &resolved(*parent) : nullptr;
  }
  return false;
}

bool object_type_assignable(const TypeValue& from, const TypeValue& to) {
  if (from.name != "Object") return false;
  if (!is_object_type(to)) return true;
  const TypeValue* current = &from;
  for (int depth = 0; current && depth < kMaxParents; ++depth) {
    if (same_object_type(*current, to)) return true;
    const TypeValue* parent = parent_of(*current);
    current = parent ? &resolved(*parent) : nullptr;
  }
  return false;
}

std::optional<TypeValue> common_object_type(const TypeValue& a, const TypeValue& b) {
  if (!is_object_type(resolved(a)) || !is_object_type(resolved(b))) return std::nullopt;
  const TypeValue* current = &a;
  for (int depth = 0; current && depth < kMaxParents; ++depth) {
    if (object_type_assignable(resolved(b), resolved(*current))) return *current;
    current = parent_of(resolved(*current));
  }
  return std::nullopt;
}

bool objects_equal(const Value& a, const Value& b) {
  if (!is_object(a) || !is_object(b)) return false;
  if (!same_object_type(resolved(object_type_of(a)), resolved(object_type_of(b)))) return false;
  const Hash& x = object_attributes(a);
  const Hash& y = object_attributes(b);
  if (x.size() != y.size()) return false;
  for (std::size_t i = 0; i < x.size(); ++i)
    if (!same_value(x[i].second, y[i].second)) return false;
  return true;
}

std::pair<std::string, Hash> object_init_hash(const TypeValue& object) {
  ObjectType type = object_type(object.parameters.at(0).type());
  const Hash& values = object.parameters.at(1).hash();
  Hash shown;
  for (const ObjectAttribute& a : type.attributes) {
    if (!a.initialized()) continue;
    const Value* value = entry(values, a.name);
    if (!value || (a.value && same_value(*value, *a.value))) continue;
    shown.emplace_back(Value(a.name), *value);
  }
  return {std::move(type.name), std::move(shown)};
}

void append_object(const TypeValue& object, std::string& out) {
  auto [name, shown] = object_init_hash(object);
  // The hash as a type's parameter prints it: `X[{'name' => 'Adam'}]` less `X[` and `]`.
  std::string text = type_to_string(TypeValue{"X", {Value(std::move(shown))}});
  out += name + "(" + text.substr(2, text.size() - 3) + ")";
}

}  // namespace marionette::compiler
