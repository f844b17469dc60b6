#include "compiler/erb/ruby_parser_impl.hpp"

namespace marionette::compiler::erb::parsing {

NodePtr Parser::statements() {
  auto sequence = node(NodeKind::Sequence, peek().line);
  while (true) {
    skip_newlines();
    if (at_terminator()) break;
    sequence->items.push_back(statement());
    if (!at_terminator() && peek().kind != TokenKind::Newline) unexpected();
  }
  return sequence;
}

NodePtr Parser::statement() {
  Depth depth(*this);
  // `k, v = list`: each name (a local or an @variable) takes the list's item in turn.
  auto is_name = [&](std::size_t ahead) {
    return peek(ahead).kind == TokenKind::Ident || peek(ahead).kind == TokenKind::InstanceVar;
  };
  std::size_t last = 0;
  while (is_name(last) && is_op(",", last + 1)) last += 2;
  if (last > 0 && is_name(last) && is_op("=", last + 1)) {
    auto n = node(NodeKind::Assign, peek().line);
    for (std::size_t i = 0; i <= last; i += 2) {
      const Token& name = next();
      auto target = node(name.kind == TokenKind::Ident ? NodeKind::LocalVar : NodeKind::InstanceVar,
                         name.line);
      target->name = name.text;
      if (name.kind == TokenKind::Ident) locals_.insert(name.text);
      n->items.push_back(std::move(target));
      next();  // the `,` or the `=`
    }
    skip_newlines();
    n->splat = accept_op("*");  // `a, b = *list`
    n->b = expression();
    if (is_op(",")) unsupported("multiple assignment of several values");
    return n;
  }
  NodePtr e = not_expression();
  while (peek().kind == TokenKind::Keyword) {
    const std::string& kw = peek().text;
    int line = peek().line;
    if (kw == "if" || kw == "unless") {
      ++pos_;
      auto n = node(NodeKind::If, line);
      NodePtr cond = not_expression();
      n->a = kw == "if" ? std::move(cond) : negate(std::move(cond));
      n->b = std::move(e);
      e = std::move(n);
    } else if (kw == "while" || kw == "until") {
      ++pos_;
      if (e->kind == NodeKind::Sequence || e->kind == NodeKind::Begin)
        unsupported("'begin ... end while'");
      auto n = node(NodeKind::While, line);
      NodePtr cond = not_expression();
      n->a = kw == "while" ? std::move(cond) : negate(std::move(cond));
      n->b = std::move(e);
      e = std::move(n);
    } else if (kw == "rescue") {
      ++pos_;
      auto n = node(NodeKind::Rescue, line);
      n->a = std::move(e);
      n->b = not_expression();
      e = std::move(n);
    } else {
      break;
    }
  }
  return e;
}

NodePtr Parser::not_expression() {
  NodePtr left = not_keyword();
  while (is_kw("and") || is_kw("or")) {
    bool is_and = peek().text == "and";
    int line = next().line;
    skip_newlines();
    auto n = node(is_and ? NodeKind::And : NodeKind::Or, line);
    n->a = std::move(left);
    n->b = not_keyword();
    left = std::move(n);
  }
  return left;
}

NodePtr Parser::not_keyword() {
  if (is_kw("not")) {
    ++pos_;
    return negate(not_keyword());
  }
  return expression();
}

NodePtr Parser::expression() {
  Depth depth(*this);
  NodePtr left = ternary();
  if (peek().kind != TokenKind::Operator) return left;
  std::string op = peek().text;
  bool plain = op == "=";
  bool compound = op.size() >= 2 && op.back() == '=' && op != "==" && op != "!=" && op != ">=" &&
                  op != "<=" && op != "===";
  if (!plain && !compound) return left;
  if (!assignable(*left)) unexpected();
  int line = next().line;
  skip_newlines();
  if (left->kind == NodeKind::Call) {
    left->kind = NodeKind::LocalVar;
    locals_.insert(left->name);
  }
  auto n = node(plain ? NodeKind::Assign : NodeKind::OpAssign, line);
  if (!plain) n->name = op.substr(0, op.size() - 1);
  n->a = std::move(left);
  n->b = expression();
  if (is_op(",")) unsupported("multiple assignment");
  if (is_kw("rescue")) {  // `a = b rescue c` assigns c when b raises
    auto rescue = node(NodeKind::Rescue, next().line);
    rescue->a = std::move(n->b);
    rescue->b = expression();
    n->b = std::move(rescue);
  }
  return n;
}

NodePtr Parser::ternary() {
  NodePtr cond = range();
  if (!is_op("?")) return cond;
  int line = next().line;
  skip_newlines();
  auto n = node(NodeKind::If, line);
  n->a = std::move(cond);
  n->b = ternary();
  skip_newlines();
  if (peek().kind == TokenKind::Label) unsupported("ternary written 'a ? b: c'");
  expect_op(":");
  skip_newlines();
  n->c = ternary();
  return n;
}

NodePtr Parser::range() {
  NodePtr left = binary(0);
  if (is_op("..") || is_op("...")) {
    auto n = node(NodeKind::Range, peek().line);
    n->name = next().text;
    n->a = std::move(left);
    n->b = binary(0);
    return n;
  }
  return left;
}

NodePtr Parser::binary(int level) {
  static const std::vector<std::vector<std::string>> levels = {
      {"||"},
      {"&&"},
      {"<=>", "==", "===", "!=", "=~", "!~"},
      {"<", "<=", ">", ">="},
      {"|", "^"},
      {"&"},
      {"<<", ">>"},
      {"+", "-"},
      {"*", "/", "%"}};
  if (level == static_cast<int>(levels.size())) return unary_minus();
  Depth depth(*this);
  NodePtr left = binary(level + 1);
  for (int chain = 0; peek().kind == TokenKind::Operator; ++chain) {
    if (chain > kMaxChain) unsupported("a chain of more than 500 operators");
    const std::string& op = peek().text;
    bool found = false;
    for (const std::string& candidate : levels[level]) found = found || candidate == op;
    if (!found) break;
    std::string name = op;
    int line = next().line;
    skip_newlines();
    NodePtr right = binary(level + 1);
    if (name == "||" || name == "&&") {
      auto n = node(name == "||" ? NodeKind::Or : NodeKind::And, line);
      n->a = std::move(left);
      n->b = std::move(right);
      left = std::move(n);
      continue;
    }
    bool negated = name == "!=" || name == "!~";
    if (negated) name = name == "!=" ? "==" : "=~";
    auto call = node(NodeKind::Call, line);
    call->name = name;
    call->a = std::move(left);
    call->items.push_back(std::move(right));
    left = negated ? negate(std::move(call)) : std::move(call);
    if (level == 2 || level == 3) {
      // Non-associative in Ruby: `a == b == c` is a syntax error.
      if (peek().kind == TokenKind::Operator)
        for (const std::string& candidate : levels[level])
          if (candidate == peek().text) unexpected();
    }
  }
  return left;
}

NodePtr Parser::unary_minus() {
  if (is_op("-") && (peek(1).kind == TokenKind::Integer || peek(1).kind == TokenKind::Float) &&
      !peek(1).space_before) {
    ++pos_;
    Token number = next();
    auto n = literal_number(number, true);
    return power(std::move(n), true);
  }
  if (is_op("-")) {
    int line = next().line;
    auto call = node(NodeKind::Call, line);
    call->name = "-@";
    call->a = unary_minus();
    return call;
  }
  return power(unary(), false);
}

NodePtr Parser::power(NodePtr base, bool negative_literal) {
  if (!is_op("**")) return base;
  int line = next().line;
  auto call = node(NodeKind::Call, line);
  call->name = "**";
  if (negative_literal) {  // -2 ** 2 is -(2 ** 2)
    base->value = base->value.is_integer() ? RubyValue(-base->value.integer())
                                           : RubyValue(-base->value.number());
    call->a = std::move(base);
    call->items.push_back(unary_minus());
    auto minus = node(NodeKind::Call, line);
    minus->name = "-@";
    minus->a = std::move(call);
    return minus;
  }
  call->a = std::move(base);
  call->items.push_back(unary_minus());
  return call;
}

NodePtr Parser::unary() {
  Depth depth(*this);
  if (is_op("!")) {
    ++pos_;
    return negate(unary());
  }
  if (is_op("+")) {
    ++pos_;
    return unary();
  }
  if (is_op("~") || is_op("&") || is_op("*") || is_op("->")) unsupported("'" + peek().text + "'");
  return postfix(primary());
}

NodePtr Parser::literal_number(const Token& t, bool negative) {
  auto n = node(NodeKind::Literal, t.line);
  try {
    if (t.kind == TokenKind::Integer) {
      std::int64_t value = std::stoll(t.text);
      n->value = negative ? -value : value;
    } else {
      double value = std::stod(t.text);
      n->value = negative ? -value : value;
    }
  } catch (const std::exception&) {
    unsupported("number " + t.text + " beyond 64 bits");
  }
  return n;
}

NodePtr Parser::negate(NodePtr e) {
  auto n = node(NodeKind::Not, e->line);
  n->a = std::move(e);
  return n;
}

}  // namespace marionette::compiler::erb::parsing

namespace marionette::compiler::erb {

NodePtr parse_ruby(const std::vector<Token>& tokens, const std::vector<std::string>& texts) {
  return parsing::Parser(tokens, texts).program();
}

}  // namespace marionette::compiler::erb
