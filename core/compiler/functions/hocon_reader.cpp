#include "compiler/functions/hocon_reader.hpp"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <regex>
#include <vector>

#include "compiler/value.hpp"
#include "lang/utf8.hpp"

namespace marionette::compiler::hocon {

namespace {

/// A value as written, before substitutions are resolved.
struct Node {
  enum class Kind { scalar, object, array, concatenation, substitution };
  Kind kind = Kind::scalar;
  Value scalar;
  std::string text;               ///< a scalar's text as written; a substitution's path
  std::vector<std::string> path;  ///< a substitution's path elements
  bool optional = false;          ///< `${?…}`
  std::string key;                ///< as a field of an object
  std::vector<Node> children;     ///< an object's fields, an array's items, concatenated parts
  std::vector<Node> fallback;     ///< the value this one replaced, for an undefined `${?…}`
};

bool is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

/// Characters that end an unquoted string (besides blanks, newlines and `//`).
bool is_forbidden(char c) {
  return std::string_view("$\"{}[]:=,+#`^?!@*&\\").find(c) != std::string_view::npos;
}

Node* field_of(Node& object, const std::string& key) {
  for (Node& field : object.children)
    if (field.key == key) return &field;
  return nullptr;
}

std::size_t fallback_depth(const Node& node) {
  std::size_t depth = 0;
  for (const Node* at = &node; !at->fallback.empty(); at = &at->fallback[0]) ++depth;
  return depth;
}

/// `newer` laid over `older`: both objects merge (the newer's fields first, then the older's
/// others), else the newer wins and keeps the older as its fallback.
Node merged(Node newer, Node older) {
  if (newer.kind == Node::Kind::object && older.kind == Node::Kind::object) {
    for (Node& field : newer.children)
      if (Node* old = field_of(older, field.key)) {
        std::string key = field.key;
        field = merged(std::move(field), std::move(*old));
        field.key = key;
        old->key.clear();
        old->kind = Node::Kind::scalar;  // taken: marked by its empty key
      }
    for (Node& old : older.children)
      if (!old.key.empty()) newer.children.push_back(std::move(old));
    return newer;
  }
  // Only an undefined `${?…}` falls back to what it replaced; a chain of them is bounded.
  newer.fallback.clear();
  if (newer.kind == Node::Kind::substitution && newer.optional) {
    if (fallback_depth(older) >= kDeepest)
      throw ParseError("String: 1: more than " + std::to_string(kDeepest) +
                       " optional substitutions replace one another");
    newer.fallback.push_back(std::move(older));
  }
  return newer;
}

class Parser {
 public:
  explicit Parser(std::string_view text) : text_(text) {}

  Node document() {
    skip_space(true);
    Node root;
    root.kind = Node::Kind::object;
    if (at_end()) return root;
    if (peek() == '[')
      throw WrongTypeError("String: " + std::to_string(line_) +
                           ":  has type LIST rather than object at file root");
    if (peek() == '{') {
      root = object(true);
      skip_space(true);
      if (!at_end()) fail(describe_unexpected());
      return root;
    }
    return object(false);
  }

 private:
  [[noreturn]] void fail(const std::string& message) const {
    throw ParseError("String: " + std::to_string(line_) + ": " + message);
  }

  bool at_end() const { return pos_ >= text_.size(); }
  char peek(std::size_t ahead = 0) const {
    return pos_ + ahead < text_.size() ? text_[pos_ + ahead] : '\0';
  }
  bool at_comment() const { return peek() == '#' || (peek() == '/' && peek(1) == '/'); }
  void advance() {
    if (text_[pos_] == '\n') ++line_;
    ++pos_;
  }

  /// Blanks and comments; newlines too when `newlines`.
  void skip_space(bool newlines) {
    while (!at_end()) {
      if (is_blank(peek()) || (newlines && peek() == '\n')) {
        advance();
      } else if (at_comment()) {
        while (!at_end() && peek() != '\n') advance();
      } else {
        break;
      }
    }
  }

  std::string describe_unexpected() const {
    if (at_end()) return "Expecting close brace } or a comma, got end of file";
    std::string c(1, peek());
    return "Expecting close brace } or a comma, got '" + c + "' (if you intended '" + c +
           "' to be part of a key or string value, try enclosing the key or value in double "
           "quotes";
  }

