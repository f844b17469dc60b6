#pragma once

/// The recursive-descent parser, shared by parser.cpp (statements, definitions) and
/// parser_expressions.cpp (expressions by precedence climbing). Not a public header.

#include <memory>
#include <string>
#include <vector>

#include "lang/ast/ast.hpp"
#include "lang/parse_notes.hpp"
#include "lang/parser.hpp"
#include "lang/token.hpp"

namespace marionette::lang {

class Parser {
 public:
  Parser(Tokens tokens, ast::Arena& arena) : tokens_(std::move(tokens)), arena_(arena) {}

  ast::Block* parse_program();
  ast::EppTemplate* parse_epp_template();
  const ParseNotes& notes() const { return notes_; }

 private:
  // Tokens.
  const Token& peek(std::size_t ahead = 0) const {
    std::size_t at = pos_ + ahead;
    return at < tokens_.size() ? tokens_[at] : tokens_.back();
  }
  bool at(TokenKind kind) const { return peek().kind == kind; }
  const Token& advance() { return tokens_[pos_ < tokens_.size() - 1 ? pos_++ : pos_]; }
  bool accept(TokenKind kind) {
    if (!at(kind)) return false;
    advance();
    return true;
  }
  const Token& expect(TokenKind kind);
  [[noreturn]] void syntax_error(const Token& token) const;
  /// A location from the start of `from` to the end of the previous token.
  SourceLocation span(const SourceLocation& from) const;

  // Statements and definitions (parser.cpp).
  std::vector<ast::Expression*> parse_statements(TokenKind end);
  ast::Block* parse_braced_block();
  void reject_brace_after_statement();
  ast::Expression* parse_statement();
  ast::Expression* parse_statement_call();
  ast::Expression* parse_class_definition();
  ast::Expression* parse_defined_type_definition();
  ast::Expression* parse_node_definition();
  ast::Expression* parse_function_definition();
  ast::Expression* parse_type_alias();
  std::vector<ast::Parameter> parse_parameter_list(TokenKind end);
  ast::Expression* parse_type_expression();
  std::string parse_definition_name();

  // Expressions (parser_expressions.cpp).
  ast::Expression* parse_expression();
  /// Puppet's `expression` rule, where its grammar takes no statement-level form: a resource's
  /// title and attribute values. An assignment, a relationship or a resource body (`{`) after
  /// it ends it, so that the syntax error is at that token, as Puppet's.
  ast::Expression* parse_plain_expression();
  ast::Expression* parse_assignment();
  ast::Expression* parse_relationship();
  ast::Expression* parse_binary(int min_precedence);
  ast::Expression* parse_unary();
  ast::Expression* parse_postfix();
  ast::Expression* parse_primary();
  ast::Expression* parse_word();
  ast::Expression* parse_string();
  ast::Expression* parse_array();
  ast::Expression* parse_hash();
  ast::Expression* parse_if(bool is_unless);
  ast::Expression* parse_case();
  ast::Expression* parse_selector(ast::Expression* subject);
  ast::Expression* parse_resource(ast::ResourceForm form);
  ast::Expression* parse_resource_bodies(ast::Resource* resource);
  ast::Expression* parse_collector(ast::Expression* type);
  std::vector<ast::AttributeOperation> parse_attribute_operations();
  std::vector<ast::Expression*> parse_arguments();
  /// A call's arguments or an array's elements up to `end`: `key => value` pairs written
  /// without braces make one hash of the pairs that follow each other (`f(1, a => 2, b => 3)`
  /// is `f(1, {a => 2, b => 3})`), as Puppet's grammar reads them.
  std::vector<ast::Expression*> parse_entries(TokenKind end);
  const ast::Lambda* parse_optional_lambda();
  ast::Expression* parse_condition();

  Tokens tokens_;
  std::size_t pos_ = 0;
  ast::Arena& arena_;
  ParseNotes notes_;
  /// Inside a condition (`if x {`), a `{` after an expression opens the body, not an override.
  bool in_condition_ = false;
  bool plain_ = false;  ///< in parse_plain_expression (reset by every nested parse_expression)
  /// In the right operand of a binary operator: a resource body's `{` there belongs to the
  /// whole binary expression (Puppet's `expression LBRACE`, below `or` in precedence).
  bool operand_ = false;
  /// How deeply expressions nest right now; past kMaxDepth the input is refused, not the stack.
  int depth_ = 0;
  /// One more level of nesting, counted in depth_ while it lasts (refused at `where` when too
  /// deep): every recursion of the parser passes through one.
  struct Nested {
    int& depth;
    explicit Nested(int& counted) : depth(counted) {}
    Nested(const Nested&) = delete;
    ~Nested() { --depth; }
  };
  Nested nest(const SourceLocation& where);
  static constexpr int kMaxDepth = 500;
};

/// Can this token be the name of an attribute (`unless =>`, `require =>`)?
bool is_attribute_name(const Token& token);
/// After `Type {` or `Type[x] {`: do these tokens begin `title: attributes` (a resource), rather
/// than attributes (defaults or an override)?
bool starts_titled_body(const Token& first, const Token& second);

}  // namespace marionette::lang
