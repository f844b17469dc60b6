#include "compiler/erb/ruby_parser_impl.hpp"

namespace marionette::compiler::erb::parsing {

NodePtr Parser::string_node(const Token& t, NodeKind kind) {
  bool plain = t.parts.size() == 1 && !t.parts[0].code;
  if (plain && kind == NodeKind::String) {
    auto n = node(NodeKind::Literal, t.line);
    n->value = t.parts[0].text;
    return n;
  }
  auto n = node(kind, t.line);
  n->name = t.flags;
  for (const StringPart& part : t.parts) {
    if (!part.code) {
      auto text = node(NodeKind::Literal, part.line);
      text->value = part.text;
      n->items.push_back(std::move(text));
      continue;
    }
    std::vector<Token> inner = tokenize_ruby(part.text, part.line);
    Parser sub(inner, texts_);
    sub.locals_ = locals_;
    sub.depth_ = depth_ + 1;
    n->items.push_back(sub.program());
  }
  return n;
}

NodePtr Parser::primary() {
  Depth depth(*this);
  const Token& t = peek();
  int line = t.line;
  switch (t.kind) {
    case TokenKind::Integer:
    case TokenKind::Float:
      return literal_number(next(), false);
    case TokenKind::String: {
      NodePtr first = string_node(next(), NodeKind::String);
      if (peek().kind != TokenKind::String) return first;
      auto joined = node(NodeKind::String, line);  // 'a' "b": one string, as Ruby joins them
      joined->items.push_back(std::move(first));
      while (peek().kind == TokenKind::String)
        joined->items.push_back(string_node(next(), NodeKind::String));
      return joined;
    }
    case TokenKind::Symbol: {
      auto n = node(NodeKind::Literal, line);
      n->value = RubySymbol{next().text};
      return n;
    }
    case TokenKind::Regexp: {
      const Token& r = next();
      for (char flag : r.flags)
        if (flag != 'i') unsupported(std::string("regexp option '") + flag + "'");
      return string_node(r, NodeKind::Regexp);
    }
    case TokenKind::Words: {
      const Token& w = next();
      auto n = node(NodeKind::Array, line);
      for (const StringPart& part : w.parts) {
        auto item = node(NodeKind::Literal, line);
        if (w.text == "i")
          item->value = RubySymbol{part.text};
        else
          item->value = part.text;
        n->items.push_back(std::move(item));
      }
      return n;
    }
    case TokenKind::InstanceVar: {
      auto n = node(NodeKind::InstanceVar, line);
      n->name = next().text;
      return n;
    }
    case TokenKind::GlobalVar: {
      auto n = node(NodeKind::NthRef, line);
      n->name = next().text;
      return n;
    }
    case TokenKind::Const: {
      auto n = node(NodeKind::Const, line);
      n->name = next().text;
      if (is_op("(") && !peek().space_before) {  // Array(x), Integer(x): Kernel's functions
        n->kind = NodeKind::Call;
        return call_rest(std::move(n), false);
      }
      while (is_op("::") && peek(1).kind == TokenKind::Const) {
        pos_ += 1;
        n->name += "::" + next().text;
      }
      return n;
    }
    case TokenKind::Text: {
      auto n = node(NodeKind::Text, line);
      n->value = texts_.at(std::stoul(next().text));
      return n;
    }
    case TokenKind::Output: {
      ++pos_;
      auto n = node(NodeKind::Output, line);
      if (!is_op("(")) unexpected();
      n->a = primary();
      return n;
    }
    case TokenKind::Ident: {
      auto n = node(NodeKind::Call, line);
      n->name = next().text;
      if (n->name == "defined?") {
        auto d = node(NodeKind::Defined, line);
        bool paren = accept_op("(");
        d->a = paren ? expression() : unary();
        if (paren) expect_op(")");
        return d;
      }
      bool call_syntax = is_op("(") && !peek().space_before;
      if (locals_.count(n->name) && !call_syntax) {
        n->kind = NodeKind::LocalVar;
        return n;
      }
      return call_rest(std::move(n), true);
    }
    case TokenKind::Label:
      unexpected();
    case TokenKind::Keyword: {
      std::string kw = next().text;
      auto n = node(NodeKind::Literal, line);
      if (kw == "nil") return n;
      if (kw == "true" || kw == "false") {
        n->value = kw == "true";
        return n;
      }
      if (kw == "self") {
        n->kind = NodeKind::Self;
        return n;
      }
      if (kw == "if" || kw == "unless") return if_expression(kw == "unless", line);
      if (kw == "case") return case_expression(line);
      if (kw == "begin") return begin_expression(line);
      if (kw == "while" || kw == "until") return while_expression(kw == "until", line);
      if (kw == "next" || kw == "break" || kw == "return") {
        n->kind = kw == "next"    ? NodeKind::Next
                  : kw == "break" ? NodeKind::Break
                                  : NodeKind::Return;
        if (peek().kind != TokenKind::Newline && !at_terminator() && !is_kw("if") &&
            !is_kw("unless"))
          n->a = expression();
        return n;
      }
      if (kw == "not") return negate(expression());
      if (kw == "def") return def_expression(line);
      unsupported("'" + kw + "'");
    }
    case TokenKind::Operator: {
      std::string op = next().text;
      if (op == "(") {
        bool saved = no_do_;
        no_do_ = false;
        NodePtr body = statements();
        no_do_ = saved;
        expect_op(")");
        if (body->items.size() == 1) return std::move(body->items[0]);
        return body;
      }
      if (op == "[") return array_literal(line);
      if (op == "{") return hash_literal(line);
      if (op == "::") unsupported("'::' constant");
      --pos_;
      unexpected();
    }
    default:
      unexpected();
  }
}

bool Parser::starts_command_argument() const {
  const Token& t = peek();
  // `list.include?name`: after a method name ending in ? or !, Ruby takes an adjacent word as
  // the first argument (apache's mod/_require.erb).
  const Token& before = t_[pos_ > 0 ? pos_ - 1 : 0];
  bool predicate = pos_ > 0 && before.kind == TokenKind::Ident &&
                   (before.text.ends_with('?') || before.text.ends_with('!'));
  if (!t.space_before &&
      !(predicate && (t.kind == TokenKind::Ident || t.kind == TokenKind::InstanceVar)))
    return false;
  switch (t.kind) {
    case TokenKind::Integer:
    case TokenKind::Float:
    case TokenKind::String:
    case TokenKind::Symbol:
    case TokenKind::Regexp:
    case TokenKind::Words:
    case TokenKind::Ident:
    case TokenKind::Const:
    case TokenKind::InstanceVar:
    case TokenKind::GlobalVar:
    case TokenKind::Label:
      return true;
    case TokenKind::Keyword:
      return t.text == "nil" || t.text == "true" || t.text == "false" || t.text == "self" ||
             t.text == "not";
    case TokenKind::Operator:
      if (t.text == "[") return true;
      if (t.text == "!" || t.text == "-" || t.text == "*" || t.text == "::")
        return !peek(1).space_before;
      return false;
    default:
      return false;
  }
}

NodePtr Parser::argument(Node& call, NodePtr* pending_hash) {
  if (is_op("*")) {
    ++pos_;
    call.splat_last = true;
    return expression();
  }
  if (is_op("&")) {
    ++pos_;
    if (peek().kind != TokenKind::Symbol) unsupported("block argument");
    int line = peek().line;
    std::string method = next().text;
    call.block = std::make_unique<Block>();
    call.block->parameters.push_back({"__item", {}, false});
    auto body = node(NodeKind::Call, line);
    body->name = method;
    body->a = node(NodeKind::LocalVar, line);
    body->a->name = "__item";
    call.block->body = std::move(body);
    return nullptr;
  }
  if (peek().kind == TokenKind::Label || (pending_hash && *pending_hash)) {
    if (!*pending_hash) *pending_hash = node(NodeKind::Hash, peek().line);
    if (peek().kind == TokenKind::Label) {
      auto key = node(NodeKind::Literal, peek().line);
      key->value = RubySymbol{next().text};
      (*pending_hash)->items.push_back(std::move(key));
    } else {
      (*pending_hash)->items.push_back(expression());
      expect_op("=>");
    }
    skip_newlines();
    (*pending_hash)->items.push_back(expression());
    return nullptr;
  }
  NodePtr value = not_keyword();
  if (is_op("=>")) {
    ++pos_;
    *pending_hash = node(NodeKind::Hash, value->line);
    (*pending_hash)->items.push_back(std::move(value));
    skip_newlines();
    (*pending_hash)->items.push_back(expression());
    return nullptr;
  }
  return value;
}

void Parser::arguments_until(const char* close, Node& call) {
  bool saved = no_do_;
  no_do_ = false;
  NodePtr hash;
  skip_newlines();
  while (!is_op(close)) {
    if (call.splat_last) unsupported("arguments after a splat");
    if (NodePtr value = argument(call, &hash)) call.items.push_back(std::move(value));
    skip_newlines();
    if (!accept_op(",")) break;
    skip_newlines();
  }
  expect_op(close);
  if (hash) call.items.push_back(std::move(hash));
  no_do_ = saved;
}

void Parser::command_arguments(Node& call) {
  bool saved = no_do_;
  no_do_ = true;
  NodePtr hash;
  do {
    skip_newlines();
    if (NodePtr value = argument(call, &hash)) call.items.push_back(std::move(value));
  } while (accept_op(","));
  if (hash) call.items.push_back(std::move(hash));
  no_do_ = saved;
}

std::vector<BlockParameter> Parser::block_parameters() {
  std::vector<BlockParameter> parameters;
  while (true) {
    BlockParameter p;
    if (accept_op("(")) {
      p.nested = block_parameters();
      expect_op(")");
    } else {
      p.splat = accept_op("*");
      if (peek().kind != TokenKind::Ident) unexpected();
      p.name = next().text;
      locals_.insert(p.name);
    }
    parameters.push_back(std::move(p));
    if (!accept_op(",")) break;
  }
  return parameters;
}

std::unique_ptr<Block> Parser::block_body(bool brace) {
  auto block = std::make_unique<Block>();
  std::set<std::string> outer = locals_;
  bool saved = no_do_;
  no_do_ = false;
  skip_newlines();
  if (accept_op("||")) {
  } else if (accept_op("|")) {
    block->parameters = block_parameters();
    expect_op("|");
  }
  block->body = statements();
  if (brace)
    expect_op("}");
  else
    expect_kw("end");
  no_do_ = saved;
  locals_ = std::move(outer);
  return block;
}

bool Parser::maybe_block(Node& call) {
  if (is_op("{") && !call.block) {
    ++pos_;
    call.block = block_body(true);
    return true;
  }
  if (is_kw("do") && !no_do_ && !call.block) {
    ++pos_;
    call.block = block_body(false);
    return true;
  }
  return false;
}

NodePtr Parser::call_rest(NodePtr call, bool allow_command) {
  if (is_op("(") && !peek().space_before) {
    ++pos_;
    arguments_until(")", *call);
  } else if (allow_command && starts_command_argument()) {
    command_arguments(*call);
  }
  maybe_block(*call);
  return call;
}

NodePtr Parser::postfix(NodePtr e) {
  for (int chain = 0;; ++chain) {
    if (chain > kMaxChain) unsupported("a chain of more than 500 calls");
    if (is_op(".") || is_op("&.")) {
      bool safe = next().text == "&.";
      skip_newlines();
      const Token& name = peek();
      auto call = node(NodeKind::Call, name.line);
      if (name.kind == TokenKind::Ident || name.kind == TokenKind::Const ||
          name.kind == TokenKind::Keyword || name.kind == TokenKind::Label) {
        call->name = next().text;
        if (name.kind == TokenKind::Label) unsupported("label after '.'");
      } else if (name.kind == TokenKind::Operator && name.text == "(") {
        unsupported("'.()' call");
      } else if (name.kind == TokenKind::Operator) {
        call->name = next().text;
      } else {
        unexpected();
      }
      call->safe = safe;
      call->a = std::move(e);
      if (is_op("=") && !is_op("==")) unsupported("attribute assignment");
      e = call_rest(std::move(call), true);
    } else if (is_op("[") && !peek().space_before) {
      int line = next().line;
      auto index = node(NodeKind::Index, line);
      index->a = std::move(e);
      arguments_until("]", *index);
      e = std::move(index);
    } else if (is_op("::")) {
      unsupported("'::' method call");
    } else {
      return e;
    }
  }
}

}  // namespace marionette::compiler::erb::parsing