  void enter() {
    if (++depth_ > kDeepest)
      fail("nested more than " + std::to_string(kDeepest) + " objects and arrays deep");
  }

  Node object(bool braced) {
    Node node;
    node.kind = Node::Kind::object;
    if (braced) {
      enter();
      advance();
    }
    while (true) {
      skip_space(true);
      if (at_end()) {
        if (braced) fail("expecting a close brace or a field name here, got end of file");
        break;
      }
      if (peek() == '}') {
        if (!braced)
          fail(
              "unbalanced close brace '}' with no open brace (if you intended '}' to be part of "
              "a key or string value, try enclosing the key or value in double quotes");
        advance();
        --depth_;
        break;
      }
      if (!include_directive()) field(node);
      // After a field: a comma, newlines, or both.
      std::size_t line = line_;
      skip_space(true);
      bool separated = line_ > line;
      if (peek() == ',') {
        advance();
      } else if (!separated && !at_end() && peek() != '}') {
        fail(describe_unexpected());
      }
    }
    return node;
  }

  /// `include "file"` (or `include required(…)`, `file(…)`, `url(…)`, `classpath(…)`): read
  /// and passed over, as the gem does when it parses a string without an includer.
  bool include_directive() {
    if (text_.substr(pos_, 7) != "include" || !is_blank(peek(7))) return false;
    std::size_t next = pos_ + 7;
    while (next < text_.size() && is_blank(text_[next])) ++next;
    std::string_view rest = text_.substr(next);
    bool quoted_name = rest.starts_with("\"");
    if (!quoted_name && !rest.starts_with("required(") && !rest.starts_with("file(") &&
        !rest.starts_with("url(") && !rest.starts_with("classpath("))
      fail("include keyword is not followed by a quoted string, but by: '" +
           std::string(rest.substr(0, 1)) + "'");
    while (pos_ < next) advance();
    if (quoted_name) {
      quoted();
      return true;
    }
    while (!at_end() && peek() != ')' && peek() != '\n') advance();
    if (peek() != ')') fail("include statement: expecting a quoted string or a closing ')'");
    advance();
    if (peek() == ')') advance();  // required(file("x"))
    return true;
  }

  void field(Node& object) {
    std::vector<std::string> path = key();
    skip_space(true);
    bool append = false;
    if (peek() == ':' || peek() == '=') {
      advance();
    } else if (peek() == '+' && peek(1) == '=') {
      advance();
      advance();
      append = true;
    } else if (peek() != '{') {
      std::string joined;
      for (const std::string& part : path) joined += (joined.empty() ? "" : ".") + part;
      if (at_end()) fail("Key '" + joined + "' may not be followed by token: end of file");
      std::string c(1, peek());
      fail(
          "Key '" + joined + "' may not be followed by token: '" + c + "' (if you intended '" + c +
          "' to be part of a key or string value, try enclosing the key or value in double quotes");
    }
    skip_space(true);
    Node value = this->value();
    if (append) {
      Node* existing = &object;
      for (const std::string& part : path)
        existing =
            existing && existing->kind == Node::Kind::object ? field_of(*existing, part) : nullptr;
      Node list;
      list.kind = Node::Kind::array;
      if (existing && existing->kind == Node::Kind::array) list = *existing;
      list.children.push_back(std::move(value));
      value = std::move(list);
    }
    for (std::size_t i = path.size(); i-- > 1;) {
      Node wrapper;
      wrapper.kind = Node::Kind::object;
      value.key = path[i];
      wrapper.children.push_back(std::move(value));
      value = std::move(wrapper);
    }
    value.key = path[0];
    if (Node* old = field_of(object, path[0])) {
      *old = merged(std::move(value), std::move(*old));
      old->key = path[0];
    } else {
      object.children.push_back(std::move(value));
    }
  }

