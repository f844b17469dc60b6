#pragma once

#include <cstdint>
#include <memory>
#include <regex>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace marionette::rubyish {

struct RubyValue;
using RubyArray = std::vector<RubyValue>;
/// Keys keep their insertion order, as Ruby's Hash does; found by eql? (rubyvalue_eql).
using RubyHash = std::vector<std::pair<RubyValue, RubyValue>>;

struct RubySymbol {
  std::string name;
};
/// An Integer range (`1..3`, `0...n`).
struct RubyRange {
  std::int64_t first = 0, last = 0;
  bool exclusive = false;
};
struct RubyRegexp {
  std::string source;
  bool ignore_case = false;
  std::shared_ptr<const std::regex> compiled;
};
/// What templates only pass along or print: a Puppet type, a Sensitive value, the scope.
struct RubyObject {
  std::string class_name;
  std::string text;  ///< its to_s
  std::string inspect;
};

/// A String. Ruby's strings are objects: `s << x` and `s.strip!` change what every name for it
/// sees, so the values that name it share it. `owner` says whether it may change in place.
struct RubyString {
  enum class Owner : std::uint8_t {
    Mutable,  ///< made by the Ruby code itself (a literal, a method's result): it may change
    Frozen,   ///< frozen (`freeze`, a hash's string key): a change raises FrozenError
    Puppet,   ///< Puppet's own object (a variable's value): whether Ruby may change it (and
              ///< Puppet's variable with it) or raises FrozenError depends on how Puppet made it
  };
  std::string text;
  Owner owner = Owner::Mutable;
};

/// A Ruby value as templates use them. Strings, arrays and hashes are shared and may change, as
/// Ruby's objects do (`list << x` changes what every name for it sees).
struct RubyValue {
  using Variant = std::variant<std::monostate, bool, std::int64_t, double,
                               std::shared_ptr<RubyString>, RubySymbol, std::shared_ptr<RubyArray>,
                               std::shared_ptr<RubyHash>, RubyRange, RubyRegexp, RubyObject>;
  Variant v;

  RubyValue() = default;
  RubyValue(bool b) : v(b) {}
  RubyValue(int i) : v(std::int64_t{i}) {}
  RubyValue(std::int64_t i) : v(i) {}
  RubyValue(double d) : v(d) {}
  RubyValue(std::string s) : v(std::make_shared<RubyString>(RubyString{std::move(s)})) {}
  RubyValue(const char* s) : RubyValue(std::string(s)) {}
  RubyValue(std::string s, RubyString::Owner owner)
      : v(std::make_shared<RubyString>(RubyString{std::move(s), owner})) {}
  RubyValue(RubySymbol s) : v(std::move(s)) {}
  RubyValue(RubyArray a) : v(std::make_shared<RubyArray>(std::move(a))) {}
  RubyValue(RubyHash h) : v(std::make_shared<RubyHash>(std::move(h))) {}
  RubyValue(RubyRange r) : v(r) {}
  RubyValue(RubyRegexp r) : v(std::move(r)) {}
  RubyValue(RubyObject o) : v(std::move(o)) {}

  bool is_nil() const { return std::holds_alternative<std::monostate>(v); }
  bool is_bool() const { return std::holds_alternative<bool>(v); }
  bool is_integer() const { return std::holds_alternative<std::int64_t>(v); }
  bool is_float() const { return std::holds_alternative<double>(v); }
  bool is_number() const { return is_integer() || is_float(); }
  bool is_string() const { return std::holds_alternative<std::shared_ptr<RubyString>>(v); }
  bool is_symbol() const { return std::holds_alternative<RubySymbol>(v); }
  bool is_array() const { return std::holds_alternative<std::shared_ptr<RubyArray>>(v); }
  bool is_hash() const { return std::holds_alternative<std::shared_ptr<RubyHash>>(v); }
  bool is_range() const { return std::holds_alternative<RubyRange>(v); }
  bool is_regexp() const { return std::holds_alternative<RubyRegexp>(v); }
  bool is_object() const { return std::holds_alternative<RubyObject>(v); }

  bool boolean() const { return std::get<bool>(v); }
  std::int64_t integer() const { return std::get<std::int64_t>(v); }
  double number() const {
    return is_integer() ? static_cast<double>(integer()) : std::get<double>(v);
  }
  const std::string& string() const { return std::get<std::shared_ptr<RubyString>>(v)->text; }
  /// The String object itself, which every value naming it shares.
  RubyString& string_object() const { return *std::get<std::shared_ptr<RubyString>>(v); }
  const std::string& symbol() const { return std::get<RubySymbol>(v).name; }
  RubyArray& array() const { return *std::get<std::shared_ptr<RubyArray>>(v); }
  RubyHash& hash() const { return *std::get<std::shared_ptr<RubyHash>>(v); }
  const RubyRange& range() const { return std::get<RubyRange>(v); }
  const RubyRegexp& regexp() const { return std::get<RubyRegexp>(v); }
  const RubyObject& object() const { return std::get<RubyObject>(v); }
};

/// A Ruby exception raised while a template runs: its message as Ruby words it.
class RubyError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Ruby's truthiness: only nil and false are false.
inline bool truthy(const RubyValue& value) {
  return !value.is_nil() && !(value.is_bool() && !value.boolean());
}

/// `obj.class.name`: "String", "Integer", "NilClass", ...
std::string class_name(const RubyValue& value);
/// `to_s`, as `<%= %>` prints: arrays and hashes print their inspect (Ruby 1.9+).
std::string to_s(const RubyValue& value);
void append_to_s(const RubyValue& value, std::string& out);
/// `inspect`: `"a\n"`, `:sym`, `[1, nil]`, `{"k"=>1}`.
std::string inspect(const RubyValue& value);
void append_inspect(const RubyValue& value, std::string& out);
/// String#inspect of a UTF-8 string: `"it's \"x\"\n"`, control characters as `\u0001`,
/// DEL as `\x7F`, `#` escaped before `{`, `$` and `@`.
void append_inspected_string(std::string_view text, std::string& out);
/// Float#to_s: the shortest digits, fixed when the decimal exponent is in (-4, 15], else
/// scientific with a signed two-digit exponent (`3.0`, `0.0001`, `1.0e+20`, `1.5e-07`), `NaN`,
/// `Infinity`, `-Infinity`.
std::string float_to_s(double value);
/// `==`: 1 == 1.0, collections deeply, symbols never equal strings.
bool equal(const RubyValue& a, const RubyValue& b);
/// `eql?`: as == but an Integer never equals a Float (hash keys).
bool eql(const RubyValue& a, const RubyValue& b);
/// `<=>` for sorting: numbers, strings (by bytes), arrays element-wise. Throws Ruby's
/// "comparison of X with Y failed" when the two are not comparable.
int compare(const RubyValue& a, const RubyValue& b);
/// The value for a key (eql?), or nullptr.
RubyValue* hash_lookup(RubyHash& hash, const RubyValue& key);
/// Sets a key, keeping the first insertion's place; a String key is stored frozen, as Ruby's.
void hash_store(RubyHash& hash, RubyValue key, RubyValue value);
/// `"undefined method `name' for VALUE:Class"`, as Ruby 3.1's NoMethodError says.
std::string no_method_message(const std::string& name, const RubyValue& receiver);

}  // namespace marionette::rubyish
