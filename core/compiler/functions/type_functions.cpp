#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <initializer_list>
#include <memory>
#include <optional>
#include <regex>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "compiler/environment.hpp"
#include "compiler/function_host.hpp"
#include "compiler/functions/function.hpp"
#include "compiler/integer_range.hpp"
#include "compiler/runtime_values.hpp"
#include "compiler/types.hpp"
#include "lang/diagnostic.hpp"
#include "lang/parser.hpp"

namespace marionette::compiler {

namespace {

/// A type written as text ('Optional[String]', an alias's name), as Puppet's TypeParser reads
/// the strings assert_type and Type.new take: parsed and evaluated in the caller's scope.
Value type_from_string(CallContext& call, const std::string& text) {
  const lang::Program& program =
      call.host.environment().parse_snippet(lang::make_source("<type " + text + ">", text));
  if (program.body && program.body->statements.size() == 1) {
    Value type = call.host.evaluate(program.body->statements[0], call.scope);
    if (type.is_type()) return type;
  }
  call.fail("The expression <" + text + "> is not a valid type specification.");
}

/// assert_type(Type or its text, value): the value, or an error naming what was expected.
Value assert_type(CallContext& call) {
  call.expect_arguments(2, 2);
  Value expected = call.arguments[0].is_string()
                       ? type_from_string(call, call.arguments[0].string())
                       : call.arguments[0];
  if (!expected.is_type()) call.fail("expects a Type as its first argument");
  const TypeValue& type = expected.type();
  if (matches(call.arguments[1], type)) return call.arguments[1];
  if (call.lambda)  // the block decides: it gets the expected and the actual type
    return call.host.call_lambda(*call.lambda,
                                 {expected, Value(TypeValue{type_name_of(call.arguments[1]), {}})},
                                 call.scope);
  std::vector<std::string> reasons = describe_mismatches(type, call.arguments[1]);
  if (reasons.size() == 1) call.fail(reasons.front());
  std::string message;  // Puppet's: each reason on its line, the first after a space
  for (const std::string& reason : reasons)
    message += (message.empty() ? " " : "\n  ") + ("assert_type(): " + reason);
  throw lang::SourceError(message, call.where);
}

/// Puppet's constructors take their arguments also as one hash ({from => ..., radix => ...,
/// abs => ...}): the arguments in the order of `names`, undef where the hash has none.
std::vector<Value> named_arguments(const std::vector<Value>& arguments,
                                   std::initializer_list<std::string_view> names) {
  if (arguments.size() != 1 || !arguments[0].is_hash()) return arguments;
  std::vector<Value> out;
  for (std::string_view name : names) {
    const Value* found = hash_find(arguments[0].hash(), Value(std::string(name)));
    out.push_back(found ? *found : Value());
  }
  while (out.size() > 1 && out.back().is_undef()) out.pop_back();
  return out;
}

/// Puppet's error when a constructor's argument has a type it does not take, its function's
/// name first: "'new' Value of type Undef cannot be converted to Integer".
[[noreturn]] void fail_conversion(const CallContext& call, std::string_view function,
                                  const Value& value, std::string_view to) {
  std::string what = value.is_string() ? "The string '" + value.string() + "'"
                                       : "Value of type " + type_name_of(value);
  throw lang::SourceError(
      "'" + std::string(function) + "' " + what + " cannot be converted to " + std::string(to),
      call.where);
}

/// Ruby's Integer(text, radix) (radix 0: by the prefix) on what Puppet lets through: a sign,
/// then 0x…, 0b… or digits; nullopt where Ruby raises.
std::optional<__int128> ruby_integer(std::string_view digits, bool negative, int radix,
                                     bool& too_large) {
  auto prefix = [&](char lower) {
    return digits.size() > 2 && digits[0] == '0' &&
           std::tolower(static_cast<unsigned char>(digits[1])) == lower;
  };
  int base = radix;
  if (prefix('x') && (radix == 0 || radix == 16))
    base = 16, digits.remove_prefix(2);
  else if (prefix('b') && (radix == 0 || radix == 2))
    base = 2, digits.remove_prefix(2);
  else if (radix == 0)
    base = digits.size() > 1 && digits[0] == '0' ? 8 : 10;
  std::uint64_t magnitude = 0;
  auto [end, error] =
      std::from_chars(digits.data(), digits.data() + digits.size(), magnitude, base);
  if (error == std::errc::result_out_of_range) {
    too_large = true;
    return std::nullopt;
  }
  if (digits.empty() || error != std::errc() || end != digits.data() + digits.size())
    return std::nullopt;
  return negative ? -static_cast<__int128>(magnitude) : static_cast<__int128>(magnitude);
}

/// Integer.new(from, radix = default, abs = false), or the same as one hash, as Puppet 7.23:
/// numbers, Booleans, Timestamps and Timespans, and strings of Puppet's integer pattern (a sign,
/// blanks, then 0x…, 0b… or digits) read as Ruby's Integer() reads them.
Value new_integer(CallContext& call) {
  std::vector<Value> arguments = named_arguments(call.arguments, {"from", "radix", "abs"});
  CallContext named{call.host, call.scope, call.name, arguments, call.lambda, call.where};
  named.expect_arguments(1, 3);
  const Value& value = arguments[0];
  const bool abs = arguments.size() > 2 && arguments[2].is_boolean() && arguments[2].boolean();
  const auto result = [&](__int128 n) {
    return integer_in_range(abs && n < 0 ? -n : n, "Integer()", call.where);
  };
  if (value.is_integer()) return result(value.integer());
  if (value.is_float()) return result(integer_from_float(value.number(), "Integer()", call.where));
  if (value.is_boolean()) return value.boolean() ? 1 : 0;
  if (is_runtime_value(value, "Timestamp") || is_runtime_value(value, "Timespan")) {
    std::int64_t first = value.type().parameters[0].integer();
    return result(is_runtime_value(value, "Timestamp") ? first : first / 1000000000);
  }
  if (!value.is_string()) fail_conversion(call, "new", value, "Integer");
  const std::string& text = value.string();
  std::string_view digits = text;
  bool negative = digits.starts_with('-');
  if (negative || digits.starts_with('+')) digits.remove_prefix(1);
  while (!digits.empty() && std::isspace(static_cast<unsigned char>(digits[0])))
    digits.remove_prefix(1);
  static const std::regex pattern(R"(0[xX][0-9a-fA-F]+|0[bB][01]+|[0-9]+)");
  if (!std::regex_match(digits.begin(), digits.end(), pattern))
    fail_conversion(call, "new", value, "Integer");
  int radix = 0;
  if (arguments.size() > 1 && arguments[1].is_integer()) {
    std::int64_t given = arguments[1].integer();
    if (given != 2 && given != 8 && given != 10 && given != 16)
      throw lang::SourceError(
          "Illegal radix: " + std::to_string(given) + ", expected 2, 8, 10, 16, or default",
          call.where);
    radix = static_cast<int>(given);
  }
  bool too_large = false;
  std::optional<__int128> read = ruby_integer(digits, negative, radix, too_large);
  if (too_large) call.fail("The string '" + text + "' is outside of Puppet Integer range");
  // Ruby's own words, the string as Ruby inspects it.
  if (!read) throw lang::SourceError("invalid value for Integer(): \"" + text + "\"", call.where);
  return result(*read);
}

/// String.new's default format: floats as %f, strings inside collections quoted.
std::string default_string(const Value& value, bool nested) {
  if (is_runtime_value(value, "Iterator"))  // its items, as an Array's
    return default_string(value.type().parameters.at(0), nested);
  if (value.is_float() && nested) return format_float(value.number());
  if (value.is_float()) {  // %f: all of a large float's digits (1e100 has 101 of them)
    int size = std::snprintf(nullptr, 0, "%f", value.number());
    std::string text(static_cast<std::size_t>(size), '\0');
    std::snprintf(text.data(), text.size() + 1, "%f", value.number());
    return text;
  }
  if (value.is_string()) return nested ? puppet_quote(value.string()) : value.string();
  if (value.is_undef()) return nested ? "undef" : "";
  if (value.is_regexp() && !nested) return value.regexp().pattern;
  if (is_sensitive(value) && nested) return "#<Sensitive [value redacted]>";
  if (is_runtime_value(value, "Binary") && nested) return "Binary(\"" + to_string(value) + "\")";
  if (value.is_array()) {
    std::string out = "[";
    for (std::size_t i = 0; i < value.array().size(); ++i)
      out += (i ? ", " : "") + default_string(value.array()[i], true);
    return out + "]";
  }
  if (value.is_hash()) {
    std::string out = "{";
    bool first = true;
    for (const auto& [k, v] : value.hash()) {
      out += (first ? "" : ", ") + default_string(k, true) + " => " + default_string(v, true);
      first = false;
    }
    return out + "}";
  }
  return to_string(value);
}

/// What Puppet's StringConverter prints for undef in a format: `%p` undef, `%v` n/a, `%d` NaN;
/// width and precision then apply to that text.
std::optional<std::string> undef_text(char format, bool alternative) {
  switch (format) {
    case 's':
      return "";
    case 'p':
      return alternative ? "\"undef\"" : "undef";
    case 'u':
      return "undef";
    case 'v':
      return "n/a";
    case 'V':
      return "N/A";
    case 'n':
      return "nil";
    default:
      if (std::string_view("dxXobBeEfgGaA").find(format) != std::string_view::npos) return "NaN";
      return std::nullopt;
  }
}

/// The directive for the text a Puppet format made: its `#` spent, its conversion %s.
void as_text_directive(std::string& directive) {
  std::erase(directive, '#');
  directive.back() = 's';
}

std::string ruby_capitalize(std::string_view word) {
  std::string out;
  for (char c : word)
    out += static_cast<char>(out.empty() ? std::toupper(static_cast<unsigned char>(c))
                                         : std::tolower(static_cast<unsigned char>(c)));
  return out;
}

/// Puppet's StringConverter formats of one type that Ruby's format lacks, checked against
/// Puppet 7.23: a boolean as %t true, %T True, %y yes, %Y Yes, or a number (%d 1, %f 1.0); a
/// string as %C App::Web, %c Capitalized, %u UPPER, %d lower, %#p "double-quoted"; a regexp's
/// %s its pattern. The result replaces the value and the format becomes its %s (or %d, %f).
std::optional<Value> typed_text(const Value& value, std::string& directive) {
  char& format = directive.back();
  auto plain = [&](std::string text) {
    format = 's';
    return std::optional<Value>(Value(std::move(text)));
  };
  if (value.is_boolean()) {
    bool yes = value.boolean();
    switch (format) {
      case 't':
        return plain(yes ? "true" : "false");
      case 'T':
        return plain(yes ? "True" : "False");
      case 'y':
        return plain(yes ? "yes" : "no");
      case 'Y':
        return plain(yes ? "Yes" : "No");
      default:
        if (std::string_view("dxXobB").find(format) != std::string_view::npos)
          return Value(std::int64_t{yes ? 1 : 0});
        if (std::string_view("eEfgGaA").find(format) != std::string_view::npos)
          return Value(yes ? 1.0 : 0.0);
        return std::nullopt;
    }
  }
  if (value.is_string()) {
    const std::string& text = value.string();
    switch (format) {
      case 'c':
        return plain(ruby_capitalize(text));
      case 'C': {
        std::string out;
        for (std::size_t start = 0; start <= text.size();) {
          std::size_t end = text.find("::", start);
          if (end == std::string::npos) end = text.size();
          out += (start ? "::" : "") +
                 ruby_capitalize(std::string_view(text).substr(start, end - start));
          start = end + 2;
        }
        return plain(out);
      }
      case 'u':
      case 'd': {
        std::string out = text;
        for (char& c : out)
          c = static_cast<char>(format == 'u' ? std::toupper(static_cast<unsigned char>(c))
                                              : std::tolower(static_cast<unsigned char>(c)));
        return plain(out);
      }
      case 'p':
        if (directive.find('#') == std::string::npos) return std::nullopt;
        as_text_directive(directive);
        return Value(puppet_quote(text, true));
      default:
        return std::nullopt;
    }
  }
  if (value.is_regexp() && format == 's') return plain(value.regexp().pattern);
  if (is_runtime_value(value, "Binary")) {
    // %s the bytes (%#s quoted), %b base64 in lines of 60 as Ruby's encode64, %B strict, %u
    // URL-safe, %p Binary("..."), %t the type's name.
    std::string base64 = to_string(value);
    switch (format) {
      case 'b': {
        std::string lines;
        for (std::size_t at = 0; at < base64.size(); at += 60)
          lines += base64.substr(at, 60) + "\n";
        return plain(lines);
      }
      case 'B':
        return plain(base64);
      case 'u':
        std::replace(base64.begin(), base64.end(), '+', '-');
        std::replace(base64.begin(), base64.end(), '/', '_');
        return plain(base64);
      case 't':
        return plain("Binary");
      case 'p':
        return plain("Binary(\"" + base64 + "\")");
      case 's':
        if (directive.find('#') == std::string::npos) return std::nullopt;
        as_text_directive(directive);
        {
          const Value& bytes = value.type().parameters[0];
          return Value("\"" + (bytes.is_string() ? bytes.string() : base64) + "\"");
        }
      default:
        return std::nullopt;
    }
  }
  return std::nullopt;
}

/// An array's %a (and a hash's %h), between the delimiters a flag asks for: `(`, `[`, `{`, `<`
/// or `|`; a hash's %a is the array of its pairs. The directive becomes a plain %s.
std::optional<Value> collection_text(const Value& value, std::string& directive) {
  char format = directive.back();
  bool array_format = format == 'a' && (value.is_array() || value.is_hash());
  bool hash_format = format == 'h' && value.is_hash();
  if (!array_format && !hash_format) return std::nullopt;
  std::string text = default_string(
      array_format && value.is_hash() ? Value(*iterable_elements(value)) : value, false);
  static const std::pair<char, char> kDelimiters[] = {
      {'(', ')'}, {'[', ']'}, {'{', '}'}, {'<', '>'}, {'|', '|'}};
  for (const auto& [open, close] : kDelimiters) {
    if (directive.find(open) == std::string::npos) continue;
    text = open + text.substr(1, text.size() - 2) + close;
    break;
  }
  directive = "%s";  // Puppet pads a collection's items, not the collection (%20a: "[1, 'a']")
  return Value(text);
}

Value new_string(CallContext& call) {
  call.expect_arguments(1, 2);
  if (call.arguments.size() > 1 && call.arguments[1].is_string()) {
    if (is_runtime_value(call.arguments[0], "Binary") && call.arguments[1].string() == "%s")
      return call.arguments[0].type().parameters[0];  // the bytes themselves
    // Puppet's StringConverter, not Ruby's format: %s and %p print collections as String()
    // does, and %p quotes a string; width and precision apply to that text.
    std::string directive = call.arguments[1].string();
    static const std::regex kDirective(
        R"(%([\s\[+#0{<(|-]*)([1-9][0-9]*)?(?:\.([0-9]+))?([a-zA-Z]))");
    if (!std::regex_match(directive, kDirective))
      throw lang::SourceError("The format '" + directive +
                                  "' is not a valid format on the form "
                                  "'%<flags><width>.<prec><format>'",
                              call.where);
    Value subject = call.arguments[0];
    if (is_runtime_value(subject, "Iterator"))  // formatted as its items' Array
      subject = subject.type().parameters.at(0);
    if (auto text = typed_text(subject, directive)) subject = std::move(*text);
    if (subject.is_undef() && directive.size() > 1 && directive[0] == '%') {
      if (auto text = undef_text(directive.back(), directive.find('#') != std::string::npos)) {
        as_text_directive(directive);
        subject = *text;
      }
    }
    if (auto text = collection_text(subject, directive)) subject = std::move(*text);
    if (directive.size() > 1 && directive[0] == '%' &&
        (directive.back() == 's' || directive.back() == 'p')) {
      if (subject.is_array() || subject.is_hash() ||
          (subject.is_type() && !is_sensitive(subject) && !is_runtime_value(subject))) {
        subject = default_string(subject, false);  // a type or reference: File['/tmp/x']
      } else if (directive.back() == 'p' && subject.is_string()) {
        subject = puppet_quote(subject.string());
      }
      directive.back() = 's';
    }
    std::vector<Value> arguments{Value(directive), subject};
    CallContext format{call.host, call.scope, call.name, arguments, nullptr, call.where};
    return find_function("sprintf")(format);
  }
  // A String is its own text (StringConverter's %s gives the object back): an ASCII-8BIT one or
  // a String subclass's instance stays so.
  if (call.arguments[0].ruby_string()) return call.arguments[0];
  return default_string(call.arguments[0], false);
}

Value new_boolean(CallContext& call) {
  call.expect_arguments(1, 1);
  const Value& value = call.arguments[0];
  if (value.is_boolean()) return value;
  if (value.is_number()) return value.number() != 0;
  if (!value.is_string()) fail_conversion(call, "new_boolean", value, "Boolean");
  std::string text = value.string();
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (text == "true" || text == "yes" || text == "y") return true;
  if (text == "false" || text == "no" || text == "n") return false;
  fail_conversion(call, "new_boolean", value, "Boolean");
}

/// Array(value, wrap = false), as Puppet 7.23: an array as it is; with wrap, anything else in an
/// array of one; else the elements Puppet iterates it by (iterable_elements).
Value new_array(CallContext& call) {
  call.expect_arguments(1, 2);
  const Value& value = call.arguments[0];
  bool wrap =
      call.arguments.size() > 1 && call.arguments[1].is_boolean() && call.arguments[1].boolean();
  if (value.is_array()) return value;
  if (wrap) return Array{value};
  if (is_runtime_value(value, "Binary")) {  // its bytes
    Array bytes;
    for (char byte : to_string(value.type().parameters.at(0)))
      bytes.emplace_back(static_cast<std::int64_t>(static_cast<unsigned char>(byte)));
    return bytes;
  }
  if (auto items = iterable_elements(value)) return std::move(*items);
  std::string label = value.is_regexp() ? "Regexp[/" + value.regexp().pattern + "/]"
                      : value.is_type() ? "Type"
                                        : type_name_of(value);
  // Puppet's words, its function's name first.
  throw lang::SourceError("'new_array' Value of type " + label + " cannot be converted to Array",
                          call.where);
}

/// A hash being built by Hash.new's tree options: each key holds a value or a subtree.
struct HashTreeNode {
  std::vector<std::pair<Value, std::variant<Value, std::unique_ptr<HashTreeNode>>>> entries;

