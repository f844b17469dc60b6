#pragma once

// The parser of the Ruby subset (ruby_parser.hpp), shared by its three files: statements and
// operators (ruby_parser.cpp), primaries and calls (ruby_parser_primary.cpp), compound
// expressions and literals (ruby_parser_compound.cpp).

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "compiler/erb/ruby_parser.hpp"

namespace marionette::compiler::erb::parsing {

/// Bounds on the tree's depth: nested expressions, and calls or operators chained in a row.
constexpr int kMaxDepth = 200;
constexpr int kMaxChain = 500;

class Parser {
 public:
  Parser(const std::vector<Token>& tokens, const std::vector<std::string>& texts)
      : t_(tokens), texts_(texts) {}

  NodePtr program() {
    NodePtr body = statements();
    if (peek().kind != TokenKind::End) unexpected();
    return body;
  }

 private:
  // ---- tokens
  const Token& peek(std::size_t ahead = 0) const {
    return t_[std::min(pos_ + ahead, t_.size() - 1)];
  }
  const Token& next() { return t_[pos_ < t_.size() - 1 ? pos_++ : pos_]; }
  bool is_op(const char* op, std::size_t ahead = 0) const {
    return peek(ahead).kind == TokenKind::Operator && peek(ahead).text == op;
  }
  bool is_kw(const char* kw) const {
    return peek().kind == TokenKind::Keyword && peek().text == kw;
  }
  bool accept_op(const char* op) { return is_op(op) ? (++pos_, true) : false; }
  bool accept_kw(const char* kw) { return is_kw(kw) ? (++pos_, true) : false; }
  void expect_op(const char* op) {
    if (!accept_op(op)) unexpected();
  }
  void expect_kw(const char* kw) {
    if (!accept_kw(kw)) unexpected();
  }
  void skip_newlines() {
    while (peek().kind == TokenKind::Newline) ++pos_;
  }
  [[noreturn]] void unsupported(const std::string& what) const {
    throw Unsupported{peek().line, what};
  }
  [[noreturn]] void unexpected() const {
    const Token& t = peek();
    std::string shown = t.kind == TokenKind::End       ? "end-of-input"
                        : t.kind == TokenKind::Newline ? "newline"
                        : t.kind == TokenKind::Text    ? "template text"
                                                       : "'" + t.text + "'";
    throw Unsupported{t.line, "syntax error, unexpected " + shown};
  }
  NodePtr node(NodeKind kind, int line) { return std::make_unique<Node>(kind, line); }

  struct Depth {
    explicit Depth(Parser& p) : p_(p) {
      if (++p_.depth_ > kMaxDepth) p_.unsupported("nesting deeper than 200");
    }
    ~Depth() { --p_.depth_; }
    Parser& p_;
  };

  bool at_terminator() const {
    const Token& t = peek();
    if (t.kind == TokenKind::End) return true;
    if (t.kind == TokenKind::Operator) return t.text == "}" || t.text == ")";
    if (t.kind != TokenKind::Keyword) return false;
    return t.text == "end" || t.text == "else" || t.text == "elsif" || t.text == "when" ||
           t.text == "rescue" || t.text == "ensure" || t.text == "in";
  }

  static bool assignable(const Node& n) {
    return n.kind == NodeKind::LocalVar || n.kind == NodeKind::InstanceVar ||
           n.kind == NodeKind::Index ||
           (n.kind == NodeKind::Call && !n.a && n.items.empty() && !n.block);
  }

  // Statements and operators (ruby_parser.cpp).
  NodePtr statements();
  NodePtr statement();
  NodePtr not_expression();
  NodePtr not_keyword();
  NodePtr expression();
  NodePtr ternary();
  NodePtr range();
  /// Binary operators by Ruby's precedence, loosest first.
  NodePtr binary(int level);
  NodePtr unary_minus();
  NodePtr power(NodePtr base, bool negative_literal);
  NodePtr unary();
  NodePtr literal_number(const Token& t, bool negative);
  NodePtr negate(NodePtr e);
  // Primaries, calls and blocks (ruby_parser_primary.cpp).
  NodePtr primary();
  NodePtr postfix(NodePtr e);
  NodePtr string_node(const Token& t, NodeKind kind);
  NodePtr call_rest(NodePtr call, bool allow_command);
  bool starts_command_argument() const;
  void arguments_until(const char* close, Node& call);
  void command_arguments(Node& call);
  NodePtr argument(Node& call, NodePtr* pending_hash);
  bool maybe_block(Node& call);
  std::unique_ptr<Block> block_body(bool brace);
  std::vector<BlockParameter> block_parameters();
  // Compound expressions and literals (ruby_parser_compound.cpp).
  NodePtr if_expression(bool negated, int line);
  NodePtr case_expression(int line);
  NodePtr begin_expression(int line);
  NodePtr while_expression(bool negated, int line);
  NodePtr hash_literal(int line);
  NodePtr def_expression(int line);
  NodePtr array_literal(int line);

  const std::vector<Token>& t_;
  const std::vector<std::string>& texts_;
  std::size_t pos_ = 0;
  int depth_ = 0;
  bool no_do_ = false;  ///< in a command's arguments or a while's condition: `do` is not ours
  std::set<std::string> locals_;
};

}  // namespace marionette::compiler::erb::parsing
