#include "compiler/erb/ruby_parser_impl.hpp"

namespace marionette::compiler::erb::parsing {

NodePtr Parser::array_literal(int line) {
  auto n = node(NodeKind::Array, line);
  bool saved = no_do_;
  no_do_ = false;
  skip_newlines();
  while (!is_op("]")) {
    bool splat = accept_op("*");  // `[*x]`: x's items (none for nil, x itself for a scalar)
    n->items.push_back(not_keyword());
    n->items.back()->splat = splat;
    skip_newlines();
    if (!accept_op(",")) break;
    skip_newlines();
  }
  skip_newlines();
  expect_op("]");
  no_do_ = saved;
  return n;
}

NodePtr Parser::hash_literal(int line) {
  auto n = node(NodeKind::Hash, line);
  bool saved = no_do_;
  no_do_ = false;
  skip_newlines();
  while (!is_op("}")) {
    if (peek().kind == TokenKind::Label) {
      auto key = node(NodeKind::Literal, peek().line);
      key->value = RubySymbol{next().text};
      n->items.push_back(std::move(key));
    } else {
      n->items.push_back(expression());
      skip_newlines();
      expect_op("=>");
    }
    skip_newlines();
    n->items.push_back(expression());
    skip_newlines();
    if (!accept_op(",")) break;
    skip_newlines();
  }
  expect_op("}");
  no_do_ = saved;
  return n;
}

NodePtr Parser::if_expression(bool negated, int line) {
  Depth depth(*this);  // each elsif nests one more
  auto n = node(NodeKind::If, line);
  NodePtr cond = not_expression();
  n->a = negated ? negate(std::move(cond)) : std::move(cond);
  accept_kw("then");
  n->b = statements();
  if (is_kw("elsif")) {
    if (negated) unexpected();
    int elsif_line = next().line;
    n->c = if_expression(false, elsif_line);
    return n;
  }
  if (accept_kw("else")) n->c = statements();
  expect_kw("end");
  return n;
}

NodePtr Parser::case_expression(int line) {
  auto n = node(NodeKind::Case, line);
  if (peek().kind != TokenKind::Newline) n->a = not_expression();
  skip_newlines();
  if (is_kw("in")) unsupported("pattern matching");
  while (is_kw("when")) {
    auto when = node(NodeKind::When, next().line);
    do {
      skip_newlines();
      if (is_op("*")) unsupported("splat in 'when'");
      when->items.push_back(ternary());
    } while (accept_op(","));
    accept_kw("then");
    when->b = statements();
    n->items.push_back(std::move(when));
  }
  if (n->items.empty()) unexpected();
  if (accept_kw("else")) n->c = statements();
  expect_kw("end");
  return n;
}

NodePtr Parser::begin_expression(int line) {
  auto n = node(NodeKind::Begin, line);
  n->a = statements();
  while (is_kw("rescue")) {
    auto clause = node(NodeKind::RescueClause, next().line);
    // `rescue *list`: the classes a local Array holds, read when an error is met.
    bool listed = is_op("*") && peek(1).kind == TokenKind::Ident;
    if (listed) {
      ++pos_;
      auto list = node(NodeKind::LocalVar, peek().line);
      list->name = next().text;
      list->splat = true;
      clause->items.push_back(std::move(list));
    }
    while (!listed && peek().kind == TokenKind::Const) {
      auto name = node(NodeKind::Literal, peek().line);
      std::string qualified = next().text;
      while (is_op("::") && peek(1).kind == TokenKind::Const) {
        ++pos_;
        qualified += "::" + next().text;
      }
      name->value = RubyValue(qualified);
      clause->items.push_back(std::move(name));
      if (!accept_op(",")) break;
      skip_newlines();
    }
    if (accept_op("=>")) {
      if (peek().kind != TokenKind::Ident) unsupported("'rescue =>' of this form");
      clause->name = next().text;
      locals_.insert(clause->name);
    }
    accept_kw("then");
    clause->b = statements();
    n->items.push_back(std::move(clause));
  }
  if (is_kw("else")) {
    if (n->items.empty()) unexpected();
    ++pos_;
    n->b = statements();
  }
  if (accept_kw("ensure")) n->c = statements();
  expect_kw("end");
  return n;
}

NodePtr Parser::def_expression(int line) {
  auto n = node(NodeKind::Def, line);
  if (peek().kind != TokenKind::Ident) unsupported("'def' of an operator or with a receiver");
  n->name = next().text;
  std::set<std::string> outer = std::move(locals_);
  locals_.clear();
  n->block = std::make_unique<Block>();
  bool paren = is_op("(");
  if (paren) ++pos_;
  if (!(paren && is_op(")")) && peek().kind != TokenKind::Newline) {
    while (true) {
      BlockParameter p;
      p.splat = accept_op("*");  // `*rest`, last: the arguments past the named ones
      if (peek().kind != TokenKind::Ident) unsupported("method parameter of this form");
      p.name = next().text;
      if (!n->block->parameters.empty() && n->block->parameters.back().splat)
        unsupported("a method parameter after '*" + n->block->parameters.back().name + "'");
      if (accept_op("=")) {  // `b = value`, after the required parameters
        if (p.splat) unsupported("'*" + p.name + " ='");
        p.optional = static_cast<int>(n->items.size());
        n->items.push_back(ternary());
      } else if (!p.splat && !n->block->parameters.empty() &&
                 n->block->parameters.back().optional >= 0) {
        unsupported("a required method parameter after an optional one");
      }
      locals_.insert(p.name);
      n->block->parameters.push_back(std::move(p));
      if (!accept_op(",")) break;
    }
  }
  if (paren) expect_op(")");
  n->block->body = statements();
  if (is_kw("rescue") || is_kw("ensure")) unsupported("'" + peek().text + "' in a method");
  expect_kw("end");
  locals_ = std::move(outer);
  return n;
}

NodePtr Parser::while_expression(bool negated, int line) {
  auto n = node(NodeKind::While, line);
  bool saved = no_do_;
  no_do_ = true;
  NodePtr cond = not_expression();
  no_do_ = saved;
  n->a = negated ? negate(std::move(cond)) : std::move(cond);
  accept_kw("do");
  n->b = statements();
  expect_kw("end");
  return n;
}

}  // namespace marionette::compiler::erb::parsing
