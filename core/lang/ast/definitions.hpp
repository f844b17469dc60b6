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

/// `function name(params) >> ReturnType { body }` (a function written in the Puppet language).
struct FunctionDefinition : NodeOf<NodeKind::FunctionDefinition> {
  using NodeOf::NodeOf;
  std::string name;  ///< lowercase, fully qualified, without leading `::`
  std::vector<Parameter> parameters;
  Expression* return_type = nullptr;  ///< nullptr: none declared
  Block* body = nullptr;
};

/// `type Name = TypeExpression`
struct TypeAlias : NodeOf<NodeKind::TypeAlias> {
  using NodeOf::NodeOf;
  std::string name;  ///< capitalised, as written, without leading `::`
  Expression* type = nullptr;
};

}  // namespace marionette::lang::ast
