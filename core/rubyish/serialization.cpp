#include "rubyish/serialization.hpp"

#include <cctype>
#include <cmath>
#include <cstdio>

#include "rubyish/psych_scalar.hpp"

namespace marionette::rubyish {

namespace {

// ---- JSON.generate ----

void append_json_string(const std::string& text, std::string& out) {
  out += '"';
  for (char c : text) {
    unsigned char u = static_cast<unsigned char>(c);
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\f':
        out += "\\f";
        break;
      case '\b':
        out += "\\b";
        break;
      default:
        if (u < 0x20) {
          char buffer[8];
          std::snprintf(buffer, sizeof buffer, "\\u%04x", u);
          out += buffer;
        } else {
          out += c;
        }
    }
  }
  out += '"';
}

void append_json(const RubyValue& value, const RubyJsonStyle& style, std::size_t depth,
                 std::string& out) {
  if (depth > kMaxSerializedDepth || (style.max_nesting && depth > style.max_nesting))
    throw SerializationError("nesting of " + std::to_string(depth) + " is too deep");
  auto newline_indent = [&](const std::string& nl, std::size_t level) {
    out += nl;
    if (!nl.empty() || !style.indent.empty())
      for (std::size_t i = 0; i < level; ++i) out += style.indent;
  };
  if (value.is_nil()) {
    out += "null";
  } else if (value.is_bool()) {
    out += value.boolean() ? "true" : "false";
  } else if (value.is_integer()) {
    out += std::to_string(value.integer());
  } else if (value.is_float()) {
    double number = value.number();
    if (!std::isfinite(number) && !style.allow_nan)
      throw SerializationError(float_to_s(number) + " not allowed in JSON");
    out += float_to_s(number);
  } else if (value.is_array()) {
    // json 2.6 writes the newline and indentation even of an empty array: "[\n\n  ]".
    out += '[';
    out += style.array_nl;
    const RubyArray& items = value.array();
    for (std::size_t i = 0; i < items.size(); ++i) {
      if (i) {
        out += ',';
        out += style.array_nl;
      }
      for (std::size_t l = 0; l <= depth; ++l) out += style.indent;
      append_json(items[i], style, depth + 1, out);
    }
    newline_indent(style.array_nl, depth);
    out += ']';
  } else if (value.is_hash()) {
    // The newline comes before each pair (so "{\n  }" when empty), unlike arrays'.
    out += '{';
    bool first = true;
    for (const auto& [key, item] : value.hash()) {
      if (!first) out += ',';
      out += style.object_nl;
      first = false;
      for (std::size_t l = 0; l <= depth; ++l) out += style.indent;
      append_json_string(to_s(key), out);
      out += style.space_before;
      out += ':';
      out += style.space;
      append_json(item, style, depth + 1, out);
    }
    newline_indent(style.object_nl, depth);
    out += '}';
  } else {
    append_json_string(to_s(value), out);
  }
}

// ---- Psych ----

std::string spaces(std::size_t n) {
  return std::string(n, ' ');
}

bool is_word_start(unsigned char c) {
  return std::isalnum(c) || c == '_' || c >= 0x80;
}

/// Psych's /\n(?!\Z)/: a line break that is not the string's last (or before a last one).
bool needs_literal_block(const std::string& text) {
  for (std::size_t i = 0; i < text.size(); ++i)
    if (text[i] == '\n' && i + 1 != text.size() && !(i + 2 == text.size() && text[i + 1] == '\n'))
      return true;
  return false;
}

bool has_unprintable(const std::string& text) {
  for (char c : text) {
    unsigned char u = static_cast<unsigned char>(c);
    if ((u < 0x20 && c != '\n') || u == 0x7f) return true;
  }
  return false;
}

std::string double_quoted(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    unsigned char u = static_cast<unsigned char>(c);
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\0':
        out += "\\0";
        break;
      case '\a':
        out += "\\a";
        break;
      case '\b':
        out += "\\b";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\v':
        out += "\\v";
        break;
      case '\f':
        out += "\\f";
        break;
      case '\r':
        out += "\\r";
        break;
      case 0x1b:
        out += "\\e";
        break;
      default:
        if (u < 0x20 || u == 0x7f) {
          char buffer[8];
          std::snprintf(buffer, sizeof buffer, "\\x%02X", u);
          out += buffer;
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

std::string single_quoted(const std::string& text, std::size_t indent) {
  std::string out = "'";
  for (char c : text) {
    if (c == '\'')
      out += "''";
    else if (c == '\n')
      out += "\n\n" + spaces(indent);
    else
      out += c;
  }
  return out + "'";
}

/// A string as Psych writes it on one line (literal blocks are decided before).
std::string string_scalar(const std::string& text, std::size_t indent) {
  if (text == "y" || text == "Y" || text == "n" || text == "N") return double_quoted(text);
  if (has_unprintable(text) || text.find('\t') != std::string::npos) return double_quoted(text);
  // /^[^[:word:]][^"]*$/ on any line
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    if (end > start && !is_word_start(static_cast<unsigned char>(text[start])) &&
        text.find('"', start) >= end)
      return double_quoted(text);
    start = end + 1;
  }
  PsychScalar resolved = rubyish::psych_scalar(text);
  bool octal_like = text.size() > 1 && text[0] == '0' && [&] {
    std::size_t i = 1;
    while (i < text.size() && text[i] >= '0' && text[i] <= '7') ++i;
    return i < text.size() && (text[i] == '8' || text[i] == '9');
  }();
  if (resolved.kind != PsychScalarKind::Value || !resolved.value.is_string() || octal_like)
    return single_quoted(text, indent);
  bool plain = !text.empty() && text.front() != ' ' && text.back() != ' ' &&
               text.find(": ") == std::string::npos && text.find(" #") == std::string::npos &&
               text.back() != ':' && text.find('\n') == std::string::npos;
  return plain ? text : single_quoted(text, indent);
}

/// The scalar's text before any quoting: what Psych's nodes hold as their value.
std::string scalar_text(const RubyValue& value) {
  if (value.is_nil()) return "";
  if (value.is_bool()) return value.boolean() ? "true" : "false";
  if (value.is_integer()) return std::to_string(value.integer());
  if (value.is_float()) {
    double number = value.number();
    if (std::isnan(number)) return ".nan";
    if (std::isinf(number)) return number > 0 ? ".inf" : "-.inf";
    return float_to_s(number);
  }
  if (value.is_symbol()) return ":" + value.symbol();
  return to_s(value);
}

std::string scalar(const RubyValue& value, std::size_t indent) {
  if (value.is_nil() || value.is_bool() || value.is_integer() || value.is_float() ||
      value.is_symbol())
    return scalar_text(value);
  return string_scalar(to_s(value), indent);
}

std::string literal_block(const std::string& text, std::size_t indent) {
  std::size_t trailing = 0;
  while (trailing < text.size() && text[text.size() - 1 - trailing] == '\n') ++trailing;
  std::string out = trailing == 0 ? "|-" : trailing == 1 ? "|" : "|+";
  out += "\n";
  std::string body = text.substr(0, text.size() - trailing);
  std::size_t start = 0;
  while (start <= body.size()) {
    std::size_t end = body.find('\n', start);
    if (end == std::string::npos) end = body.size();
    std::string line = body.substr(start, end - start);
    out += line.empty() ? "\n" : spaces(indent) + line + "\n";
    start = end + 1;
  }
  for (std::size_t i = 1; i < trailing; ++i) out += "\n";
  return out;
}

bool is_block_collection(const RubyValue& value) {
  return (value.is_array() && !value.array().empty()) || (value.is_hash() && !value.hash().empty());
}

std::string block(const RubyValue& value, std::size_t indent, std::size_t depth,
                  const PsychYamlStyle& style);

/// What follows "key:" or "-": " scalar\n", " []\n", or a literal block.
std::string inline_node(const RubyValue& value, std::size_t indent, const PsychYamlStyle& style) {
  if (value.is_array()) return " []\n";
  if (value.is_hash()) return " {}\n";
  if (style.double_quote) {
    std::string text = value.is_nil() ? std::string() : scalar_text(value);
    if (style.double_quote(text)) return " " + double_quoted(text) + "\n";
  }
  if (value.is_string() && needs_literal_block(value.string()) && !has_unprintable(value.string()))
    return " " + literal_block(value.string(), indent);
  std::string text = scalar(value, indent);
  return text.empty() ? "\n" : " " + text + "\n";
}

/// A non-empty array or hash as lines at `indent`.
std::string block(const RubyValue& value, std::size_t indent, std::size_t depth,
                  const PsychYamlStyle& style) {
  if (depth > kMaxSerializedDepth) throw SerializationError("nesting too deep for to_yaml");
  std::string out;
  if (value.is_hash()) {
    for (const auto& [key, item] : value.hash()) {
      std::string key_text = key.is_nil()       ? std::string("! ''")
                             : style.plain_keys ? scalar_text(key)
                                                : scalar(key, indent + 2);
      out += spaces(indent) + key_text + ":";
      if (item.is_hash() && is_block_collection(item))
        out += "\n" + block(item, indent + 2, depth + 1, style);
      else if (is_block_collection(item))
        out += "\n" + block(item, indent, depth + 1, style);
      else
        out += inline_node(item, indent + 2, style);
    }
    return out;
  }
  for (const RubyValue& item : value.array()) {
    if (is_block_collection(item)) {
      std::string nested = block(item, indent + 2, depth + 1, style);
      out += spaces(indent) + "- " + nested.substr(indent + 2);
    } else {
      out += spaces(indent) + "-" + inline_node(item, indent + 2, style);
    }
  }
  return out;
}

}  // namespace

std::string ruby_json(const RubyValue& value, const RubyJsonStyle& style) {
  std::string out;
  append_json(value, style, 0, out);
  return out;
}

std::string psych_yaml(const RubyValue& value, const PsychYamlStyle& style) {
  if (is_block_collection(value)) return "---\n" + block(value, 0, 0, style);
  return "---" + inline_node(value, 2, style);
}

}  // namespace marionette::rubyish
