#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <regex>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace marionette::compiler {

struct Value;

struct Undef {
  bool operator==(const Undef&) const = default;
};
struct Default {
  bool operator==(const Default&) const = default;
};

struct Regexp {
  std::string pattern;
  std::shared_ptr<const std::regex> compiled;
};

/// A type such as `Integer[1, 10]` or `Array[String]`; a resource reference is a type too:
/// `File['/etc/motd']` is {name: "File", parameters: ["/etc/motd"]}, `Class['app']` likewise.
struct TypeAliasTarget;
struct TypeValue {
  std::string name;
  std::vector<Value> parameters;
  /// Set for a type alias (`type Port = Integer[1, 65535]`, named "Port"): what it stands for,
  /// owned by the evaluator and filled once resolved (later, for a recursive alias).
  std::weak_ptr<const TypeAliasTarget> alias{};
  /// The string a String type was inferred from (`type('ab')`): Puppet prints it as String but
  /// keeps the value, which Puppet 8's rich data writes (Pcore's StringType, "ab").
  std::optional<std::string> inferred_string{};
};

/// A String Puppet's Ruby holds as an object other than a plain UTF-8 String: bytes in ASCII-8BIT
/// (what Base64.decode64, File.extname's "" and Shellwords give, or a module's Ruby returns) or an
/// instance of a String subclass a module's Ruby returned (Puppet::Util::Execution's
/// ProcessOutput). It is a String everywhere (is_string(), string(), ==, type()); only OpenVox 8's
/// rich data writes it apart ({"__ptype": "Binary"}, {"__ptype": "String"}), and interpolation and
/// join keep ASCII-8BIT as Ruby's encoding rules do (string_encoding.hpp).
struct RubyString {
  enum class Kind : std::uint8_t { ascii_8bit, subclass };
  std::string text;
  Kind kind = Kind::ascii_8bit;
};

using Array = std::vector<Value>;
/// Keys keep their insertion order, as in Puppet.
using Hash = std::vector<std::pair<Value, Value>>;

/// A Puppet value. Arrays, hashes and types are shared and never changed once built, so that
/// copying a value is cheap.
struct Value {
  using Variant = std::variant<Undef, Default, bool, std::int64_t, double, std::string, Regexp,
                               std::shared_ptr<const TypeValue>, std::shared_ptr<const Array>,
                               std::shared_ptr<const Hash>, std::shared_ptr<const RubyString>>;
  Variant v;

  Value() = default;
  Value(Undef) {}
  Value(Default d) : v(d) {}
  Value(bool b) : v(b) {}
  Value(int i) : v(std::int64_t{i}) {}
  Value(std::int64_t i) : v(i) {}
  Value(double d) : v(d) {}
  Value(std::string s) : v(std::move(s)) {}
  Value(const char* s) : v(std::string(s)) {}
  Value(Regexp r) : v(std::move(r)) {}
  Value(TypeValue t) : v(std::make_shared<const TypeValue>(std::move(t))) {}
  Value(Array a) : v(std::make_shared<const Array>(std::move(a))) {}
  Value(Hash h) : v(std::make_shared<const Hash>(std::move(h))) {}
  Value(RubyString s) : v(std::make_shared<const RubyString>(std::move(s))) {}

  bool is_undef() const { return std::holds_alternative<Undef>(v); }
  bool is_default() const { return std::holds_alternative<Default>(v); }
  bool is_string() const {
    return std::holds_alternative<std::string>(v) ||
           std::holds_alternative<std::shared_ptr<const RubyString>>(v);
  }
  /// The RubyString behind a String value, nullptr for a plain one (and for any other value).
  const RubyString* ruby_string() const {
    auto held = std::get_if<std::shared_ptr<const RubyString>>(&v);
    return held ? held->get() : nullptr;
  }
  bool is_ascii_8bit() const {
    const RubyString* s = ruby_string();
    return s && s->kind == RubyString::Kind::ascii_8bit;
  }
  bool is_integer() const { return std::holds_alternative<std::int64_t>(v); }
  bool is_float() const { return std::holds_alternative<double>(v); }
  bool is_number() const { return is_integer() || is_float(); }
  bool is_boolean() const { return std::holds_alternative<bool>(v); }
  bool is_regexp() const { return std::holds_alternative<Regexp>(v); }
  bool is_type() const { return std::holds_alternative<std::shared_ptr<const TypeValue>>(v); }
  bool is_array() const { return std::holds_alternative<std::shared_ptr<const Array>>(v); }
  bool is_hash() const { return std::holds_alternative<std::shared_ptr<const Hash>>(v); }

  const std::string& string() const {
    if (auto plain = std::get_if<std::string>(&v)) return *plain;
    return std::get<std::shared_ptr<const RubyString>>(v)->text;
  }
  std::int64_t integer() const { return std::get<std::int64_t>(v); }
  double number() const {
    return is_integer() ? static_cast<double>(integer()) : std::get<double>(v);
  }
  bool boolean() const { return std::get<bool>(v); }
  const Regexp& regexp() const { return std::get<Regexp>(v); }
  const TypeValue& type() const { return *std::get<std::shared_ptr<const TypeValue>>(v); }
  const Array& array() const { return *std::get<std::shared_ptr<const Array>>(v); }
  const Hash& hash() const { return *std::get<std::shared_ptr<const Hash>>(v); }
};

/// `text` made from `source` by a Ruby String method (upcase, strip, sub, split, [] ...), which
/// keeps its receiver's encoding: ASCII-8BIT stays so.
inline Value string_like(const Value& source, std::string text) {
  if (source.is_ascii_8bit()) return RubyString{std::move(text)};
  return Value(std::move(text));
}

/// Puppet's truthiness: undef and false are false, everything else (even "" and 0) is true.
bool truthy(const Value& value);

/// `==`: strings compare case-insensitively, numbers by value, collections deeply.
bool equals(const Value& a, const Value& b);

/// The value as interpolation prints it: `[1, [2, 3]]`, `{k => v}`, "" for undef.
std::string to_string(const Value& value);
void append_string(const Value& value, std::string& out);

/// A float as Puppet prints it (Ruby's Float#to_s): `3.0`, `0.0001`, `1.0e+20`, `1.5e-07`.
std::string format_float(double value);

/// A string as Puppet quotes it in printed values: 'it\'s', or "a\nb" when it holds control
/// characters or double quotes are asked for (String's `%#p`: "a\$b").
std::string puppet_quote(const std::string& text, bool double_quoted = false);

/// Looks a key up in a hash (Puppet equality); nullptr when absent.
const Value* hash_find(const Hash& hash, const Value& key);
/// Whether two values are the same key of a hash: strings exactly (Puppet's == ignores case,
/// a hash's keys do not), anything else as ==.
bool same_hash_key(const Value& a, const Value& b);

/// A Sensitive value (`Sensitive('secret')`) is held as a type named "#sensitive" wrapping the
/// value, so that it stays distinct from the type `Sensitive[String]`.
Value make_sensitive(Value inner);
bool is_sensitive(const Value& value);

/// Is this a resource reference (`File['x']`, `Class['app']`), i.e. a type with one title?
bool is_resource_reference(const Value& value);
/// "File[/etc/motd]" for a resource reference, as the catalog writes it.
std::string reference_string(const TypeValue& type);
/// "File['/etc/motd']" (and "Class[app]"), as interpolation and String() print it.
std::string reference_source(const TypeValue& type);

}  // namespace marionette::compiler
