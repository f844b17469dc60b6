#include "rubyish/serialization.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <unordered_map>
#include <unordered_set>

#include "rubyish/psych_characters.hpp"
#include "rubyish/psych_emitter.hpp"
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

// ---- Psych's YAMLTree: the style it asks libyaml for ----

/// Onigmo's [[:word:]] (letters, marks, decimal digits, connector punctuation) for the first
/// character of a line. Exact for ASCII; beyond it, the punctuation, spaces and symbols of
/// Latin-1 and of the General Punctuation, currency, arrows, mathematical and CJK punctuation
/// blocks are not word characters, and everything else (letters, mostly) is.
bool is_word_character(const std::string& text, std::size_t at) {
  const unsigned c = psych::code_point(text, at);
  if (c < 0x80) return std::isalnum(static_cast<int>(c)) || c == '_';
  if (c <= 0xBF) return c == 0xAA || c == 0xB5 || c == 0xBA;
  if (c == 0xD7 || c == 0xF7) return false;
  if (c >= 0x2000 && c <= 0x206F) return c == 0x203F || c == 0x2040 || c == 0x2054;
  if (c >= 0x20A0 && c <= 0x20CF) return false;
  if (c >= 0x2190 && c <= 0x2BFF) return false;
  if (c >= 0x3000 && c <= 0x3003) return false;
  if (c >= 0x3008 && c <= 0x3011) return false;
  if (c == 0xFEFF || (c >= 0xFF01 && c <= 0xFF0F) || c >= 0xFFF0) return false;
  return true;
}

/// Psych's /^[^[:word:]][^"]*$/: a line that starts with a character that is not a word
/// character (a line break included) and has no double quote after it up to its end.
bool has_line_starting_with_non_word(const std::string& text) {
  for (std::size_t start = 0; start < text.size();) {
    if (text[start] == '\n' || !is_word_character(text, start)) {
      const std::size_t after = std::min(start + psych::char_width(text, start), text.size());
      const std::size_t line_end = std::min(text.find('\n', after), text.size());
      if (text.find('"', after) >= line_end) return true;
    }
    const std::size_t line_end = text.find('\n', start);
    if (line_end == std::string::npos) break;
    start = line_end + 1;
  }
  return false;
}

/// Psych's /\n(?!\Z)/: a line break that is not the string's last (or before a last one).
bool needs_literal_block(const std::string& text) {
  for (std::size_t i = 0; i < text.size(); ++i)
    if (text[i] == '\n' && i + 1 != text.size() && !(i + 2 == text.size() && text[i + 1] == '\n'))
      return true;
  return false;
}

/// Psych's ScalarScanner would read the text back as something else than this string.
bool reads_back_as_other(const std::string& text) {
  PsychScalar resolved = psych_scalar(text);
  bool octal_like = text.size() > 1 && text[0] == '0' && [&] {
    std::size_t i = 1;
    while (i < text.size() && text[i] >= '0' && text[i] <= '7') ++i;
    return i < text.size() && (text[i] == '8' || text[i] == '9');
  }();
  return resolved.kind != PsychScalarKind::Value || !resolved.value.is_string() || octal_like;
}

