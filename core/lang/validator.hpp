#pragma once

#include "lang/ast/ast.hpp"
#include "lang/parse_notes.hpp"

namespace marionette::lang {

/// Puppet 7's checks on a parsed tree (its Checker4_0): statements without effect, where
/// definitions may stand, definition and parameter names, assignable targets, queries,
/// duplicate defaults, reserved words. Throws SourceError for the first problem, in the order
/// Puppet reports them, with Puppet's text.
void validate(const ast::Block* program, const ParseNotes& notes);
void validate(const ast::EppTemplate* program, const ParseNotes& notes);

}  // namespace marionette::lang