  /// A field's path: unquoted parts split at dots, quoted parts whole, blanks kept inside.
  std::vector<std::string> key() {
    std::vector<std::string> path(1);
    bool any = false;
    std::size_t trailing_blanks = 0;
    while (!at_end()) {
      char c = peek();
      if (c == '"') {
        path.back() += quoted();
        trailing_blanks = 0;
      } else if (is_blank(c)) {
        path.back() += c;
        ++trailing_blanks;
        advance();
        continue;
      } else if (c == '.') {
        path.emplace_back();
        advance();
      } else if (c == '\n' || is_forbidden(c) || at_comment()) {
        break;
      } else {
        path.back() += c;
        advance();
      }
      any = true;
      trailing_blanks = 0;
    }
    path.back().resize(path.back().size() - trailing_blanks);
    if (path.size() > kDeepest)
      fail("a key of more than " + std::to_string(kDeepest) + " path elements");
    if (!any) {
      if (at_end()) fail("expecting a close brace or a field name here, got end of file");
      fail("expecting a close brace or a field name here, got '" + std::string(1, peek()) + "'");
    }
    return path;
  }

  /// One value, or several on the line concatenated.
  Node value() {
    std::vector<Node> parts;
    while (true) {
      std::size_t blanks_from = pos_;
      if (!parts.empty()) skip_space(false);
      if (at_end() || peek() == '\n' || peek() == ',' || peek() == '}' || peek() == ']' ||
          at_comment() ||
          (is_forbidden(peek()) && peek() != '"' && peek() != '{' && peek() != '[' &&
           !(peek() == '$' && peek(1) == '{')))
        break;
      if (!parts.empty() && pos_ > blanks_from) {
        Node blanks;
        blanks.scalar = Value(std::string(text_.substr(blanks_from, pos_ - blanks_from)));
        blanks.text = blanks.scalar.string();
        parts.push_back(std::move(blanks));
      }
      parts.push_back(simple_value());
    }
    if (parts.empty())
      fail("Expecting a value but got wrong token: " +
           (at_end() ? std::string("end of file") : "'" + std::string(1, peek()) + "'"));
    if (parts.size() == 1) return std::move(parts[0]);
    Node concatenation;
    concatenation.kind = Node::Kind::concatenation;
    concatenation.children = std::move(parts);
    return concatenation;
  }

  Node simple_value() {
    char c = peek();
    if (c == '{') return object(true);
    if (c == '[') return array();
    if (c == '"') {
      Node node;
      node.text = quoted();
      node.scalar = Value(node.text);
      return node;
    }
    if (c == '$') return substitution();
    std::size_t start = pos_;
    while (!at_end() && !is_blank(peek()) && peek() != '\n' && !is_forbidden(peek()) &&
           !at_comment())
      advance();
    Node node;
    node.text = std::string(text_.substr(start, pos_ - start));
    node.scalar = scalar_of(node.text);
    return node;
  }

  static Value scalar_of(const std::string& text) {
    if (text == "true") return true;
    if (text == "false") return false;
    if (text == "null") return Value();
    static const std::regex number(R"(-?\d+(\.\d+)?([eE][-+]?\d+)?)");
    if (text.size() < 400 && std::regex_match(text, number)) {
      if (text.find_first_of(".eE") == std::string::npos) {
        // Read as Ruby's Integer() reads it: a leading 0 makes it octal ("012" is 10, "09" is
        // no number and stays a string).
        std::size_t digits = text[0] == '-' ? 1 : 0;
        bool octal = text.size() > digits + 1 && text[digits] == '0';
        if (octal && text.find_first_of("89") != std::string::npos) return text;
        errno = 0;
        long long whole = std::strtoll(text.c_str(), nullptr, octal ? 8 : 10);
        if (errno != ERANGE) return static_cast<std::int64_t>(whole);
      }
      double real = std::strtod(text.c_str(), nullptr);
      // The gem unwraps a whole double as an Integer (1.0 → 1, 1e3 → 1000).
      if (std::isfinite(real) && real == std::floor(real) && std::fabs(real) < 9.2e18)
        return static_cast<std::int64_t>(real);
      return real;
    }
    return text;
  }

