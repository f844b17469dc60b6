#include "rubyish/psych_emitter.hpp"

#include <string_view>

#include "rubyish/psych_characters.hpp"
#include "rubyish/psych_scalar_analysis.hpp"

namespace marionette::rubyish::psych {

namespace {

constexpr int kBestIndent = 2;
constexpr int kBestWidth = 80;
constexpr std::size_t kLongestSimpleKey = 128;

/// libyaml's emitter state as it writes: the column (in characters), whether the last thing
/// written was whitespace or indentation, the indentation stack.
class Emitter {
 public:
  std::string take() { return std::move(out_); }

  void document(const Node& root) {
    write_indent();
    write_indicator("---", true, false, false);
    emit_node(root, false, false);
    write_indent();          // the implicit document end
    if (open_ended_ == 2) {  // the stream's end after a block scalar that keeps its breaks
      write_indicator("...", true, false, false);
      write_indent();
    }
  }

 private:
  // ---- writing ----
  void put(char c) {
    out_ += c;
    ++column_;
  }
  void put_break() {
    out_ += '\n';
    column_ = 0;
  }
  /// Copies the character at *at; one column.
  void write(std::string_view text, std::size_t* at) {
    const std::size_t width = char_width(text, *at);
    out_.append(text.substr(*at, width));
    *at += width;
    ++column_;
  }
  /// A line break of the text: LF as a new line, the others copied (they end the line too).
  void write_break(std::string_view text, std::size_t* at) {
    if (text[*at] == '\n') {
      put_break();
      ++*at;
    } else {
      const std::size_t width = char_width(text, *at);
      out_.append(text.substr(*at, width));
      *at += width;
      column_ = 0;
    }
  }
  void write_indent() {
    const int indent = indent_ >= 0 ? indent_ : 0;
    if (!indention_ || column_ > indent || (column_ == indent && !whitespace_)) put_break();
    while (column_ < indent) put(' ');
    whitespace_ = indention_ = true;
  }
  void write_indicator(std::string_view indicator, bool need_whitespace, bool is_whitespace,
                       bool is_indention) {
    if (need_whitespace && !whitespace_) put(' ');
    for (std::size_t at = 0; at < indicator.size();) write(indicator, &at);
    whitespace_ = is_whitespace;
    indention_ = indention_ && is_indention;
  }
  void increase_indent(bool flow, bool indentless) {
    indents_.push_back(indent_);
    if (indent_ < 0)
      indent_ = flow ? kBestIndent : 0;
    else if (!indentless)
      indent_ += kBestIndent;
  }
  void pop_indent() {
    indent_ = indents_.back();
    indents_.pop_back();
  }

  // ---- nodes ----
  void emit_node(const Node& node, bool mapping_context, bool simple_key) {
    if (!node.anchor.empty()) {  // libyaml's process_anchor
      write_indicator(node.kind == Node::Kind::alias ? "*" : "&", true, false, false);
      for (std::size_t at = 0; at < node.anchor.size();) write(node.anchor, &at);
      whitespace_ = indention_ = false;
    }
    switch (node.kind) {
      case Node::Kind::alias:
        if (simple_key) put(' ');
        return;
      case Node::Kind::scalar:
        return emit_scalar(node, simple_key);
      case Node::Kind::sequence:
        if (node.children.empty()) return emit_empty("[", "]");
        return emit_block_sequence(node, mapping_context);
      case Node::Kind::mapping:
        if (node.children.empty()) return emit_empty("{", "}");
        return emit_block_mapping(node);
    }
  }

  void emit_empty(std::string_view open, std::string_view close) {
    write_indicator(open, true, true, false);
    write_indicator(close, false, false, false);
  }

  void emit_block_sequence(const Node& node, bool mapping_context) {
    increase_indent(false, mapping_context && !indention_);
    for (const Node& item : node.children) {
      write_indent();
      write_indicator("-", true, false, true);
      emit_node(item, false, false);
    }
    pop_indent();
  }

