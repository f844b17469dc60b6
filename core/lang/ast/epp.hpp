#pragma once

#include <string>
#include <vector>

#include "lang/ast/calls.hpp"
#include "lang/ast/control.hpp"
#include "lang/ast/node.hpp"

namespace marionette::lang::ast {

/// A whole EPP template: its `<%| params |%>` header and a body whose statements are
/// RenderString (text), RenderExpression (`<%= expr %>`) and ordinary code (`<% code %>`).
/// Evaluating the body appends the rendered pieces to the output, in order.
struct EppTemplate : NodeOf<NodeKind::EppTemplate> {
  using NodeOf::NodeOf;
  bool has_parameter_list = false;  ///< `<%| |%>` present (even empty): no access to outer scope
  std::vector<Parameter> parameters;
  Block* body = nullptr;
};

/// Literal template text, already trimmed as `<%-` / `-%>` ask.
struct RenderString : NodeOf<NodeKind::RenderString> {
  RenderString(SourceLocation w, std::string t) : NodeOf(std::move(w)), text(std::move(t)) {}
  std::string text;
};

/// `<%= expression %>`: the expression's value, as a string, is appended to the output.
struct RenderExpression : NodeOf<NodeKind::RenderExpression> {
  RenderExpression(SourceLocation w, Expression* e) : NodeOf(std::move(w)), expression(e) {}
  Expression* expression;
};

}  // namespace marionette::lang::ast