  Node array() {
    enter();
    advance();
    Node node;
    node.kind = Node::Kind::array;
    skip_space(true);
    if (peek() == ',')
      fail(
          "List should have ] or a first element after the open [, instead had token: ',' "
          "(if you want ',' to be part of a string value, then double-quote it)");
    while (true) {
      if (at_end())
        fail("List should have ended with ] or had a comma, instead had token: end of file");
      if (peek() == ']') {
        advance();
        break;
      }
      node.children.push_back(value());
      // After an element: a comma, newlines, or both, then the next element or the end.
      std::size_t line = line_;
      skip_space(true);
      bool separated = line_ > line;
      if (peek() == ',') {
        advance();
        skip_space(true);
        if (peek() == ',')
          fail(
              "List should have had new element after a comma, instead had token: ',' (if you "
              "want the comma or ',' to be part of a string value, then double-quote it)");
      } else if (!separated && !at_end() && peek() != ']') {
        fail("List should have ended with ] or had a comma, instead had token: '" +
             std::string(1, peek()) + "'");
      }
    }
    --depth_;
    return node;
  }

  Node substitution() {
    if (peek(1) != '{')
      fail("Expecting a value but got wrong token: '$' ('$' not followed by {, '" +
           std::string(1, peek(1)) + "' not allowed after '$')");
    advance();
    advance();
    Node node;
    node.kind = Node::Kind::substitution;
    if (peek() == '?') {
      node.optional = true;
      advance();
    }
    std::size_t start = pos_;
    while (!at_end() && peek() != '}' && peek() != '\n') advance();
    if (peek() != '}') fail("Substitution ${ was not closed with a }");
    node.text = std::string(text_.substr(start, pos_ - start));
    advance();
    Parser path_parser(node.text);
    node.path = path_parser.key();
    return node;
  }

  std::string quoted() {
    if (peek(1) == '"' && peek(2) == '"') {
      for (int i = 0; i < 3; ++i) advance();
      std::size_t start = pos_;
      while (!at_end() && !(peek() == '"' && peek(1) == '"' && peek(2) == '"')) advance();
      if (at_end()) fail("End of input but triple-quoted string was still open");
      while (peek(3) == '"') advance();  // quotes before the closing three are the string's
      std::string body(text_.substr(start, pos_ - start));
      for (int i = 0; i < 3; ++i) advance();
      return body;
    }
    advance();
    std::string out;
    while (true) {
      if (at_end())
        fail(
            "Expecting a value but got wrong token: '-1' (End of input but string quote was "
            "still open) (if you intended '-1' (End of input but string quote was still open) "
            "to be part of a key or string value, try enclosing the key or value in double "
            "quotes");
      char c = peek();
      advance();
      if (c == '"') return out;
      if (c == '\n') fail("Newline in quoted string, use \\n?");
      if (c != '\\') {
        out += c;
        continue;
      }
      char escape = peek();
      if (at_end()) continue;
      advance();
      switch (escape) {
        case '"':
        case '\\':
        case '/':
          out += escape;
          break;
        case 'b':
          out += '\b';
          break;
        case 'f':
          out += '\f';
          break;
        case 'n':
          out += '\n';
          break;
        case 'r':
          out += '\r';
          break;
        case 't':
          out += '\t';
          break;
        case 'u': {
          std::string hex(text_.substr(pos_, 4));
          if (hex.size() != 4 ||
              hex.find_first_not_of("0123456789abcdefABCDEF") != std::string::npos)
            fail("Malformed hex digits after \\u escape in string: '" + hex + "'");
          for (int i = 0; i < 4; ++i) advance();
          lang::append_utf8(static_cast<unsigned>(std::stoul(hex, nullptr, 16)), out);
          break;
        }
        default:
          fail(std::string("backslash followed by '") + escape +
               "', this is not a valid escape sequence (quoted strings use JSON escaping, so use "
               "double-backslash \\\\ for literal backslash)");
      }
    }
  }

  std::string_view text_;
  std::size_t pos_ = 0;
  std::size_t line_ = 1;
  std::size_t depth_ = 0;
};

/// Resolves substitutions against the root, each node at most once on the way (a cycle fails).
class Resolver {
 public:
  explicit Resolver(const Node& root) : root_(root) {}