  void emit_block_mapping(const Node& node) {
    increase_indent(false, false);
    for (std::size_t i = 0; i + 1 < node.children.size(); i += 2) {
      const Node& key = node.children[i];
      write_indent();
      if (is_simple_key(key)) {
        emit_node(key, true, true);
        write_indicator(":", false, false, false);
      } else {
        write_indicator("?", true, false, true);
        emit_node(key, true, false);
        write_indent();
        write_indicator(":", true, false, true);
      }
      emit_node(node.children[i + 1], true, false);
    }
    pop_indent();
  }

  static bool has_tag(const Node& node) {
    return !node.plain_implicit && !node.quoted_implicit && !node.tag.empty();
  }

  static bool is_simple_key(const Node& key) {
    if (key.kind == Node::Kind::alias) return key.anchor.size() <= kLongestSimpleKey;
    if (key.kind != Node::Kind::scalar) return key.children.empty();
    if (analyze_scalar(key.text).multiline) return false;
    return (has_tag(key) ? key.tag.size() : 0) + key.text.size() <= kLongestSimpleKey;
  }

  // ---- scalars ----
  void emit_scalar(const Node& node, bool simple_key) {
    const ScalarAnalysis analysis = analyze_scalar(node.text);
    const bool no_tag = !has_tag(node);
    ScalarStyle style = node.style;
    if (simple_key && analysis.multiline) style = ScalarStyle::double_quoted;
    if (style == ScalarStyle::plain &&
        (!analysis.block_plain_allowed || (node.text.empty() && simple_key) ||
         (no_tag && !node.plain_implicit)))
      style = ScalarStyle::single_quoted;
    if (style == ScalarStyle::single_quoted && !analysis.single_quoted_allowed)
      style = ScalarStyle::double_quoted;
    if (style == ScalarStyle::literal && (!analysis.block_allowed || simple_key))
      style = ScalarStyle::double_quoted;
    std::string tag = no_tag ? std::string() : node.tag;
    if (no_tag && !node.quoted_implicit && style != ScalarStyle::plain) tag = "!";
    if (!tag.empty()) {
      if (!whitespace_) put(' ');
      for (std::size_t at = 0; at < tag.size();) write(tag, &at);
      whitespace_ = indention_ = false;
    }
    increase_indent(true, false);
    const bool allow_breaks = !simple_key;
    switch (style) {
      case ScalarStyle::plain:
        write_plain(node.text, allow_breaks);
        break;
      case ScalarStyle::single_quoted:
        write_single_quoted(node.text, allow_breaks);
        break;
      case ScalarStyle::double_quoted:
        write_double_quoted(node.text, allow_breaks);
        break;
      case ScalarStyle::literal:
        write_literal(node.text);
        break;
    }
    pop_indent();
  }

  /// A plain or single-quoted scalar's characters, folded at spaces past the best width and
  /// with its line breaks doubled as libyaml writes both; whether it ended in line breaks.
  bool write_folding(std::string_view text, bool allow_breaks, bool single_quoted) {
    bool spaces = false, breaks = false;
    for (std::size_t at = 0; at < text.size();) {
      if (is_space(text, at)) {
        const bool inside = !single_quoted || (at != 0 && at != text.size() - 1);
        if (allow_breaks && !spaces && column_ > kBestWidth && inside && !is_space(text, at + 1)) {
          write_indent();
          ++at;
        } else {
          write(text, &at);
        }
        spaces = true;
      } else if (is_break(text, at)) {
        if (!breaks && text[at] == '\n') put_break();
        write_break(text, &at);
        indention_ = breaks = true;
      } else {
        if (breaks) write_indent();
        if (single_quoted && text[at] == '\'') put('\'');
        write(text, &at);
        indention_ = spaces = breaks = false;
      }
    }
    return breaks;
  }

  void write_plain(std::string_view text, bool allow_breaks) {
    if (!whitespace_ && !text.empty()) put(' ');
    write_folding(text, allow_breaks, false);
    whitespace_ = indention_ = false;
  }

