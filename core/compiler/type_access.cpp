#include "compiler/type_access.hpp"

#include <algorithm>
#include <limits>
#include <optional>

#include "compiler/functions/generalized_type.hpp"
#include "compiler/functions/ruby_format.hpp"
#include "compiler/operators.hpp"
#include "compiler/runtime_values.hpp"
#include "compiler/time_format.hpp"
#include "compiler/types.hpp"
#include "lang/diagnostic.hpp"
#include "lang/labels.hpp"

namespace marionette::compiler {

namespace {

constexpr std::size_t kUnbounded = std::numeric_limits<std::size_t>::max();

bool is_plain_type(const Value& value) {
  return value.is_type() && !is_runtime_value(value) && !is_sensitive(value);
}

bool is_integer_type(const Value& value) {
  return is_plain_type(value) && value.type().name == "Integer";
}

/// Puppet's name for a key of the wrong type: its generalized type ("Integer", "String").
std::string key_type(const Value& key) {
  if (key.is_undef()) return "Undef";
  if (key.is_default()) return "Default";
  return type_to_string(generalized_type(key));
}

/// The label of a key's Ruby class: "String", "Integer", "String-Type" for a type.
std::string class_label(const Value& key) {
  if (is_plain_type(key))
    return (is_data_type_name(key.type().name) ? key.type().name : std::string("Resource")) +
           "-Type";
  return ruby_class(key);
}

/// One access of a data type: its keys, and where Puppet places each complaint.
class TypeAccess {
 public:
  TypeAccess(const std::string& name, std::vector<Value>& keys, const lang::ast::Access& access)
      : name_(name), keys_(keys), access_(access) {}

  const lang::SourceLocation& whole() const { return access_.target->where; }
  const lang::SourceLocation& key_where(std::size_t i) const {
    return access_.keys.empty() ? whole()
                                : access_.keys[std::min(i, access_.keys.size() - 1)]->where;
  }

  [[noreturn]] void fail(const std::string& message, const lang::SourceLocation& where) const {
    throw lang::SourceError(message, where);
  }

  /// Puppet's BAD_TYPE_SLICE_ARITY: "Hash-Type[] accepts 2 to 4 arguments. Got 5".
  [[noreturn]] void fail_arity(const std::string& label, std::size_t min, std::size_t max,
                               const lang::SourceLocation& where) const {
    std::string got = ". Got " + std::to_string(keys_.size());
    if (max == kUnbounded)
      fail(label + "[] accepts " + std::to_string(min) + " or more arguments" + got, where);
    if (max != min)
      fail(label + "[] accepts " + std::to_string(min) + " to " + std::to_string(max) +
               " arguments" + got,
           where);
    fail(label + "[] accepts " + std::to_string(min) + (min == 1 ? " argument" : " arguments") +
             got,
         where);
  }

  /// The type's label with its article, as an arity message starts: "A Regexp-Type".
  std::string a_type() const { return lang::a_an(name_ + "-Type", true); }

  /// Puppet's BAD_TYPE_SPECIALIZATION for key i: "Error creating type specialization of a
  /// Tuple-Type, Cannot use String where Any-Type is expected".
  [[noreturn]] void fail_key(std::size_t i, const std::string& expected) const {
    fail("Error creating type specialization of " + lang::a_an(name_ + "-Type") +
             ", Cannot use " + key_type(keys_[i]) + " where " + expected + " is expected",
         key_where(i));
  }

  /// Puppet's assert_keys: between min and max keys, each accepted by `accepts`.
  template <typename Accepts>
  void assert_keys(std::size_t min, std::size_t max, Accepts accepts,
                   const std::string& expected) const {
    if (keys_.size() < min || keys_.size() > max) fail_arity(a_type(), 1, max, whole());
    for (std::size_t i = 0; i < keys_.size(); ++i)
      if (!accepts(keys_[i])) fail_key(i, expected);
  }

  /// One key that must be a type: "Optional-Type[] arguments must be types. Got Integer".
  void one_type(bool or_string = false) const {
    if (keys_.size() != 1) fail_arity(name_ + "-Type", 1, 1, whole());
    if (is_plain_type(keys_[0]) || (or_string && keys_[0].is_string())) return;
    fail(name_ + "-Type[] arguments must be types. Got " + ruby_class(keys_[0]), key_where(0));
  }

  /// Integer[from, to]'s bounds: "'from' must be less or equal to 'to'. Got (1, 0".
  void check_order(const Value& from, const Value& to) const {
    if (!from.is_number() || !to.is_number() || from.number() <= to.number()) return;
    if (from.is_integer() && to.is_integer() && from.integer() <= to.integer()) return;
    fail("'from' must be less or equal to 'to'. Got (" + to_string(from) + ", " + to_string(to),
         whole());
  }

