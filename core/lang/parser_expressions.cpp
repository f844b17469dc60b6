#include <charconv>
#include <cstdlib>

#include "lang/diagnostic.hpp"
#include "lang/labels.hpp"
#include "lang/parser_impl.hpp"
#include "text/hex_digit.hpp"

namespace marionette::lang {

namespace {

struct BinaryOperator {
  ast::BinaryOp op;
  int precedence;  ///< higher binds tighter
};

/// As in Puppet's grammar, `?` binds more loosely than comparisons and arithmetic and more
/// tightly than `and`/`or`: `$i % 3 ? {...}` selects on `$i % 3`.
constexpr int kSelectorPrecedence = 5;

bool binary_operator(TokenKind kind, BinaryOperator& out) {
  using ast::BinaryOp;
  switch (kind) {
    case TokenKind::KwOr:
      out = {BinaryOp::Or, 2};
      return true;
    case TokenKind::KwAnd:
      out = {BinaryOp::And, 4};
      return true;
    case TokenKind::Less:
      out = {BinaryOp::Less, 6};
      return true;
    case TokenKind::LessEqual:
      out = {BinaryOp::LessEqual, 6};
      return true;
    case TokenKind::Greater:
      out = {BinaryOp::Greater, 6};
      return true;
    case TokenKind::GreaterEqual:
      out = {BinaryOp::GreaterEqual, 6};
      return true;
    case TokenKind::Equal:
      out = {BinaryOp::Equal, 8};
      return true;
    case TokenKind::NotEqual:
      out = {BinaryOp::NotEqual, 8};
      return true;
    case TokenKind::LeftShift:
      out = {BinaryOp::LeftShift, 10};
      return true;
    case TokenKind::RightShift:
      out = {BinaryOp::RightShift, 10};
      return true;
    case TokenKind::Plus:
      out = {BinaryOp::Plus, 12};
      return true;
    case TokenKind::Minus:
      out = {BinaryOp::Minus, 12};
      return true;
    case TokenKind::Star:
      out = {BinaryOp::Multiply, 14};
      return true;
    case TokenKind::Slash:
      out = {BinaryOp::Divide, 14};
      return true;
    case TokenKind::Percent:
      out = {BinaryOp::Modulo, 14};
      return true;
    case TokenKind::Match:
      out = {BinaryOp::Match, 16};
      return true;
    case TokenKind::NotMatch:
      out = {BinaryOp::NotMatch, 16};
      return true;
    case TokenKind::KwIn:
      out = {BinaryOp::In, 18};
      return true;
    default:
      return false;
  }
}

bool relationship_operator(TokenKind kind, ast::RelationshipOp& out) {
  switch (kind) {
    case TokenKind::RightArrow:
      out = ast::RelationshipOp::Before;
      return true;
    case TokenKind::RightTilde:
      out = ast::RelationshipOp::Notify;
      return true;
    case TokenKind::LeftArrow:
      out = ast::RelationshipOp::Require;
      return true;
    case TokenKind::LeftTilde:
      out = ast::RelationshipOp::Subscribe;
      return true;
    default:
      return false;
  }
}

/// In `"${x}"` and `"${x['k']}"`, a bare word names a variable, and so does a number
/// (`"${0[4,3]}"` is `$0[4,3]`).
ast::Expression* as_interpolated_variable(ast::Expression* expression, ast::Arena& arena) {
  if (auto* word = ast::as<ast::BareWord>(expression))
    return arena.make<ast::Variable>(word->where, word->name);
  if (auto* number = ast::as<ast::IntegerLiteral>(expression); number && number->value >= 0)
    return arena.make<ast::Variable>(number->where, std::to_string(number->value));  // (-3 stays)
  if (auto* access = ast::as<ast::Access>(expression)) {
    access->target = as_interpolated_variable(access->target, arena);
  } else if (auto* call = ast::as<ast::MethodCall>(expression)) {
    call->receiver = as_interpolated_variable(call->receiver, arena);
  }
  return expression;
}

/// The digits of a number too large for 64 bits, in lowercase hexadecimal, as Puppet shows it.
std::string to_hex(std::string_view digits, int base) {
  std::vector<int> nibbles;  // least significant first
  for (char c : digits) {
    int carry = text::digit_value(c);
    for (int& nibble : nibbles) {
      int value = nibble * base + carry;
      nibble = value % 16;
      carry = value / 16;
    }
    for (; carry > 0; carry /= 16) nibbles.push_back(carry % 16);
  }
  std::string hex;
  for (auto it = nibbles.rbegin(); it != nibbles.rend(); ++it) hex += "0123456789abcdef"[*it];
  return hex.empty() ? "0" : hex;
}

}  // namespace

ast::Expression* Parser::parse_expression() {
  Nested level = nest(peek().where);
  bool outer = plain_, outer_operand = operand_;
  plain_ = false;
  operand_ = false;
  ast::Expression* expression = parse_assignment();
  plain_ = outer;
  operand_ = outer_operand;
  return expression;
}

ast::Expression* Parser::parse_plain_expression() {
  Nested level = nest(peek().where);
  bool outer = plain_, outer_operand = operand_;
  plain_ = true;
  operand_ = false;
  ast::Expression* expression = parse_binary(1);
  plain_ = outer;
  operand_ = outer_operand;
  return expression;
}

// As Puppet's grammar: assignment binds most loosely (`$x = A -> B` assigns the relationship's
// value), relationships next, then the binary operators.
ast::Expression* Parser::parse_assignment() {
  ast::Expression* target = parse_relationship();
  ast::AssignmentOp op;
  switch (peek().kind) {
    case TokenKind::Assign:
      op = ast::AssignmentOp::Assign;
      break;
    case TokenKind::PlusAssign:
      op = ast::AssignmentOp::Append;
      break;
    case TokenKind::MinusAssign:
      op = ast::AssignmentOp::Delete;
      break;
    default:
      return target;
  }
  const Token& operator_token = advance();
  Nested level = nest(operator_token.where);
  ast::Expression* value = parse_assignment();
  return arena_.make<ast::Assignment>(operator_token.where, op, target, value);
}

ast::Expression* Parser::parse_relationship() {
  ast::Expression* left = parse_binary(1);
  ast::RelationshipOp op;
  while (relationship_operator(peek().kind, op)) {
    const Token& arrow = advance();
    ast::Expression* right = parse_binary(1);
    left = arena_.make<ast::Relationship>(arrow.where, op, left, right);
  }
  return left;
}

ast::Expression* Parser::parse_binary(int min_precedence) {
  ast::Expression* left = parse_unary();
  BinaryOperator op;
  while (true) {
    if (at(TokenKind::Question) && kSelectorPrecedence >= min_precedence) {
      left = parse_selector(left);
      continue;
    }
    if (!binary_operator(peek().kind, op) || op.precedence < min_precedence) break;
    const Token& operator_token = advance();
    bool outer_operand = operand_;
    operand_ = true;
    ast::Expression* right = parse_binary(op.precedence + 1);
    operand_ = outer_operand;
    left = arena_.make<ast::Binary>(operator_token.where, op.op, left, right);
  }
  if (min_precedence == 1 && !operand_ && ast::as<ast::Binary>(left) && at(TokenKind::LBrace) &&
      !in_condition_ && !plain_ && starts_titled_body(peek(1), peek(2))) {
    // `1+1 { 'title': }`: the resource's type is the whole expression (the evaluator refuses
    // it at its operator, as Puppet's).
    auto* resource = arena_.make<ast::Resource>(left->where);
    resource->type_expression = left;
    return parse_resource_bodies(resource);
  }
  return left;
}

ast::Expression* Parser::parse_unary() {
  const Token& token = peek();
  ast::UnaryOp op;
  switch (token.kind) {
    case TokenKind::Not:
      op = ast::UnaryOp::Not;
      break;
    case TokenKind::Minus:
      op = ast::UnaryOp::Negate;
      break;
    case TokenKind::Star:
      op = ast::UnaryOp::Splat;
      break;
    default:
      return parse_postfix();
  }
  advance();
  Nested level = nest(token.where);
  ast::Expression* operand = parse_unary();
  if (op == ast::UnaryOp::Negate) {
    if (auto* integer = ast::as<ast::IntegerLiteral>(operand)) {
      integer->value = -integer->value;
      integer->where = span(token.where);
      return integer;
    }
    if (auto* number = ast::as<ast::FloatLiteral>(operand)) {
      number->value = -number->value;
      number->where = span(token.where);
      return number;
    }
  }
  return arena_.make<ast::Unary>(token.where, op, operand);
}

namespace {

/// A literal before a resource body's `{`, which Puppet parses as the resource's type.
bool is_literal_resource_type(const ast::Expression* expression) {
  return ast::as<ast::StringLiteral>(expression) || ast::as<ast::InterpolatedString>(expression) ||
         ast::as<ast::IntegerLiteral>(expression) || ast::as<ast::FloatLiteral>(expression) ||
         ast::as<ast::BooleanLiteral>(expression) || ast::as<ast::ArrayLiteral>(expression);
}

}  // namespace

ast::Expression* Parser::parse_postfix() {
  ast::Expression* expression = parse_primary();
  const SourceLocation start = expression->where;
  while (true) {
    const Token& token = peek();
    if (token.kind == TokenKind::LBracket && !token.space_before) {
      advance();
      if (at(TokenKind::RBracket)) syntax_error(peek());
      auto* access = arena_.make<ast::Access>(start, expression);
      access->keys = parse_entries(TokenKind::RBracket);  // `key => value` pairs make a hash
      expect(TokenKind::RBracket);
      access->where = span(start);
      expression = access;
    } else if (token.kind == TokenKind::Dot) {
      // Puppet places a method call at its `(`, or at its `.` when it has no parentheses.
      SourceLocation dot = token.where;
      advance();
      const Token& name = peek();
      if (name.kind != TokenKind::Name && name.kind != TokenKind::TypeName) syntax_error(name);
      advance();
      auto* call = arena_.make<ast::MethodCall>(dot, expression, std::string(name.text));
      if (at(TokenKind::LParen)) {
        call->where = peek().where;
        call->arguments = parse_arguments();
      }
      call->lambda = parse_optional_lambda();
      expression = call;
    } else if (token.kind == TokenKind::CollectStart ||
               token.kind == TokenKind::ExportedCollectStart) {
      expression = parse_collector(expression);
    } else if (token.kind == TokenKind::LBrace && !in_condition_ && !plain_ && !operand_ &&
               (((ast::as<ast::TypeReference>(expression) || ast::as<ast::Access>(expression) ||
                  is_literal_resource_type(expression)) &&
                 starts_titled_body(peek(1), peek(2))) ||
                ((ast::as<ast::FunctionCall>(expression) || ast::as<ast::MethodCall>(expression) ||
                  ast::as<ast::Variable>(expression)) &&
                 peek(1).kind != TokenKind::RBrace))) {
      // (After a call or a variable, Puppet's grammar reads `{` as a resource body whatever
      // follows it: a syntax error is then where the body goes wrong, `f() { x {` at the second
      // `{`.)
      // `Resource[$type] { 'title': ... }`, `File { '/x': ... }`: a resource whose type is an
      // expression (Puppet's grammar takes any literal there too, `'class' { a: }`, and the
      // evaluator refuses what names no type).
      auto* resource = arena_.make<ast::Resource>(start);
      resource->type_expression = expression;
      expression = parse_resource_bodies(resource);
    } else if (token.kind == TokenKind::LBrace && !in_condition_ && !plain_ &&
               (ast::as<ast::TypeReference>(expression) || ast::as<ast::Access>(expression)) &&
               (is_attribute_name(peek(1)) || peek(1).kind == TokenKind::Star ||
                peek(1).kind == TokenKind::RBrace)) {
      // `File { mode => ... }` (defaults) or `File['x'] { mode => ... }` (override).
      advance();
      auto attributes = parse_attribute_operations();
      expect(TokenKind::RBrace);
      if (auto* type = ast::as<ast::TypeReference>(expression)) {
        auto* defaults = arena_.make<ast::ResourceDefaults>(start);
        defaults->type_name = type->name;
        defaults->attributes = std::move(attributes);
        expression = defaults;
      } else {
        auto* override = arena_.make<ast::ResourceOverride>(start);
        override->reference = expression;
        override->attributes = std::move(attributes);
        expression = override;
      }
    } else {
      return expression;
    }
  }
}

ast::Expression* Parser::parse_primary() {
  const Token& token = peek();
  switch (token.kind) {
    case TokenKind::Integer: {
      advance();
      std::int64_t value = 0;
      std::string_view digits = token.text;
      int base = 10;
      if (digits.size() > 2 && (digits[1] == 'x' || digits[1] == 'X')) {
        base = 16;
        digits.remove_prefix(2);
      } else if (digits.size() > 1 && digits[0] == '0') {
        base = 8;
        digits.remove_prefix(1);
      }
      auto [end, error] =
          std::from_chars(digits.data(), digits.data() + digits.size(), value, base);
      if (error == std::errc::result_out_of_range)
        throw SourceError(
            "A Literal Integer resulted in a value outside of Puppet Integer max "
            "range, got '+0x" +
                to_hex(digits, base) + "'",
            token.where);
      if (error != std::errc() || end != digits.data() + digits.size())
        throw SourceError("Not a valid number: '" + std::string(token.text) + "'", token.where);
      return arena_.make<ast::IntegerLiteral>(token.where, value);
    }
    case TokenKind::Float:
      advance();
      return arena_.make<ast::FloatLiteral>(token.where,
                                            std::strtod(std::string(token.text).c_str(), nullptr));
    case TokenKind::String:
      advance();
      return arena_.make<ast::StringLiteral>(token.where, std::string(token.text));
    case TokenKind::StringStart:
      return parse_string();
    case TokenKind::Regex:
      advance();
      return arena_.make<ast::RegexLiteral>(token.where, std::string(token.text));
    case TokenKind::Variable:
      advance();
      if (at(TokenKind::LParen) && !peek().space_before)
        throw SourceError(
            "Illegal expression. A Variable is unacceptable as function name in a Function Call",
            token.where);
      return arena_.make<ast::Variable>(token.where, std::string(token.text));
    case TokenKind::KwTrue:
    case TokenKind::KwFalse:
      advance();
      return arena_.make<ast::BooleanLiteral>(token.where, token.kind == TokenKind::KwTrue);
    case TokenKind::KwUndef:
      advance();
      return arena_.make<ast::UndefLiteral>(token.where);
    case TokenKind::KwDefault:
      advance();
      return arena_.make<ast::DefaultLiteral>(token.where);
    case TokenKind::LBracket:
      return parse_array();
    case TokenKind::LBrace:
      return parse_hash();
    case TokenKind::LParen: {
      const Token& open = advance();
      bool outer = in_condition_;
      in_condition_ = false;
      ast::Expression* inner = parse_expression();
      in_condition_ = outer;
      expect(TokenKind::RParen);
      notes_.parenthesized[inner] = open.where;
      return inner;
    }
    case TokenKind::TypeName:
      advance();
      if (at(TokenKind::LParen) && !peek().line_start) {
        // `Integer('42')`, `Deferred ('f', [])`: a new value of the type; a `(` first on its
        // line starts an expression of its own, as in Puppet.
        auto* call = arena_.make<ast::FunctionCall>(token.where, std::string(token.text));
        call->arguments = parse_arguments();
        return call;
      }
      return arena_.make<ast::TypeReference>(token.where, std::string(token.text));
    case TokenKind::Name:
      return parse_word();
    case TokenKind::KwClass:
      if (peek(1).kind == TokenKind::LBrace) return parse_resource(ast::ResourceForm::Regular);
      break;
    case TokenKind::At:
    case TokenKind::AtAt: {
      advance();
      if (at(TokenKind::KwClass)) throw SourceError("Classes are not virtualizable", token.where);
      if (at(TokenKind::TypeName) && peek(1).kind == TokenKind::LBrace)
        throw SourceError("Resource Defaults are not virtualizable", token.where);
      if (at(TokenKind::TypeName)) {  // `@@Resource[$type] { $title: }`
        const Token first = peek();
        auto* resource = ast::as<ast::Resource>(parse_postfix());
        if (!resource || !resource->type_expression) syntax_error(first);
        resource->form =
            token.kind == TokenKind::At ? ast::ResourceForm::Virtual : ast::ResourceForm::Exported;
        resource->form_where = token.where;
        return resource;
      }
      ast::Expression* declared = parse_resource(
          token.kind == TokenKind::At ? ast::ResourceForm::Virtual : ast::ResourceForm::Exported);
      if (auto* resource = ast::as<ast::Resource>(declared)) resource->form_where = token.where;
      return declared;
    }
    case TokenKind::KwIf:
      return parse_if(false);
    case TokenKind::KwUnless:
      return parse_if(true);
    case TokenKind::KwCase:
      return parse_case();
    default:
      break;
  }
  syntax_error(token);
}

/// A bare word: a function call, a resource declaration, or a plain name.
ast::Expression* Parser::parse_word() {
  const Token& token = advance();
  if (at(TokenKind::LParen)) {
    auto* call = arena_.make<ast::FunctionCall>(token.where, std::string(token.text));
    call->arguments = parse_arguments();
    call->lambda = parse_optional_lambda();
    return call;
  }
  bool hash_follows = peek(1).kind == TokenKind::RBrace || peek(2).kind == TokenKind::FatArrow;
  if (at(TokenKind::LBrace) && !in_condition_ && !plain_ && !hash_follows) {
    --pos_;
    return parse_resource(ast::ResourceForm::Regular);
  }
  return arena_.make<ast::BareWord>(token.where, std::string(token.text));
}

ast::Expression* Parser::parse_string() {
  const Token& start = advance();
  auto* string = arena_.make<ast::InterpolatedString>(start.where);
  while (!at(TokenKind::StringEnd)) {
    const Token& token = advance();
    switch (token.kind) {
      case TokenKind::StringText:
        string->parts.push_back(
            arena_.make<ast::StringLiteral>(token.where, std::string(token.text)));
        break;
      case TokenKind::InterpolatedVariable:
        string->parts.push_back(arena_.make<ast::Variable>(token.where, std::string(token.text)));
        break;
      case TokenKind::InterpolationStart: {
        if ((at(TokenKind::Integer) || at(TokenKind::Float) || at(TokenKind::KwDefault)) &&
            peek(1).kind == TokenKind::InterpolationEnd) {
          // "${1}" is the regex capture $1; "${1.5}" names a variable too (an illegal one), and
          // so does "${default}" (the variable $default, as Puppet's lexer makes it).
          const Token& digits = advance();
          string->parts.push_back(
              arena_.make<ast::Variable>(digits.where, std::string(digits.text)));
        } else {
          // A keyword alone, or before `[` or `.`, names a variable too: "${in}", "${undef.x}".
          TokenKind after = peek(1).kind;
          if (peek().kind >= TokenKind::KwAnd && peek().kind <= TokenKind::KwUnless &&
              (after == TokenKind::InterpolationEnd || after == TokenKind::LBracket ||
               after == TokenKind::Dot))
            tokens_[pos_].kind = TokenKind::Name;
          bool outer = in_condition_;
          in_condition_ = false;
          string->parts.push_back(as_interpolated_variable(parse_expression(), arena_));
          in_condition_ = outer;
        }
        expect(TokenKind::InterpolationEnd);
        break;
      }
      default:
        syntax_error(token);
    }
  }
  advance();
  return string;
}

ast::Expression* Parser::parse_array() {
  auto* array = arena_.make<ast::ArrayLiteral>(expect(TokenKind::LBracket).where);
  bool outer = in_condition_;
  in_condition_ = false;
  array->elements = parse_entries(TokenKind::RBracket);
  in_condition_ = outer;
  expect(TokenKind::RBracket);
  array->where = span(array->where);
  return array;
}

ast::Expression* Parser::parse_hash() {
  auto* hash = arena_.make<ast::HashLiteral>(expect(TokenKind::LBrace).where);
  bool outer = in_condition_;
  in_condition_ = false;
  while (!at(TokenKind::RBrace)) {
    ast::Expression* key = parse_expression();
    expect(TokenKind::FatArrow);
    hash->entries.emplace_back(key, parse_expression());
    if (!accept(TokenKind::Comma)) break;
  }
  in_condition_ = outer;
  expect(TokenKind::RBrace);
  hash->where = span(hash->where);
  return hash;
}

ast::Expression* Parser::parse_condition() {
  bool outer = in_condition_;
  in_condition_ = true;
  ast::Expression* condition = parse_expression();
  in_condition_ = outer;
  return condition;
}

ast::Expression* Parser::parse_if(bool is_unless) {
  const Token& keyword = advance();
  Nested level = nest(keyword.where);  // `elsif` recurses here
  auto* node = arena_.make<ast::If>(keyword.where, is_unless);
  node->condition = parse_condition();
  node->then_body = parse_braced_block();
  if (!is_unless && at(TokenKind::KwElsif)) {
    node->otherwise = parse_if(false);
  } else if (accept(TokenKind::KwElse)) {
    node->otherwise = parse_braced_block();
  }
  return node;
}

ast::Expression* Parser::parse_case() {
  const Token& keyword = advance();
  auto* node = arena_.make<ast::Case>(keyword.where);
  node->subject = parse_condition();
  expect(TokenKind::LBrace);
  while (!accept(TokenKind::RBrace)) {
    ast::CaseOption option;
    do {
      option.values.push_back(parse_condition());
    } while (accept(TokenKind::Comma));
    expect(TokenKind::Colon);
    option.body = parse_braced_block();
    node->options.push_back(std::move(option));
  }
  return node;
}

ast::Expression* Parser::parse_selector(ast::Expression* subject) {
  const Token& question = advance();
  auto* node = arena_.make<ast::Selector>(question.where);
  node->subject = subject;
  bool outer = in_condition_;
  in_condition_ = false;
  if (!accept(TokenKind::LBrace)) {
    // `$x ? a => b`: one option without braces.
    ast::SelectorOption option;
    option.match = parse_binary(1);
    expect(TokenKind::FatArrow);
    option.value = parse_binary(1);
    node->options.push_back(option);
    in_condition_ = outer;
    return node;
  }
  while (!at(TokenKind::RBrace)) {
    ast::SelectorOption option;
    option.match = parse_expression();
    expect(TokenKind::FatArrow);
    option.value = parse_expression();
    node->options.push_back(option);
    if (!accept(TokenKind::Comma)) break;
  }
  expect(TokenKind::RBrace);
  in_condition_ = outer;
  return node;
}

ast::Expression* Parser::parse_resource(ast::ResourceForm form) {
  const Token& type = advance();
  if (type.kind != TokenKind::Name && type.kind != TokenKind::KwClass) syntax_error(type);
  auto* resource = arena_.make<ast::Resource>(type.where);
  resource->form = form;
  resource->type_name = type.kind == TokenKind::KwClass ? "class" : type.text;
  return parse_resource_bodies(resource);
}

/// `{ title: attributes; ... }` after a resource's type.
ast::Expression* Parser::parse_resource_bodies(ast::Resource* resource) {
  expect(TokenKind::LBrace);
  bool outer = in_condition_;
  in_condition_ = false;
  while (!at(TokenKind::RBrace)) {
    ast::ResourceBody body;
    body.where = peek().where;
    body.title = parse_plain_expression();
    expect(TokenKind::Colon);
    body.attributes = parse_attribute_operations();
    resource->bodies.push_back(std::move(body));
    if (!accept(TokenKind::Semicolon)) break;
  }
  in_condition_ = outer;
  expect(TokenKind::RBrace);
  return resource;
}

std::vector<ast::AttributeOperation> Parser::parse_attribute_operations() {
  std::vector<ast::AttributeOperation> attributes;
  while (is_attribute_name(peek()) || at(TokenKind::Star)) {
    ast::AttributeOperation attribute;
    const Token& name = advance();
    attribute.where = name.where;
    attribute.name = name.kind == TokenKind::Star ? "*" : name.text;
    if (accept(TokenKind::PlusArrow)) {
      attribute.append = true;
    } else {
      expect(TokenKind::FatArrow);
    }
    attribute.value = parse_plain_expression();
    attributes.push_back(std::move(attribute));
    if (!accept(TokenKind::Comma)) break;
  }
  return attributes;
}

ast::Expression* Parser::parse_collector(ast::Expression* type) {
  auto* reference = ast::as<ast::TypeReference>(type);
  bool exported = advance().kind == TokenKind::ExportedCollectStart;
  auto* collector = arena_.make<ast::Collector>(type->where);
  if (reference)  // `::Php::Extension <| |>` collects Php::Extension
    collector->type_name =
        reference->name.starts_with("::") ? reference->name.substr(2) : reference->name;
  collector->exported = exported;
  TokenKind end = exported ? TokenKind::ExportedCollectEnd : TokenKind::CollectEnd;
  bool outer = in_condition_;
  in_condition_ = false;
  if (!at(end)) collector->query = parse_expression();
  in_condition_ = outer;
  expect(end);
  if (at(TokenKind::LBrace) && !in_condition_) {
    advance();
    collector->overrides = parse_attribute_operations();
    expect(TokenKind::RBrace);
  }
  if (!reference)
    throw SourceError("Illegal expression. " + a_an(label(type, notes_), true) +
                          " is unacceptable as type name in " +
                          a_an(exported ? "Exported Query" : "Virtual Query"),
                      position(type, notes_));
  return collector;
}

std::vector<ast::Expression*> Parser::parse_arguments() {
  expect(TokenKind::LParen);
  bool outer = in_condition_;
  in_condition_ = false;
  std::vector<ast::Expression*> arguments = parse_entries(TokenKind::RParen);
  in_condition_ = outer;
  expect(TokenKind::RParen);
  return arguments;
}

std::vector<ast::Expression*> Parser::parse_entries(TokenKind end) {
  std::vector<ast::Expression*> entries;
  ast::HashLiteral* pairs = nullptr;  // the hash the pairs written so far make
  while (!at(end)) {
    ast::Expression* entry = parse_expression();
    if (accept(TokenKind::FatArrow)) {
      if (!pairs) entries.push_back(pairs = arena_.make<ast::HashLiteral>(entry->where));
      pairs->entries.emplace_back(entry, parse_expression());
      pairs->where = span(pairs->where);
    } else {
      pairs = nullptr;
      entries.push_back(entry);
    }
    if (!accept(TokenKind::Comma)) break;
  }
  return entries;
}

const ast::Lambda* Parser::parse_optional_lambda() {
  if (!at(TokenKind::Pipe)) return nullptr;
  auto* lambda = arena_.make<ast::Lambda>(advance().where);
  lambda->parameters = parse_parameter_list(TokenKind::Pipe);
  if (accept(TokenKind::RightShift)) lambda->return_type = parse_type_expression();
  bool outer = in_condition_;
  in_condition_ = false;
  lambda->body = parse_braced_block();
  in_condition_ = outer;
  return lambda;
}

}  // namespace marionette::lang
