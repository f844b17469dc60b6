#pragma once

#include <unordered_map>

#include "lang/ast/node.hpp"
#include "lang/source_location.hpp"

namespace marionette::lang {

/// What the parser saw but the tree does not keep, for the validator's messages: the
/// parentheses around an expression (Puppet names and places it as a Parenthesized Expression).
struct ParseNotes {
  /// Expression -> where its outermost `(` stands.
  std::unordered_map<const ast::Node*, SourceLocation> parenthesized;
};

}  // namespace marionette::lang
