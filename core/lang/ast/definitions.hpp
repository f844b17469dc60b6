#pragma once

#include <string>
#include <vector>

#include "lang/ast/calls.hpp"
#include "lang/ast/control.hpp"
#include "lang/ast/node.hpp"

namespace marionette::lang::ast {

/// `class name (params) inherits parent { body }`
struct ClassDefinition : NodeOf<NodeKind::ClassDefinition> {
  using NodeOf::NodeOf;
  std::string name;    ///< lowercase, fully qualified, without leading `::`
  std::string parent;  ///< empty when it inherits nothing
  std::vector<Parameter> parameters;
  Block* body = nullptr;
};

/// `define name (params) { body }`
struct DefinedTypeDefinition : NodeOf<NodeKind::DefinedTypeDefinition> {
  using NodeOf::NodeOf;
  std::string name;
  std::vector<Parameter> parameters;
  Block* body = nullptr;
};

/// `node 'a', /re/, default { body }`: matches are StringLiteral, RegexLiteral or DefaultLiteral.
struct NodeDefinition : NodeOf<NodeKind::NodeDefinition> {
  using NodeOf::NodeOf;
  std::vector<Expression*> matches;
  std::string parent;
  Block* body = nullptr;
};

}  // namespace marionette::lang::ast
