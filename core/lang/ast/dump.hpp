#pragma once

#include <string>

#include "lang/ast/node.hpp"

namespace marionette::lang::ast {

/// A readable, one-line S-expression of a tree, for tests and `parser dump`:
/// `(block (= $x 1) (resource file ("/tmp" (ensure => present))))`.
std::string dump(const Node* node);

/// The dump of a Block (or an EPP template's body) with one statement a line, for files:
/// `(epp (params))` first for a template with a parameter header.
std::string dump_statements(const Node* node);

}  // namespace marionette::lang::ast