  /// nullopt: an undefined `${?…}` (the field is then left out, or keeps what it replaced).
  std::optional<Value> resolve(const Node& node, std::size_t depth = 0) {
    if (depth > 4 * kDeepest) throw ParseError("String: 1: substitutions nested too deeply");
    switch (node.kind) {
      case Node::Kind::scalar:
        return node.scalar;
      case Node::Kind::object: {
        Hash out;
        for (const Node& field : node.children)
          if (std::optional<Value> value = resolve_with_fallback(field, depth))
            out.emplace_back(Value(field.key), std::move(*value));
        return Value(std::move(out));
      }
      case Node::Kind::array: {
        Array out;
        for (const Node& item : node.children)
          if (std::optional<Value> value = resolve(item, depth + 1))
            out.push_back(std::move(*value));
        return Value(std::move(out));
      }
      case Node::Kind::substitution:
        return substitute(node, depth);
      case Node::Kind::concatenation:
        return concatenate(node, depth);
    }
    return std::nullopt;
  }

 private:
  std::optional<Value> resolve_with_fallback(const Node& node, std::size_t depth) {
    std::optional<Value> value = resolve(node, depth + 1);
    if (!value && !node.fallback.empty()) return resolve_with_fallback(node.fallback[0], depth + 1);
    return value;
  }

  std::optional<Value> substitute(const Node& node, std::size_t depth) {
    const Node* target = &root_;
    for (const std::string& part : node.path) {
      const Node* next = nullptr;
      if (target->kind == Node::Kind::object)
        for (const Node& field : target->children)
          if (field.key == part) next = &field;
      target = next;
      if (!target) break;
    }
    if (target) {
      for (const Node* active : active_)
        if (active == target)
          throw ParseError("String: 1: Could not resolve substitution to a value: ${" + node.text +
                           "} was part of a cycle of substitutions");
      active_.push_back(target);
      std::optional<Value> value = resolve_with_fallback(*target, depth + 1);
      active_.pop_back();
      if (value) return value;
    }
    if (const char* variable = std::getenv(node.text.c_str())) return Value(std::string(variable));
    if (node.optional) return std::nullopt;
    throw ParseError("String: 1: Could not resolve substitution to a value: ${" + node.text + "}");
  }

  std::optional<Value> concatenate(const Node& node, std::size_t depth) {
    std::vector<std::pair<Value, const Node*>> parts;
    for (const Node& part : node.children)
      if (std::optional<Value> value = resolve(part, depth + 1)) parts.emplace_back(*value, &part);
    bool lists = false, objects = false;
    for (const auto& [value, part] : parts) {
      lists |= value.is_array();
      objects |= value.is_hash();
    }
    if (lists || objects) {
      Value out = objects ? Value(Hash{}) : Value(Array{});
      for (const auto& [value, part] : parts) {
        if (value.is_string() && part->kind == Node::Kind::scalar &&
            part->text.find_first_not_of(" \t") == std::string::npos)
          continue;  // the blanks between arrays or objects
        if (objects && value.is_hash()) {
          Hash merged_hash = value.hash();
          for (const auto& [key, item] : out.hash()) {
            bool present = false;
            for (const auto& [k, v] : merged_hash)
              present |= k.is_string() && k.string() == key.string();
            if (!present) merged_hash.emplace_back(key, item);
          }
          out = Value(std::move(merged_hash));
        } else if (lists && value.is_array()) {
          Array items = out.array();
          items.insert(items.end(), value.array().begin(), value.array().end());
          out = Value(std::move(items));
        } else {
          throw ParseError(
              "String: 1: Cannot concatenate object or list with a non-object-or-list");
        }
      }
      return out;
    }
    std::string text;
    for (const auto& [value, part] : parts)
      text += part->kind == Node::Kind::scalar ? part->text : text_of(value);
    return Value(std::move(text));
  }

  static std::string text_of(const Value& value) {
    if (value.is_string()) return value.string();
    if (value.is_integer()) return std::to_string(value.integer());
    if (value.is_boolean()) return value.boolean() ? "true" : "false";
    if (value.is_undef()) return "null";
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.17g", value.number());
    return buffer;
  }

  const Node& root_;
  std::vector<const Node*> active_;
};

}  // namespace

Value parse(std::string_view text) {
  Node root = Parser(text).document();
  Resolver resolver(root);
  return resolver.resolve(root).value_or(Value(Hash{}));
}

}  // namespace marionette::compiler::hocon
