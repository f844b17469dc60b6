#pragma once

#include <vector>

#include "lang/ast/node.hpp"

namespace marionette::lang::ast {

/// A sequence of statements; its value is the value of the last one.
struct Block : NodeOf<NodeKind::Block> {
  using NodeOf::NodeOf;
  std::vector<Expression*> statements;
};

/// `if` / `elsif` (a nested If in otherwise) / `else`, and `unless` (negated).
struct If : NodeOf<NodeKind::If> {
  If(SourceLocation w, bool u) : NodeOf(std::move(w)), is_unless(u) {}
  bool is_unless;
  Expression* condition = nullptr;
  Block* then_body = nullptr;
  Expression* otherwise = nullptr;  ///< Block, nested If (elsif), or nullptr
};

struct CaseOption {
  std::vector<Expression*> values;  ///< DefaultLiteral for `default`
  Block* body = nullptr;
};

struct Case : NodeOf<NodeKind::Case> {
  using NodeOf::NodeOf;
  Expression* subject = nullptr;
  std::vector<CaseOption> options;
};

struct SelectorOption {
  Expression* match = nullptr;
  Expression* value = nullptr;
};

/// `subject ? { match => value, ... }`
struct Selector : NodeOf<NodeKind::Selector> {
  using NodeOf::NodeOf;
  Expression* subject = nullptr;
  std::vector<SelectorOption> options;
};

}  // namespace marionette::lang::ast