/// A String as Psych's visit_String hands it to the emitter.
psych::Node string_node(const std::string& text) {
  using psych::ScalarStyle;
  if (needs_literal_block(text)) return psych::Node::scalar(text, ScalarStyle::literal);
  if (text == "<<") {
    psych::Node node = psych::Node::scalar(text, ScalarStyle::single_quoted, false, false);
    node.tag = "!!str";
    return node;
  }
  if (text == "y" || text == "n" || has_line_starting_with_non_word(text))
    return psych::Node::scalar(text, ScalarStyle::double_quoted);
  if (reads_back_as_other(text)) return psych::Node::scalar(text, ScalarStyle::single_quoted);
  return psych::Node::scalar(text, ScalarStyle::plain);
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

/// nil, booleans, numbers and symbols: plain, and tagged "!" should libyaml have to quote them.
bool is_untagged_plain(const RubyValue& value) {
  return value.is_nil() || value.is_bool() || value.is_integer() || value.is_float() ||
         value.is_symbol();
}

psych::Node scalar_node(const RubyValue& value) {
  if (is_untagged_plain(value))
    return psych::Node::scalar(scalar_text(value), psych::ScalarStyle::plain, true, false);
  return string_node(to_s(value));
}

/// The identity of an array or a hash (Ruby's object_id for what Psych registers), null for
/// anything else: Psych writes a repeated String again, a repeated Array or Hash as an alias.
const void* identity(const RubyValue& value) {
  if (value.is_array()) return &value.array();
  if (value.is_hash()) return &value.hash();
  return nullptr;
}

/// Psych's YAMLTree: each array and hash is registered as it is visited; one met again becomes
/// an alias (`*1`) of the first, whose node takes the anchor (`&1`). Anchors are numbered in
/// the order their first repeat is met.
class PsychTree {
 public:
  explicit PsychTree(const PsychYamlStyle& style) : style_(style) {}

  psych::Node build(const RubyValue& value) {
    number_repeats(value, 0);
    visited_.clear();
    return tree(value, 0);
  }

 private:
  /// The first pass: which identities repeat, numbered as Psych numbers them (a repeat is not
  /// walked into, as Psych does not visit an alias's contents).
  void number_repeats(const RubyValue& value, std::size_t depth) {
    if (depth > kMaxSerializedDepth) throw SerializationError("nesting too deep for to_yaml");
    const void* id = identity(value);
    if (!id) return;
    if (!visited_.insert(id).second) {
      anchors_.try_emplace(id, std::to_string(anchors_.size() + 1));
      return;
    }
    if (value.is_array()) {
      for (const RubyValue& item : value.array()) number_repeats(item, depth + 1);
    } else {
      for (const auto& [key, item] : value.hash()) {
        number_repeats(key, depth + 1);
        number_repeats(item, depth + 1);
      }
    }
  }

  psych::Node tree(const RubyValue& value, std::size_t depth) {
    if (depth > kMaxSerializedDepth) throw SerializationError("nesting too deep for to_yaml");
    psych::Node node;
    const void* id = identity(value);
    if (id) {
      auto anchor = anchors_.find(id);
      if (anchor != anchors_.end()) {
        if (!visited_.insert(id).second) {
          node.kind = psych::Node::Kind::alias;
          node.anchor = anchor->second;
          return node;
        }
        node.anchor = anchor->second;
      }
    }
    if (value.is_array()) {
      node.kind = psych::Node::Kind::sequence;
      for (const RubyValue& item : value.array()) node.children.push_back(tree(item, depth + 1));
      return node;
    }
    if (value.is_hash()) {
      node.kind = psych::Node::Kind::mapping;
      for (const auto& [key, item] : value.hash()) {
        if (identity(key))
          node.children.push_back(tree(key, depth + 1));
        else if (style_.plain_keys && !key.is_nil())
          node.children.push_back(psych::Node::scalar(scalar_text(key), psych::ScalarStyle::plain));
        else
          node.children.push_back(scalar_node(key));
        node.children.push_back(tree(item, depth + 1));
      }
      return node;
    }
    if (style_.double_quote) {
      std::string text = scalar_text(value);
      if (style_.double_quote(text))
        return psych::Node::scalar(std::move(text), psych::ScalarStyle::double_quoted);
    }
    return scalar_node(value);
  }

  const PsychYamlStyle& style_;
  std::unordered_set<const void*> visited_;
  std::unordered_map<const void*, std::string> anchors_;
};

}  // namespace

std::string ruby_json(const RubyValue& value, const RubyJsonStyle& style) {
  std::string out;
  append_json(value, style, 0, out);
  return out;
}

std::string psych_yaml(const RubyValue& value, const PsychYamlStyle& style) {
  return psych::emit_document(PsychTree(style).build(value));
}

}  // namespace marionette::rubyish
