#pragma once

#include <string>

#include "lang/ast/node.hpp"

namespace marionette::lang::ast {

/// A readable, one-line S-expression of a tree, for tests and `parser dump`:
/// `(block (= $x 1) (resource file ("/tmp" (ensure => present))))`.
std::string dump(const Node* node);

}  // namespace marionette::lang::ast
