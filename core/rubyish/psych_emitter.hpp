#pragma once
// The YAML text Psych writes, as libyaml 0.2.5's emitter writes it for Psych 4 (block style,
// indentation 2, width 80, Unicode written as is): given Psych's node tree, the scalars' styles
// chosen, quoted, escaped and folded as libyaml does. Psych's own choices (which style it asks
// for) are made by whoever builds the tree (serialization.cpp).
//
// libyaml treats U+0085, U+2028 and U+2029 as line breaks and escapes what it does not print
// (C0 and C1 controls, U+FEFF, U+FFFE/U+FFFF, every character beyond U+FFFF: "\N", "\L", "\P",
// "\x85", "\uFEFF", "\U0001F600"), which decides the style of the scalars that hold them.

#include <string>
#include <vector>

namespace marionette::rubyish::psych {

enum class ScalarStyle { plain, single_quoted, double_quoted, literal };

struct Node {
  enum class Kind { scalar, sequence, mapping, alias };
  Kind kind = Kind::scalar;
  /// A sequence's or mapping's anchor ("1" writes `&1`), or the anchor an alias names (`*1`).
  std::string anchor;
  // A scalar: its text, the style Psych asks for, and Psych's implicit flags (a string: both
  // true; an integer, a boolean or nil: plain only; a tagged scalar: neither, with its tag).
  std::string text;
  ScalarStyle style = ScalarStyle::plain;
  bool plain_implicit = true;
  bool quoted_implicit = true;
  std::string tag;  ///< a shorthand ("!!str"), written only when both flags are false
  /// A sequence's items, or a mapping's keys and values, alternating.
  std::vector<Node> children;

  static Node scalar(std::string text, ScalarStyle style, bool plain_implicit = true,
                     bool quoted_implicit = true) {
    Node node;
    node.text = std::move(text);
    node.style = style;
    node.plain_implicit = plain_implicit;
    node.quoted_implicit = quoted_implicit;
    return node;
  }
};

/// One document as Psych.dump writes it: "---", the node, and "..." when a block scalar that
/// keeps its trailing line breaks left the stream open-ended.
std::string emit_document(const Node& root);

}  // namespace marionette::rubyish::psych