  /// A size constraint from key `start` on: one Integer type (its bounds), or one or two
  /// integers or defaults.
  void size_constraint(std::size_t start) {
    if (keys_.size() == start + 1 && is_integer_type(keys_[start])) {
      std::vector<Value> bounds = keys_[start].type().parameters;
      keys_.erase(keys_.begin() + static_cast<std::ptrdiff_t>(start));
      keys_.insert(keys_.end(), bounds.begin(), bounds.end());
      return;
    }
    for (std::size_t i = start; i < keys_.size(); ++i) {
      if (keys_[i].is_integer() || keys_[i].is_default()) continue;
      fail("A Type's size constraint arguments must be a single Integer type, or 1-2 integers "
           "(or default). Got " +
               lang::a_an(class_label(keys_[i])),
           key_where(i));
    }
    if (keys_.size() == start + 2) check_order(keys_[start], keys_[start + 1]);
  }

  void range(bool floats) {
    const std::string type = floats ? "Float" : "Integer";
    if (keys_.empty() || keys_.size() > 2)
      fail(type + "-Type supports [] with one or two arguments (from, to). Got " +
               std::to_string(keys_.size()),
           whole());
    for (std::size_t i = 0; i < keys_.size(); ++i) {
      const Value& key = keys_[i];
      if (key.is_integer() || key.is_default() || (floats && key.is_float())) continue;
      fail(type + "-Type [] requires all arguments to be " +
               (floats ? "floats, or integers" : "integers") + " (or default). Got " +
               ruby_class(key),
           key_where(i));
    }
    if (floats)
      for (Value& key : keys_)
        if (key.is_integer()) key = Value(static_cast<double>(key.integer()));
    if (keys_.size() == 2) check_order(keys_[0], keys_[1]);
  }

  void hash() {
    if (keys_.size() == 2 && keys_[0].is_integer() && keys_[1].is_integer()) {
      check_order(keys_[0], keys_[1]);
      return;
    }
    for (std::size_t i = 0; i < std::min<std::size_t>(2, keys_.size()); ++i)
      if (!is_plain_type(keys_[i]))
        fail("Hash-Type[] arguments must be types. Got " + ruby_class(keys_[i]), key_where(i));
    if (keys_.size() < 2 || keys_.size() > 4) fail_arity("Hash-Type", 2, 4, whole());
    if (keys_.size() == 3 && is_integer_type(keys_[2])) size_constraint(2);
    if (keys_.size() == 4) size_constraint(2);
  }

  void array() {
    const auto not_types = [&] {
      fail("Array-Type[] arguments must be types. Got " + ruby_class(keys_[0]), key_where(0));
    };
    switch (keys_.size()) {
      case 1:
        if (!is_plain_type(keys_[0])) not_types();
        return;
      case 2:
        size_constraint(is_plain_type(keys_[0]) ? 1 : 0);
        return;
      case 3:
        if (!is_plain_type(keys_[0])) not_types();
        size_constraint(1);
        return;
      default:
        fail_arity("Array-Type", 1, 3, whole());
    }
  }

  void tuple() {
    auto is_range = [](const Value& v) {
      return v.is_integer() || v.is_default() || (v.is_string() && v.string() == "default");
    };
    std::size_t types = keys_.size();
    if (types >= 2 && is_range(keys_[types - 2]) && is_range(keys_[types - 1]))
      types -= 2;
    else if (types >= 1 && is_range(keys_[types - 1]))
      types -= 1;
    if (types == 0) fail_arity(a_type(), 1, kUnbounded, whole());
    for (std::size_t i = 0; i < types; ++i)
      if (!is_plain_type(keys_[i])) fail_key(i, "Any-Type");
  }

  /// Pattern's keys: strings and regexps, and the regexps of Pattern and Regexp types.
  void pattern() {
    if (keys_.empty()) fail_arity(a_type(), 1, kUnbounded, whole());
    std::vector<Value> patterns;
    for (std::size_t i = 0; i < keys_.size(); ++i) {
      const Value& key = keys_[i];
      if (key.is_string()) {
        patterns.push_back(make_regexp(key.string(), key_where(i)));
      } else if (key.is_regexp()) {
        patterns.push_back(key);
      } else if (is_plain_type(key) &&
                 (key.type().name == "Pattern" || key.type().name == "Regexp")) {
        for (const Value& p : key.type().parameters)
          patterns.push_back(p.is_string() ? Value(make_regexp(p.string(), key_where(i))) : p);
      } else {
        fail_key(i, "String or Regexp or Pattern-Type or Regexp-Type");
      }
    }
    keys_ = std::move(patterns);
  }

  void regexp() {
    if (keys_.size() != 1) fail_arity(a_type(), 1, 1, keys_.empty() ? whole() : key_where(1));
    if (keys_[0].is_string())
      keys_[0] = make_regexp(keys_[0].string(), key_where(0));
    else if (!keys_[0].is_regexp())
      fail_key(0, "String or Regexp");
  }