  auto find(const Value& key) {
    return std::find_if(entries.begin(), entries.end(),
                        [&](const auto& e) { return same_hash_key(e.first, key); });
  }
  /// The subtree at `key`, made when missing (a hash value there becomes a subtree).
  HashTreeNode* child(const Value& key) {
    auto found = find(key);
    if (found == entries.end()) {
      entries.emplace_back(key, std::make_unique<HashTreeNode>());
      return std::get<std::unique_ptr<HashTreeNode>>(entries.back().second).get();
    }
    if (auto* tree = std::get_if<std::unique_ptr<HashTreeNode>>(&found->second)) return tree->get();
    const Value& held = std::get<Value>(found->second);
    if (!held.is_hash()) return nullptr;
    auto tree = std::make_unique<HashTreeNode>();
    for (const auto& [k, v] : held.hash()) tree->set(k, v);
    HashTreeNode* made = tree.get();
    found->second = std::move(tree);
    return made;
  }
  /// The value (no subtree) held at `key`, nullptr when none is.
  Value* value_at(const Value& key) {
    auto found = find(key);
    return found == entries.end() ? nullptr : std::get_if<Value>(&found->second);
  }
  void set(const Value& key, Value value) {
    auto found = find(key);
    if (found == entries.end())
      entries.emplace_back(key, std::move(value));
    else
      found->second = std::move(value);
  }
  Value to_value() const {
    Hash out;
    for (const auto& [key, held] : entries) {
      if (auto* tree = std::get_if<std::unique_ptr<HashTreeNode>>(&held))
        out.emplace_back(key, (*tree)->to_value());
      else
        out.emplace_back(key, std::get<Value>(held));
    }
    return out;
  }
};

/// Hash.new's 'hash_tree' option: arrays in the values become hashes keyed by index.
Value array_as_hash(const Value& value) {
  if (!value.is_array()) return value;
  Hash out;
  for (std::size_t i = 0; i < value.array().size(); ++i)
    out.emplace_back(Value(static_cast<std::int64_t>(i)), array_as_hash(value.array()[i]));
  return out;
}

/// Hash.new([[path, value], ...], 'tree' or 'hash_tree'): each value set at its path of keys,
/// the hashes on the way made when missing, as Puppet's from_tree.
Value hash_from_tree(CallContext& call) {
  const Value& entries = call.arguments[0];
  const Value& option = call.arguments[1];
  auto is_entry = [](const Value& e) {
    return e.is_array() && e.array().size() == 2 && e.array()[0].is_array();
  };
  if (!option.is_string() || (option.string() != "tree" && option.string() != "hash_tree") ||
      !entries.is_array() || entries.array().empty() ||
      !std::all_of(entries.array().begin(), entries.array().end(), is_entry))
    call.fail("expects an Array of [path, value] and 'tree' or 'hash_tree'");
  bool all_hashes = option.string() == "hash_tree";
  HashTreeNode root;
  for (const Value& entry : entries.array()) {
    const Array& path = entry.array()[0].array();
    const Value& value = entry.array()[1];
    if (path.empty()) {  // the root: its values merge into the result
      if (value.is_array())
        for (std::size_t i = 0; i < value.array().size(); ++i)
          root.set(Value(static_cast<std::int64_t>(i)), value.array()[i]);
      else if (value.is_hash())
        for (const auto& [k, v] : value.hash()) root.set(k, v);
      continue;
    }
    HashTreeNode* node = &root;
    for (std::size_t i = 0; i + 2 < path.size() && node; ++i) node = node->child(path[i]);
    if (!node) call.fail("cannot set a value under a value that is no Hash");
    Value stored = all_hashes ? array_as_hash(value) : value;
    if (path.size() == 1) {
      node->set(path.back(), std::move(stored));
      continue;
    }
    // An index under an array sets that element, as Ruby's Array#[]= (nil up to it).
    Value* held = path.back().is_integer() ? node->value_at(path[path.size() - 2]) : nullptr;
    if (held && held->is_array() && path.back().integer() >= 0) {
      auto index = static_cast<std::size_t>(path.back().integer());
      Array elements = held->array();
      if (index >= elements.size()) elements.resize(index + 1);
      elements[index] = std::move(stored);
      *held = Value(std::move(elements));
      continue;
    }
    node = node->child(path[path.size() - 2]);
    if (!node) call.fail("cannot set a value under a value that is no Hash");
    node->set(path.back(), std::move(stored));
  }
  return root.to_value();
}

/// Hash(value): a hash as it is; an array of [key, value] pairs, or of keys and values in turn;
/// anything else Puppet iterates (a string's characters, 0...n) as keys and values in turn.
Value new_hash(CallContext& call) {
  call.expect_arguments(1, 2);
  if (call.arguments.size() == 2) return hash_from_tree(call);
  const Value& value = call.arguments[0];
  if (value.is_hash()) return value;
  std::optional<Array> elements = value.is_array() ? std::optional<Array>(value.array())
                                  : value.is_string() || value.is_integer()
                                      ? iterable_elements(value)
                                      : std::nullopt;
  if (!elements)
    throw lang::SourceError("Value of type " + type_name_of(value) + " cannot be converted to Hash",
                            call.where);
  Hash out;
  const Array& items = *elements;
  bool pairs = !items.empty() && items[0].is_array();
  if (pairs) {
    for (const Value& item : items)
      if (item.is_array() && item.array().size() == 2)
        out.emplace_back(item.array()[0], item.array()[1]);
  } else {
    if (items.size() % 2 != 0)
      throw lang::SourceError("odd number of arguments for Hash", call.where);
    for (std::size_t i = 0; i + 1 < items.size(); i += 2) out.emplace_back(items[i], items[i + 1]);
  }
  return out;
}

/// Numeric('3.5') / Float('3'): numbers from numbers, booleans or their text.
template <bool AlwaysFloat>
Value new_number_from(CallContext& call) {
  call.expect_arguments(1, 2);
  const Value& value = call.arguments[0];
  if (value.is_number()) return AlwaysFloat ? Value(value.number()) : value;
  if (value.is_boolean())
    return AlwaysFloat ? Value(value.boolean() ? 1.0 : 0.0) : Value(value.boolean() ? 1 : 0);
  std::string text = to_string(value);
  // Puppet's FLOAT_PATTERN: a decimal number, or an integer in hex, octal or binary.
  static const std::regex decimal(R"(^[+-]?\s*(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE]-?\d+)?$)");
  static const std::regex integral(R"(^[+-]?\s*(?:0[xX][0-9A-Fa-f]+|0[0-7]+|0[bB][01]+|\d+)$)");
  bool is_float = std::regex_match(text, decimal) && text.find_first_of(".eE") != std::string::npos;
  bool digits_only = text.find_first_not_of("+- \t0123456789") == std::string::npos;
  if (!is_float && std::regex_match(text, integral) && !(AlwaysFloat && digits_only)) {
    std::vector<Value> arguments{value};
    CallContext integer_call{call.host, call.scope, call.name, arguments, nullptr, call.where};
    Value integer = new_integer(integer_call);
    return AlwaysFloat ? Value(integer.number()) : integer;
  }
  if (!is_float && !(AlwaysFloat && digits_only && std::regex_match(text, integral)))
    call.fail("The string '" + text + "' cannot be converted to " +
              (AlwaysFloat ? "Float" : "Numeric"));
  // Ruby's Float() refuses blanks between the sign and the number; Puppet takes them out.
  std::string number = text;
  if (!number.empty() && (number[0] == '+' || number[0] == '-'))
    while (number.size() > 1 && std::isspace(static_cast<unsigned char>(number[1])))
      number.erase(1, 1);
  std::size_t used = 0;
  double out = 0;
  try {
    out = std::stod(number, &used);
  } catch (...) {
    used = 0;
  }
  if (used == 0 || used != number.size())
    call.fail("The string '" + text + "' cannot be converted to " +
              (AlwaysFloat ? "Float" : "Numeric"));
  return out;
}

/// Numeric.new(from, abs = false) / Float.new(from, abs = false), or the same as one hash:
/// numbers from numbers, Booleans or their text.
template <bool AlwaysFloat>
Value new_number(CallContext& call) {
  std::vector<Value> arguments = named_arguments(call.arguments, {"from", "abs"});
  CallContext named{call.host, call.scope, call.name, arguments, call.lambda, call.where};
  Value out = new_number_from<AlwaysFloat>(named);
  if (arguments.size() < 2 || !arguments[1].is_boolean() || !arguments[1].boolean()) return out;
  if (out.is_integer()) {
    __int128 n = out.integer();
    return integer_in_range(n < 0 ? -n : n, "Numeric()", call.where);
  }
  return std::fabs(out.number());
}

Value sensitive(CallContext& call) {
  call.expect_arguments(1, 1);
  if (is_sensitive(call.arguments[0])) return call.arguments[0];
  return make_sensitive(call.arguments[0]);
}

/// unwrap(sensitive): the value inside; with a block, what the block makes of it.
Value unwrap(CallContext& call) {
  call.expect_arguments(1, 1);
  const Value& value = call.arguments[0];
  Value inside = is_sensitive(value) ? value.type().parameters[0] : value;
  if (call.lambda) return call.host.call_lambda(*call.lambda, {std::move(inside)}, call.scope);
  return inside;
}

/// Type(type): Type.new of a type is that type (mysql's `type($x) =~ Type(Array)`).
Value new_type(CallContext& call) {
  call.expect_arguments(1, 1);
  if (call.arguments[0].is_string()) return type_from_string(call, call.arguments[0].string());
  if (!call.arguments[0].is_type())
    call.fail("Creation of new instance of type 'Type' from a " + type_name_of(call.arguments[0]) +
              " is not supported");
  return call.arguments[0];
}

}  // namespace

void register_type_functions(FunctionTable& table) {
  table.emplace_back("assert_type", assert_type);
  table.emplace_back("Integer", new_integer);
  table.emplace_back("String", new_string);
  table.emplace_back("Boolean", new_boolean);
  table.emplace_back("Array", new_array);
  table.emplace_back("Hash", new_hash);
  table.emplace_back("Numeric", new_number<false>);
  table.emplace_back("Float", new_number<true>);
  table.emplace_back("Sensitive", sensitive);
  table.emplace_back("Type", new_type);
  table.emplace_back("unwrap", unwrap);
}

}  // namespace marionette::compiler
