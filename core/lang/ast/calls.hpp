#pragma once

#include <string>
#include <vector>

#include "lang/ast/control.hpp"
#include "lang/ast/node.hpp"

namespace marionette::lang::ast {

/// A parameter of a class, defined type, lambda or function: `Type $name = default`.
struct Parameter {
  SourceLocation where;
  SourceLocation name_where;  ///< where the `$name` stands
  std::string name;
  Expression* type = nullptr;           ///< nullptr: Any
  Expression* default_value = nullptr;  ///< nullptr: required
  bool captures_rest = false;           ///< `*$rest`
};

/// `|$a, $b| { body }` after a call.
struct Lambda : NodeOf<NodeKind::Lambda> {
  using NodeOf::NodeOf;
  std::vector<Parameter> parameters;
  Expression* return_type = nullptr;  ///< `|$x| >> Type { }`; nullptr: none declared
  Block* body = nullptr;
};

/// `name(args) |lambda|` or a statement call without parentheses: `include a, b`.
struct FunctionCall : NodeOf<NodeKind::FunctionCall> {
  FunctionCall(SourceLocation w, std::string n) : NodeOf(std::move(w)), name(std::move(n)) {}
  std::string name;
  std::vector<Expression*> arguments;
  const Lambda* lambda = nullptr;
};

/// `receiver.name(args) |lambda|`: the receiver is the first argument.
struct MethodCall : NodeOf<NodeKind::MethodCall> {
  MethodCall(SourceLocation w, Expression* r, std::string n)
      : NodeOf(std::move(w)), receiver(r), name(std::move(n)) {}
  Expression* receiver;
  std::string name;
  std::vector<Expression*> arguments;
  const Lambda* lambda = nullptr;
};

}  // namespace marionette::lang::ast
