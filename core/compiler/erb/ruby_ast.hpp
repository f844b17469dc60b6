#pragma once

#include <memory>
#include <string>
#include <vector>

#include "compiler/erb/ruby_value.hpp"

namespace marionette::compiler::erb {

enum class NodeKind {
  Literal,      ///< nil, true, false, numbers, symbols, plain strings, regexps: `value`
  String,       ///< a string with interpolation: `items` are literals and expressions
  Regexp,       ///< a regexp with interpolation: `items` as String, `name` the options
  Array,        ///< `items`
  Hash,         ///< `items` alternate key, value
  Range,        ///< `a..b` (`name` "..") or `a...b`
  LocalVar,     ///< `name`
  InstanceVar,  ///< `@name`
  NthRef,       ///< `$1`: `name` the digits
  Const,        ///< `Array`, `String`: `name`
  Self,
  Call,          ///< `a` (receiver, may be null) `.name(items) { block }`; `&.` sets `safe`
  Index,         ///< `a[items]`
  Not,           ///< `!a`, `not a`
  And,           ///< `a && b`, `a and b`
  Or,            ///< `a || b`, `a or b`
  If,            ///< if `a` then `b` else `c` (unless and ternaries become If)
  While,         ///< while `a` do `b`; until is While with a Not
  Case,          ///< case `a` `items` (When) else `c`
  When,          ///< `items` the values, `b` the body
  Assign,        ///< `a` (LocalVar, InstanceVar, Index) = `b`
  OpAssign,      ///< `a` `name`= `b`, with `||=` and `&&=`
  Sequence,      ///< statements `items`; its value is the last one's
  Text,          ///< ERB's literal text, `value`
  Output,        ///< ERB's `<%= a %>`
  Defined,       ///< `defined?(a)`
  Next,          ///< `next a`
  Break,         ///< `break a`
  Return,        ///< `return a`
  Def,           ///< `def name(parameters) body end`: a method of the template (`block`);
                 ///< `items` the optional parameters' default values
  Rescue,        ///< `a rescue b`: b when a raises a Ruby error
  Begin,         ///< `begin a` `items` (RescueClause) `else b` `ensure c` `end`
  RescueClause,  ///< `rescue items => name`: `items` the class names (Literal strings), `b` the
                 ///< body
};

struct Node;
using NodePtr = std::unique_ptr<Node>;

/// A block parameter: a name, or `(a, b)` taking an array apart.
struct BlockParameter {
  std::string name;
  std::vector<BlockParameter> nested;
  bool splat = false;
  /// A method's optional parameter `name = value`: its value is the Def node's items[optional].
  int optional = -1;
};

struct Block {
  std::vector<BlockParameter> parameters;
  NodePtr body;
};

struct Node {
  NodeKind kind;
  int line = 0;
  std::string name;
  RubyValue value;
  NodePtr a, b, c;
  std::vector<NodePtr> items;
  std::unique_ptr<Block> block;
  bool safe = false;        ///< `&.`
  bool splat_last = false;  ///< the last argument is `*list`
  /// An array literal's item written `*x`. (An Assign with `items`, its `a` null, is `x, y = b`.)
  bool splat = false;

  Node(NodeKind k, int l) : kind(k), line(l) {}
};

/// A template compiled to the Ruby subset: the program, and every method name it calls (checked
/// against what the engine knows before anything runs).
struct RubyProgram {
  NodePtr body;
};

}  // namespace marionette::compiler::erb