  void not_undef() {
    if (keys_.size() > 1) fail_arity("NotUndef-Type", 0, 1, whole());
    if (keys_.empty() || keys_[0].is_string() || is_plain_type(keys_[0])) return;
    fail("NotUndef-Type[] argument must be a Type or a String. Got " + ruby_class(keys_[0]),
         key_where(0));
  }

  void check() {
    if (name_ == "Integer" || name_ == "Float") return range(name_ == "Float");
    if (name_ == "String") {
      if (keys_.empty() || keys_.size() > 2)
        fail("String supports [] with one or two arguments. Got " + std::to_string(keys_.size()),
             whole());
      return size_constraint(0);
    }
    if (name_ == "Collection") {
      if (keys_.empty() || keys_.size() > 2) fail_arity("Collection-Type", 1, 2, whole());
      return size_constraint(0);
    }
    if (name_ == "Array") return array();
    if (name_ == "Hash") return hash();
    if (name_ == "Tuple") return tuple();
    if (name_ == "Pattern") return pattern();
    if (name_ == "Regexp") return regexp();
    if (name_ == "NotUndef") return not_undef();
    if (name_ == "Optional") return one_type(true);
    if (name_ == "Sensitive" || name_ == "Type" || name_ == "Iterable" || name_ == "Iterator")
      return one_type();
    if (name_ == "Variant")
      return assert_keys(1, kUnbounded, is_plain_type, "Any-Type");
    if (name_ == "Struct")
      return assert_keys(1, 1, [](const Value& v) { return v.is_hash(); }, "Hash");
    if (name_ == "Boolean")
      return assert_keys(1, 1, [](const Value& v) { return v.is_boolean(); },
                         "TrueClass or FalseClass");
    if (name_ == "Runtime")
      return assert_keys(2, 2, [](const Value& v) { return v.is_string(); }, "String or String");
    if ((name_ == "Timestamp" || name_ == "Timespan") && keys_.size() > 2)
      fail_arity(a_type(), 0, 2, whole());
  }

 private:
  const std::string& name_;
  std::vector<Value>& keys_;
  const lang::ast::Access& access_;
};

/// Puppet's PVariantType.maybe_create: the variants of a Variant among them spread, each type
/// once (the first of equal ones kept), and a Variant of one type that type.
TypeValue variant_of(std::vector<Value> keys) {
  std::vector<Value> types;
  auto add = [&](const Value& type) {
    if (std::none_of(types.begin(), types.end(), [&](const Value& t) { return equals(t, type); }))
      types.push_back(type);
  };
  for (Value& key : keys) {
    if (key.type().name == "Variant" && key.type().alias.expired())
      for (const Value& inner : key.type().parameters) add(inner);
    else
      add(key);
  }
  if (types.size() == 1) return types[0].type();
  return make_type("Variant", std::move(types));
}

/// A Timespan type's bound as Puppet keeps it, a Timespan (printed '1-00:00:00.0'): from
/// seconds (an Integer or a Float), a Timespan, or a text of Timespan's default formats.
void canonical_timespan_bound(Value& key) {
  std::optional<std::int64_t> nanoseconds;
  // From a Float, Ruby's Timespan holds a Float of nanoseconds, whose fraction Puppet prints
  // with all its nine digits ('0-00:00:02.500000000').
  std::string_view format = key.is_float() ? "%D-%H:%M:%S.%N" : "%D-%H:%M:%S.%-N";
  if (key.is_integer()) {
    nanoseconds = static_cast<std::int64_t>(key.integer()) * 1000000000;
  } else if (key.is_float()) {
    nanoseconds = static_cast<std::int64_t>(key.number() * 1e9);
  } else if (is_runtime_value(key) && key.type().name == "#Timespan") {
    nanoseconds = key.type().parameters.empty() ? 0 : key.type().parameters[0].integer();
  } else if (key.is_string()) {
    for (std::string_view format : kDefaultTimespanFormats)
      if ((nanoseconds = parse_timespan(key.string(), format))) break;
  }
  if (nanoseconds) key = Value(format_timespan(*nanoseconds, format));
}

}  // namespace

TypeValue specialize_data_type(const std::string& name, std::vector<Value> keys,
                               const lang::ast::Access& access) {
  TypeAccess(name, keys, access).check();
  if (name == "Variant") return variant_of(std::move(keys));
  if (name == "Timestamp")  // its bounds as Puppet keeps them: Timestamps, printed in UTC
    for (Value& key : keys)
      if (key.is_string())
        if (auto canonical = canonical_timestamp_text(key.string())) key = Value(*canonical);
  if (name == "Timespan")
    for (Value& key : keys) canonical_timespan_bound(key);
  return make_type(name, std::move(keys));
}

}  // namespace marionette::compiler