  void write_single_quoted(std::string_view text, bool allow_breaks) {
    write_indicator("'", true, false, false);
    if (write_folding(text, allow_breaks, true)) write_indent();
    write_indicator("'", false, false, false);
    whitespace_ = indention_ = false;
  }

  void write_escape(std::string_view text, std::size_t* at) {
    const unsigned value = code_point(text, *at);
    *at += char_width(text, *at);
    put('\\');
    switch (value) {
      case 0x00:
        return put('0');
      case 0x07:
        return put('a');
      case 0x08:
        return put('b');
      case 0x09:
        return put('t');
      case 0x0A:
        return put('n');
      case 0x0B:
        return put('v');
      case 0x0C:
        return put('f');
      case 0x0D:
        return put('r');
      case 0x1B:
        return put('e');
      case 0x22:
        return put('"');
      case 0x5C:
        return put('\\');
      case 0x85:
        return put('N');
      case 0xA0:
        return put('_');
      case 0x2028:
        return put('L');
      case 0x2029:
        return put('P');
      default:
        break;
    }
    const int digits = value <= 0xFF ? 2 : value <= 0xFFFF ? 4 : 8;
    put(digits == 2 ? 'x' : digits == 4 ? 'u' : 'U');
    for (int shift = (digits - 1) * 4; shift >= 0; shift -= 4) {
      const int digit = static_cast<int>((value >> shift) & 0x0F);
      put(static_cast<char>(digit < 10 ? '0' + digit : 'A' + digit - 10));
    }
  }

  void write_double_quoted(std::string_view text, bool allow_breaks) {
    write_indicator("\"", true, false, false);
    bool spaces = false;
    for (std::size_t at = 0; at < text.size();) {
      const char c = text[at];
      if (!is_printable(text, at) || is_bom(text, at) || is_break(text, at) || c == '"' ||
          c == '\\') {
        write_escape(text, &at);
        spaces = false;
      } else if (is_space(text, at)) {
        if (allow_breaks && !spaces && column_ > kBestWidth && at != 0 && at != text.size() - 1) {
          write_indent();
          if (is_space(text, at + 1)) put('\\');
          ++at;
        } else {
          write(text, &at);
        }
        spaces = true;
      } else {
        write(text, &at);
        spaces = false;
      }
    }
    write_indicator("\"", false, false, false);
    whitespace_ = indention_ = false;
  }

  /// The start of the character before the one starting at `at` (at > 0).
  static std::size_t previous_char(std::string_view text, std::size_t at) {
    do --at;
    while (at > 0 && (byte_at(text, at) & 0xC0) == 0x80);
    return at;
  }

  void write_block_hints(std::string_view text) {
    if (is_space(text, 0) || is_break(text, 0))
      write_indicator(std::string(1, static_cast<char>('0' + kBestIndent)), false, false, false);
    open_ended_ = 0;
    std::string_view chomp;
    if (text.empty()) {
      chomp = "-";
    } else {
      const std::size_t last = previous_char(text, text.size());
      if (!is_break(text, last)) {
        chomp = "-";
      } else if (last == 0 || is_break(text, previous_char(text, last))) {
        chomp = "+";
        open_ended_ = 2;
      }
    }
    if (!chomp.empty()) write_indicator(chomp, false, false, false);
  }

  void write_literal(std::string_view text) {
    write_indicator("|", true, false, false);
    write_block_hints(text);
    put_break();
    indention_ = whitespace_ = true;
    bool breaks = true;
    for (std::size_t at = 0; at < text.size();) {
      if (is_break(text, at)) {
        write_break(text, &at);
        indention_ = breaks = true;
      } else {
        if (breaks) write_indent();
        write(text, &at);
        indention_ = breaks = false;
      }
    }
  }

  std::string out_;
  int column_ = 0;
  bool whitespace_ = true;
  bool indention_ = true;
  int open_ended_ = 0;
  int indent_ = -1;
  std::vector<int> indents_;
};

}  // namespace

std::string emit_document(const Node& root) {
  Emitter emitter;
  emitter.document(root);
  return emitter.take();
}

}  // namespace marionette::rubyish::psych
