#include <cmath>

#include <set>

#include "compiler/erb/ruby_methods.hpp"
#include "rubyish/regex.hpp"
#include "rubyish/serialization.hpp"

namespace marionette::compiler::erb {

namespace {

RubyValue class_object(const std::string& name) { return RubyObject{"Class", name, name}; }

/// What Psych would write with a tag (`!ruby/range`, `!ruby/regexp`, an object), which
/// rubyish::psych_yaml does not write (it writes an Array or Hash held twice as Psych's alias).
/// Each Array or Hash is looked into once.
void check_plain_yaml(const RubyValue& value, std::set<const void*>& seen, std::size_t depth) {
  if (depth > rubyish::kMaxSerializedDepth) return;  // psych_yaml refuses it, as Ruby's stack
  const void* identity = value.is_array()  ? static_cast<const void*>(&value.array())
                         : value.is_hash() ? static_cast<const void*>(&value.hash())
                                           : nullptr;
  if (identity && !seen.insert(identity).second) return;
  if (value.is_range() || value.is_regexp() || value.is_object())
    throw BeyondTheEngine{"to_yaml of a " + class_name(value)};
  if (value.is_array())
    for (const RubyValue& item : value.array()) check_plain_yaml(item, seen, depth + 1);
  if (value.is_hash())
    for (const auto& [key, item] : value.hash()) {
      check_plain_yaml(key, seen, depth + 1);
      check_plain_yaml(item, seen, depth + 1);
    }
}

/// The classes and modules a value is a kind of, its own first.
std::vector<std::string> ancestors(const RubyValue& value) {
  std::vector<std::string> list{class_name(value)};
  if (value.is_number()) list.insert(list.end(), {"Numeric", "Comparable"});
  if (value.is_string()) list.push_back("Comparable");
  if (value.is_array() || value.is_hash() || value.is_range()) list.push_back("Enumerable");
  list.insert(list.end(), {"Object", "Kernel", "BasicObject"});
  return list;
}

bool kind_of(const RubyValue& value, const RubyValue& klass) {
  if (!klass.is_object() || klass.object().class_name != "Class")
    throw RubyError("class or module required");
  for (const std::string& name : ancestors(value))
    if (name == klass.object().text) return true;
  return false;
}

RubyValue numeric_result(double value, bool integral) {
  if (integral) return static_cast<std::int64_t>(value);
  return value;
}

void expect_number(const MethodCall& call, const RubyValue& other) {
  if (other.is_number()) return;
  if (call.name == "+" || call.name == "-" || call.name == "*" || call.name == "/" ||
      call.name == "%" || call.name == "**")
    throw RubyError((other.is_nil() ? std::string("nil") : class_name(other)) +
                    " can't be coerced into " + class_name(call.self));
  throw RubyError("comparison of " + class_name(call.self) + " with " +
                  (other.is_nil() ? "nil" : other.is_number() ? inspect(other) : class_name(other)) +
                  " failed");
}

RubyValue arithmetic(MethodCall& call) {
  call.arity(1, 1);
  const RubyValue& other = call.args[0];
  expect_number(call, other);
  const std::string& op = call.name;
  bool integral = call.self.is_integer() && other.is_integer();
  if (integral) {
    std::int64_t a = call.self.integer(), b = other.integer(), r = 0;
    if (op == "+") { if (__builtin_add_overflow(a, b, &r)) throw RubyError("Integer overflow beyond 64 bits"); return r; }
    if (op == "-") { if (__builtin_sub_overflow(a, b, &r)) throw RubyError("Integer overflow beyond 64 bits"); return r; }
    if (op == "*") { if (__builtin_mul_overflow(a, b, &r)) throw RubyError("Integer overflow beyond 64 bits"); return r; }
    if (op == "/" || op == "%") {
      if (b == 0) throw RubyError("divided by 0");
      std::int64_t q = a / b, m = a % b;
      if (m != 0 && ((m < 0) != (b < 0))) { --q; m += b; }
      return op == "/" ? q : m;
    }
    if (b < 0) return std::pow(static_cast<double>(a), static_cast<double>(b));
    double p = std::pow(static_cast<double>(a), static_cast<double>(b));
    if (p > 9.2e18) throw RubyError("Integer overflow beyond 64 bits");
    return static_cast<std::int64_t>(std::llround(p));
  }
  double a = call.self.number(), b = other.number();
  if (op == "+") return a + b;
  if (op == "-") return a - b;
  if (op == "*") return a * b;
  if (op == "/") return a / b;
  if (op == "%") {
    double m = std::fmod(a, b);
    if (m != 0 && ((m < 0) != (b < 0))) m += b;
    return m;
  }
  return std::pow(a, b);
}

RubyValue comparison(MethodCall& call) {
  call.arity(1, 1);
  const RubyValue& other = call.args[0];
  if (call.name == "<=>") {
    if (!other.is_number()) return RubyValue();
    return compare(call.self, other);
  }
  expect_number(call, other);
  int c = compare(call.self, other);
  const std::string& op = call.name;
  return op == "<" ? c < 0 : op == "<=" ? c <= 0 : op == ">" ? c > 0 : c >= 0;
}

RubyValue rounding(MethodCall& call) {
  call.arity(0, 1);
  if (call.self.is_integer()) return call.self;
  double d = call.self.number();
  if (!call.args.empty()) {
    double scale = std::pow(10.0, static_cast<double>(integer_argument(call.args[0])));
    return std::round(d * scale) / scale;
  }
  double r = call.name == "floor" ? std::floor(d) : call.name == "ceil" ? std::ceil(d)
             : call.name == "truncate" ? std::trunc(d) : std::round(d);
  if (std::isnan(r) || std::isinf(r)) throw RubyError("FloatDomainError: " + to_s(call.self));
  return numeric_result(r, true);
}

}  // namespace

RubyValue MethodCall::yield(RubyArray values) const {
  if (!block) throw RubyError("no block given (yield)");
  return (*block)(std::move(values));
}

void MethodCall::arity(std::size_t min, std::size_t max) const {
  if (args.size() >= min && args.size() <= max) return;
  std::string expected = min == max ? std::to_string(min)
                         : max == static_cast<std::size_t>(-1) ? std::to_string(min) + "+"
                                                               : std::to_string(min) + ".." + std::to_string(max);
  throw RubyError("wrong number of arguments (given " + std::to_string(args.size()) +
                  ", expected " + expected + ")");
}

void MethodCall::no_method() const { throw RubyError(no_method_message(name, self)); }

void MethodCall::type_error(const RubyValue& given, const char* expected) const {
  throw RubyError(std::string("no implicit conversion of ") +
                  (given.is_nil() ? "nil" : class_name(given)) + " into " + expected);
}

std::int64_t integer_argument(const RubyValue& value) {
  if (value.is_integer()) return value.integer();
  if (value.is_float()) return static_cast<std::int64_t>(value.number());
  throw RubyError(std::string("no implicit conversion of ") +
                  (value.is_nil() ? "nil" : class_name(value)) + " into Integer");
}

const std::string& string_argument(const RubyValue& value) {
  if (value.is_string()) return value.string();
  throw RubyError(std::string("no implicit conversion of ") +
                  (value.is_nil() ? "nil" : class_name(value)) + " into String");
}

std::regex regex_of(const RubyValue& pattern) {
  if (pattern.is_regexp()) return *pattern.regexp().compiled;
  static const std::string special = "\\^$.|?*+()[]{}/";
  std::string escaped;
  for (char c : string_argument(pattern)) {
    if (special.find(c) != std::string::npos) escaped += '\\';
    escaped += c;
  }
  return std::regex(escaped, std::regex::ECMAScript);
}

RubyArray elements_of(const RubyValue& value) {
  if (value.is_array()) return value.array();
  RubyArray out;
  if (value.is_hash()) {
    for (const auto& [key, item] : value.hash()) out.push_back(RubyArray{key, item});
  } else if (value.is_range()) {
    const RubyRange& r = value.range();
    std::int64_t last = r.exclusive ? r.last - 1 : r.last;
    if (last - r.first > 10'000'000) throw RubyError("range too large for the template engine");
    for (std::int64_t i = r.first; i <= last; ++i) out.push_back(i);
  }
  return out;
}

const MethodTable& object_methods() {
  static const MethodTable table = {
      {"nil?", [](MethodCall& c) -> RubyValue { return c.self.is_nil(); }},
      {"is_a?", [](MethodCall& c) -> RubyValue { c.arity(1, 1); return kind_of(c.self, c.args[0]); }},
      {"kind_of?", [](MethodCall& c) -> RubyValue { c.arity(1, 1); return kind_of(c.self, c.args[0]); }},
      {"instance_of?", [](MethodCall& c) -> RubyValue {
         c.arity(1, 1);
         return c.args[0].is_object() && c.args[0].object().text == class_name(c.self);
       }},
      {"class", [](MethodCall& c) -> RubyValue { return class_object(class_name(c.self)); }},
      {"to_s", [](MethodCall& c) -> RubyValue { return to_s(c.self); }},
      {"inspect", [](MethodCall& c) -> RubyValue { return inspect(c.self); }},
      {"==", [](MethodCall& c) -> RubyValue { c.arity(1, 1); return equal(c.self, c.args[0]); }},
      {"eql?", [](MethodCall& c) -> RubyValue { c.arity(1, 1); return eql(c.self, c.args[0]); }},
      {"equal?", [](MethodCall& c) -> RubyValue { c.arity(1, 1); return eql(c.self, c.args[0]); }},
      {"===", [](MethodCall& c) -> RubyValue {
         c.arity(1, 1);
         if (c.self.is_object() && c.self.object().class_name == "Class") return kind_of(c.args[0], c.self);
         if (c.self.is_range()) {
           if (!c.args[0].is_number()) return false;
           const RubyRange& r = c.self.range();
           double x = c.args[0].number();
           return x >= r.first && (r.exclusive ? x < r.last : x <= r.last);
         }
         if (c.self.is_regexp()) {
           if (!c.args[0].is_string()) return false;
           return std::regex_search(c.args[0].string(), *c.self.regexp().compiled);
         }
         return equal(c.self, c.args[0]);
       }},
      {"=~", [](MethodCall&) -> RubyValue { return RubyValue(); }},
      {"freeze", [](MethodCall& c) -> RubyValue { return c.self; }},
      {"to_yaml", [](MethodCall& c) -> RubyValue {  // Psych.dump, as Puppet has it loaded
         c.arity(0, 0);
         std::set<const void*> seen;
         check_plain_yaml(c.self, seen, 0);
         try {
           return rubyish::psych_yaml(c.self);
         } catch (const rubyish::SerializationError& e) {
           throw RubyError(e.what());
         }
       }},
      {"itself", [](MethodCall& c) -> RubyValue { return c.self; }},
      {"frozen?", [](MethodCall& c) -> RubyValue { return !c.self.is_array() && !c.self.is_hash() && !c.self.is_string(); }},
      {"dup", [](MethodCall& c) -> RubyValue {
         if (c.self.is_array()) return RubyArray(c.self.array());
         if (c.self.is_hash()) return RubyHash(c.self.hash());
         return c.self;  // a String's is String#dup
       }},
      {"respond_to?", [](MethodCall& c) -> RubyValue {
         c.arity(1, 2);
         const RubyValue& n = c.args[0];
         return find_method(c.self, n.is_symbol() ? n.symbol() : string_argument(n)) != nullptr;
       }},
      // nil's conversions, and Symbol's and Range's few.
      {"to_a", [](MethodCall& c) -> RubyValue {
         if (c.self.is_nil()) return RubyArray{};
         if (c.self.is_range() || c.self.is_array() || c.self.is_hash()) return elements_of(c.self);
         c.no_method();
       }},
      {"to_sym", [](MethodCall& c) -> RubyValue {
         if (c.self.is_symbol()) return c.self;
         if (c.self.is_string()) return RubySymbol{c.self.string()};
         c.no_method();
       }},
      {"to_i", [](MethodCall& c) -> RubyValue {
         if (c.self.is_nil()) return 0;
         c.no_method();
       }},
      {"to_f", [](MethodCall& c) -> RubyValue {
         if (c.self.is_nil()) return 0.0;
         c.no_method();
       }},
      {"escape", [](MethodCall& c) -> RubyValue {  // Regexp.escape(text)
         if (!c.self.is_object() || c.self.object().text != "Regexp") c.no_method();
         c.arity(1, 1);
         std::string out;
         for (char ch : c.args[0].is_symbol() ? c.args[0].symbol() : string_argument(c.args[0])) {
           switch (ch) {
             case ' ': out += "\\ "; break;
             case '\n': out += "\\n"; break;
             case '\t': out += "\\t"; break;
             case '\r': out += "\\r"; break;
             case '\f': out += "\\f"; break;
             case '\v': out += "\\v"; break;
             default:
               if (std::string_view(".*?+^$|()[]{}\\-#").find(ch) != std::string_view::npos) out += '\\';
               out += ch;
           }
         }
         return out;
       }},
      {"source", [](MethodCall& c) -> RubyValue {
         if (!c.self.is_regexp()) c.no_method();
         return c.self.regexp().source;
       }},
      {"&", [](MethodCall& c) -> RubyValue {
         c.arity(1, 1);
         if (c.self.is_nil() || c.self.is_bool()) return truthy(c.self) && truthy(c.args[0]);
         c.no_method();
       }},
      {"|", [](MethodCall& c) -> RubyValue {
         c.arity(1, 1);
         if (c.self.is_nil() || c.self.is_bool()) return truthy(c.self) || truthy(c.args[0]);
         c.no_method();
       }},
  };
  return table;
}

static RubyValue shift(MethodCall& c) {
  c.arity(1, 1);
  if (!c.self.is_integer()) c.no_method();
  if (!c.args[0].is_integer()) c.type_error(c.args[0], "Integer");
  std::int64_t value = c.self.integer(), by = c.args[0].integer();
  if (c.name == ">>") by = -by;
  if (by <= -64) return static_cast<std::int64_t>(value < 0 ? -1 : 0);
  if (by < 0) return value >> -by;
  if (by >= 63 || (value != 0 && (value > (INT64_MAX >> by) || value < (INT64_MIN >> by))))
    throw BeyondTheEngine{"an Integer beyond 64 bits"};
  return static_cast<std::int64_t>(static_cast<std::uint64_t>(value) << by);
}

const MethodTable& number_methods() {
  static const MethodTable table = {
      {"+", arithmetic}, {"-", arithmetic}, {"*", arithmetic}, {"/", arithmetic},
      {"%", arithmetic}, {"**", arithmetic}, {"modulo", arithmetic},
      {"<", comparison}, {"<=", comparison}, {">", comparison}, {">=", comparison},
      {"<=>", comparison},
      // Integer#<< and >> by a small Integer (`1 << 20`); what would leave 64 bits is Ruby's.
      {"<<", shift}, {">>", shift},
      {"-@", [](MethodCall& c) -> RubyValue {
         return c.self.is_integer() ? RubyValue(-c.self.integer()) : RubyValue(-c.self.number());
       }},
      {"to_i", [](MethodCall& c) -> RubyValue { return numeric_result(std::trunc(c.self.number()), true); }},
      {"to_int", [](MethodCall& c) -> RubyValue { return numeric_result(std::trunc(c.self.number()), true); }},
      {"to_f", [](MethodCall& c) -> RubyValue { return c.self.number(); }},
      {"to_s", [](MethodCall& c) -> RubyValue {
         c.arity(0, 1);
         if (c.args.empty() || !c.self.is_integer()) return to_s(c.self);
         std::int64_t base = integer_argument(c.args[0]), n = c.self.integer();
         if (base < 2 || base > 36) throw RubyError("invalid radix " + std::to_string(base));
         bool negative = n < 0;
         std::uint64_t u = negative ? 0 - static_cast<std::uint64_t>(n) : static_cast<std::uint64_t>(n);
         std::string digits;
         do { digits.insert(digits.begin(), "0123456789abcdefghijklmnopqrstuvwxyz"[u % base]); u /= base; } while (u);
         return (negative ? "-" : "") + digits;
       }},
      {"round", rounding}, {"floor", rounding}, {"ceil", rounding}, {"truncate", rounding},
      {"abs", [](MethodCall& c) -> RubyValue {
         return c.self.is_integer() ? RubyValue(c.self.integer() < 0 ? -c.self.integer() : c.self.integer())
                                    : RubyValue(std::fabs(c.self.number()));
       }},
      {"fdiv", [](MethodCall& c) -> RubyValue {
         c.arity(1, 1);
         if (!c.args[0].is_number()) expect_number(c, c.args[0]);
         return c.self.number() / c.args[0].number();
       }},
      {"zero?", [](MethodCall& c) -> RubyValue { return c.self.number() == 0; }},
      {"even?", [](MethodCall& c) -> RubyValue { if (!c.self.is_integer()) c.no_method(); return c.self.integer() % 2 == 0; }},
      {"odd?", [](MethodCall& c) -> RubyValue { if (!c.self.is_integer()) c.no_method(); return c.self.integer() % 2 != 0; }},
      {"integer?", [](MethodCall& c) -> RubyValue { return c.self.is_integer(); }},
      {"succ", [](MethodCall& c) -> RubyValue { if (!c.self.is_integer()) c.no_method(); return c.self.integer() + 1; }},
      {"times", [](MethodCall& c) -> RubyValue {
         if (!c.self.is_integer()) c.no_method();
         for (std::int64_t i = 0; i < c.self.integer(); ++i) c.yield({RubyValue(i)});
         return c.self;
       }},
      {"between?", [](MethodCall& c) -> RubyValue {
         c.arity(2, 2);
         return compare(c.self, c.args[0]) >= 0 && compare(c.self, c.args[1]) <= 0;
       }},
  };
  return table;
}

Method find_method(const RubyValue& self, std::string_view name) {
  const MethodTable* own = nullptr;
  if (self.is_number()) own = &number_methods();
  else if (self.is_string()) own = &string_methods();
  else if (self.is_array()) own = &array_methods();
  else if (self.is_hash()) own = &hash_methods();
  // Regexp#match, match? and =~ are String's matchers with the roles swapped (they take both).
  else if (self.is_regexp() && (name == "match" || name == "match?" || name == "=~"))
    own = &string_methods();
  if (own) {
    auto found = own->find(name);
    if (found != own->end()) return found->second;
  }
  if (self.is_array() || self.is_hash() || self.is_range()) {
    auto found = enumerable_methods().find(name);
    if (found != enumerable_methods().end()) return found->second;
  }
  auto found = object_methods().find(name);
  return found == object_methods().end() ? nullptr : found->second;
}

bool is_known_method(std::string_view name) {
  // Names no core class of Ruby has, written by mistake in real templates (chrony's
  // `is_a(Array)`): taken, to raise Ruby's NoMethodError if ever reached, as Ruby does.
  if (name == "is_a") return true;
  if (name == "ipv4?" || name == "ipv6?") return true;  // IPAddr's (ruby_libraries.cpp)
  for (const MethodTable* table : {&object_methods(), &number_methods(), &string_methods(),
                                   &array_methods(), &enumerable_methods(), &hash_methods()})
    if (table->count(name)) return true;
  return false;
}

}  // namespace marionette::compiler::erb
