#pragma once

#include <string>
#include <vector>

#include "lang/ast/ast.hpp"
#include "lang/parse_notes.hpp"

namespace marionette::lang {

/// A finding of the checks that Puppet's `strict` setting governs (a hash literal's duplicate
/// key): the compile warns, fails or says nothing, as the setting says.
struct StrictIssue {
  std::string message;
  SourceLocation where;
};

/// Puppet 7's checks on a parsed tree (its Checker4_0): statements without effect, where
/// definitions may stand, definition and parameter names, assignable targets, queries,
/// duplicate defaults, reserved words. Throws SourceError for the first problem, in the order
/// Puppet reports them, with Puppet's text. Findings that `strict` governs go to
/// `strict_issues` when given.
void validate(const ast::Block* program, const ParseNotes& notes,
              std::vector<StrictIssue>* strict_issues = nullptr);
void validate(const ast::EppTemplate* program, const ParseNotes& notes);

}  // namespace marionette::lang
