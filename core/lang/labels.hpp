#pragma once

#include <string>
#include <string_view>

#include "lang/ast/node.hpp"
#include "lang/parse_notes.hpp"

namespace marionette::lang {

/// Puppet's name for the kind of an expression in messages ("Literal Integer", "'+' expression",
/// "Host Class Definition"), as its ModelLabelProvider gives it.
std::string label(const ast::Node* node, const ParseNotes& notes);

/// The label with its article: "a Literal Integer", "an 'if' statement" (`capital`: "A ...").
std::string a_an(const std::string& label, bool capital = false);

/// The source text from `where` to the end of its line.
std::string_view source_text_at(const SourceLocation& where);

/// Where Puppet places an expression in messages: the `(` of a parenthesized one, the start of
/// the left side of a selector, else the node's own location.
SourceLocation position(const ast::Node* node, const ParseNotes& notes);

}  // namespace marionette::lang
