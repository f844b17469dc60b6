#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "lang/ast/node.hpp"

namespace marionette::lang::ast {

/// `$name` (the name without `$`, maybe qualified: `app::port`, `::x`).
struct Variable : NodeOf<NodeKind::Variable> {
  Variable(SourceLocation w, std::string n) : NodeOf(std::move(w)), name(std::move(n)) {}
  std::string name;
};

enum class UnaryOp { Not, Negate, Splat };

struct Unary : NodeOf<NodeKind::Unary> {
  Unary(SourceLocation w, UnaryOp o, Expression* e) : NodeOf(std::move(w)), op(o), operand(e) {}
  UnaryOp op;
  Expression* operand;
};

enum class BinaryOp {
  Or,
  And,
  Equal,
  NotEqual,
  Less,
  LessEqual,
  Greater,
  GreaterEqual,
  LeftShift,
  RightShift,
  Plus,
  Minus,
  Multiply,
  Divide,
  Modulo,
  Match,
  NotMatch,
  In,
};

std::string_view spelling(BinaryOp op);

struct Binary : NodeOf<NodeKind::Binary> {
  Binary(SourceLocation w, BinaryOp o, Expression* l, Expression* r)
      : NodeOf(std::move(w)), op(o), left(l), right(r) {}
  BinaryOp op;
  Expression* left;
  Expression* right;
};

/// The arrows: `->` (before), `~>` (notify), `<-` (require), `<~` (subscribe).
enum class RelationshipOp { Before, Notify, Require, Subscribe };

std::string_view spelling(RelationshipOp op);

struct Relationship : NodeOf<NodeKind::Relationship> {
  Relationship(SourceLocation w, RelationshipOp o, Expression* l, Expression* r)
      : NodeOf(std::move(w)), op(o), left(l), right(r) {}
  RelationshipOp op;
  Expression* left;
  Expression* right;
};

/// `target[keys...]`: indexing, slicing, resource references and parameterised types.
struct Access : NodeOf<NodeKind::Access> {
  Access(SourceLocation w, Expression* t) : NodeOf(std::move(w)), target(t) {}
  Expression* target;
  std::vector<Expression*> keys;
};

enum class AssignmentOp { Assign, Append, Delete };

struct Assignment : NodeOf<NodeKind::Assignment> {
  Assignment(SourceLocation w, AssignmentOp o, Expression* t, Expression* v)
      : NodeOf(std::move(w)), op(o), target(t), value(v) {}
  AssignmentOp op;
  Expression* target;
  Expression* value;
};

}  // namespace marionette::lang::ast
