#include "lang/parser.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <stdexcept>

#include "lang/diagnostic.hpp"
#include "lang/labels.hpp"
#include "lang/lexer.hpp"
#include "lang/parser_impl.hpp"
#include "lang/validator.hpp"

namespace marionette::lang {

std::shared_ptr<const SourceFile> make_source(std::string path, std::string text) {
  return std::make_shared<const SourceFile>(SourceFile{std::move(path), std::move(text)});
}

std::shared_ptr<const SourceFile> read_source(const std::filesystem::path& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw std::runtime_error("cannot read " + path.string());
  struct stat status {};
  std::string text;
  if (::fstat(fd, &status) == 0 && status.st_size > 0)
    text.reserve(static_cast<std::size_t>(status.st_size));
  char buffer[16384];
  ssize_t got;
  while ((got = ::read(fd, buffer, sizeof buffer)) > 0)
    text.append(buffer, static_cast<std::size_t>(got));
  ::close(fd);
  if (got < 0) throw std::runtime_error("cannot read " + path.string());
  return make_source(path.string(), std::move(text));
}

Program parse(const std::shared_ptr<const SourceFile>& file, ast::Arena& arena) {
  Parser parser(tokenize_for_parser(file), arena);
  Program program{file, parser.parse_program(), {}};
  validate(program.body, parser.notes(), &program.strict_issues);
  return program;
}

EppProgram parse_epp(const std::shared_ptr<const SourceFile>& file, ast::Arena& arena) {
  Parser parser(tokenize_epp_for_parser(file), arena);
  EppProgram program{file, parser.parse_epp_template()};
  validate(program.root, parser.notes());
  return program;
}

namespace {

/// Functions that may be called as statements without parentheses: `include a, b`.
bool is_statement_function(std::string_view name) {
  static const char* const kNames[] = {
      "include", "require", "contain", "realize", "tag",  "notice", "info",  "warning", "err",
      "alert",   "crit",    "emerg",   "debug",   "fail", "import", "break", "next",    "return"};
  return std::any_of(std::begin(kNames), std::end(kNames),
                     [&](const char* n) { return name == n; });
}

bool starts_argument(TokenKind kind) {
  switch (kind) {
    case TokenKind::Name:
    case TokenKind::TypeName:
    case TokenKind::Variable:
    case TokenKind::Integer:
    case TokenKind::Float:
    case TokenKind::String:
    case TokenKind::StringStart:
    case TokenKind::LBracket:
    case TokenKind::KwClass:
    case TokenKind::KwTrue:
    case TokenKind::KwFalse:
    case TokenKind::KwUndef:
      return true;
    default:
      return false;
  }
}

}  // namespace

bool is_attribute_name(const Token& token) {
  switch (token.kind) {
    case TokenKind::Name:
      return token.text.find('-') ==
             std::string_view::npos;  // a hyphenated bare word is not a name
    case TokenKind::KwAnd:
    case TokenKind::KwCase:
    case TokenKind::KwClass:
    case TokenKind::KwDefault:
    case TokenKind::KwDefine:
    case TokenKind::KwElse:
    case TokenKind::KwElsif:
    case TokenKind::KwFalse:
    case TokenKind::KwFunction:
    case TokenKind::KwIf:
    case TokenKind::KwIn:
    case TokenKind::KwInherits:
    case TokenKind::KwNode:
    case TokenKind::KwOr:
    case TokenKind::KwTrue:
    case TokenKind::KwUndef:
    case TokenKind::KwUnless:
      return true;
    default:
      return false;
  }
}

bool starts_titled_body(const Token& first, const Token& second) {
  if (is_attribute_name(first)) return second.kind == TokenKind::Colon;
  return first.kind != TokenKind::Star && first.kind != TokenKind::RBrace;
}

const Token& Parser::expect(TokenKind kind) {
  if (!at(kind)) syntax_error(peek());
  return advance();
}

void Parser::syntax_error(const Token& token) const {
  if (token.kind == TokenKind::LexError) throw SourceError(std::string(token.text), token.where);
  if (token.kind == TokenKind::End) throw SourceError("Syntax error at end of input", token.where);
  // Puppet shows the token's value: a variable's name without `$`, a string's text, the text
  // before the first interpolation of a double-quoted string, nothing for a heredoc.
  std::string shown = token.text.empty() && token.kind != TokenKind::Variable
                          ? std::string(describe(token.kind))
                          : std::string(token.text);  // a `$` without a name is the variable ''
  SourceLocation where = token.where;
  if (token.kind == TokenKind::InterpolationEnd) {
    // Puppet's lexer keeps no token for the `}` closing an interpolation: what it gives next is
    // the string's text from there to the next interpolation or the closing quote ('' if none).
    const Token* next = &token + 1 <= &tokens_.back() ? &token + 1 : nullptr;
    shown = next && next->kind == TokenKind::StringText ? next->text : std::string_view();
    where.column += 1;
    where.length = 1;
  }
  if (token.kind == TokenKind::StringStart)
    shown = &token + 1 <= &tokens_.back() && (&token + 1)->kind == TokenKind::StringText
                ? (&token + 1)->text
                : std::string_view();
  if ((token.kind == TokenKind::String || token.kind == TokenKind::StringStart) &&
      source_text_at(token.where).starts_with("@("))
    shown.clear();
  if (token.kind == TokenKind::EppParamsStart) {
    // A parameter header after the start of the template: Puppet sees `<%` and then `|`.
    shown = "|";
    where.column += where.length - 1;
    where.length = 1;
  }
  throw SourceError("Syntax error at '" + shown + "'", where);
}

SourceLocation Parser::span(const SourceLocation& from) const {
  SourceLocation where = from;
  if (pos_ == 0) return where;
  const SourceLocation& last = tokens_[pos_ - 1].where;
  if (last.line == from.line && last.column + last.length > from.column)
    where.length = last.column + last.length - from.column;
  return where;
}

ast::Block* Parser::parse_program() {
  auto* block = arena_.make<ast::Block>(peek().where);
  block->statements = parse_statements(TokenKind::End);
  expect(TokenKind::End);
  return block;
}

ast::EppTemplate* Parser::parse_epp_template() {
  auto* epp = arena_.make<ast::EppTemplate>(peek().where);
  // The parameter header must come first; `<%-` may trim the blanks before it on its line.
  if (accept(TokenKind::EppParamsStart)) {
    epp->has_parameter_list = true;
    epp->parameters = parse_parameter_list(TokenKind::EppParamsEnd);
  }
  epp->body = arena_.make<ast::Block>(peek().where);
  epp->body->statements = parse_statements(TokenKind::End);
  expect(TokenKind::End);
  return epp;
}

std::vector<ast::Expression*> Parser::parse_statements(TokenKind end) {
  std::vector<ast::Expression*> statements;
  while (true) {
    bool separated = statements.empty();
    while (accept(TokenKind::Semicolon)) separated = true;
    if (at(end) || at(TokenKind::End)) return statements;
    // After a bare word, `name { attr => value }` is a resource without a title (validator).
    if (at(TokenKind::LBrace) && !separated && !ast::as<ast::BareWord>(statements.back())) {
      reject_brace_after_statement();
      // `title: attributes` follows: Puppet's grammar reads a resource whose type is the
      // statement before the `{` (`file { 'a': }` newline `{ 'b': }`); it passes the
      // validator, and the evaluation refuses that type. Definitions are not expressions.
      ast::Expression* before = statements.back();
      if (!ast::as<ast::ClassDefinition>(before) && !ast::as<ast::DefinedTypeDefinition>(before) &&
          !ast::as<ast::NodeDefinition>(before) && !ast::as<ast::FunctionDefinition>(before) &&
          !ast::as<ast::TypeAlias>(before)) {
        auto* resource = arena_.make<ast::Resource>(before->where);
        resource->type_expression = before;
        statements.back() = parse_resource_bodies(resource);
        continue;
      }
    }
    statements.push_back(parse_statement());
    if (at(TokenKind::Comma)) {
      // `$x = f a, b`: Puppet's grammar takes statements separated by commas and its parser
      // refuses the list when it ends (unless it is a call of a statement function), at the
      // first comma, even before a syntax error at the token that ends it.
      SourceLocation comma = peek().where;
      while (accept(TokenKind::Comma)) parse_expression();
      throw SourceError("illegal comma separated argument list", comma);
    }
  }
}

void Parser::reject_brace_after_statement() {
  // Puppet reads `{` right after a statement as the body of a resource whose type is that
  // statement, so `{ 'k' => 1 }.each ...` there fails at `=>`; a `;` before it makes it a hash.
  std::size_t start = pos_;
  advance();
  if (at(TokenKind::RBrace)) syntax_error(peek());
  parse_plain_expression();
  if (!at(TokenKind::Colon)) syntax_error(peek());
  pos_ = start;
}

Parser::Nested Parser::nest(const SourceLocation& where) {
  if (depth_ >= kMaxDepth) throw SourceError("Expressions nested too deeply", where);
  return Nested(++depth_);
}

ast::Block* Parser::parse_braced_block() {
  // Definitions nest blocks without an expression between them (`class a { class b {`).
  Nested level = nest(peek().where);
  auto* block = arena_.make<ast::Block>(expect(TokenKind::LBrace).where);
  block->statements = parse_statements(TokenKind::RBrace);
  expect(TokenKind::RBrace);
  return block;
}

ast::Expression* Parser::parse_statement() {
  switch (peek().kind) {
    case TokenKind::KwClass:
      if (peek(1).kind != TokenKind::LBrace) return parse_class_definition();
      break;
    case TokenKind::KwDefine:
      return parse_defined_type_definition();
    case TokenKind::KwNode:
      return parse_node_definition();
    case TokenKind::KwFunction:
      return parse_function_definition();
    case TokenKind::Name:
      if (peek().text == "type" && peek(1).kind == TokenKind::TypeName) return parse_type_alias();
      if (peek().text == "type" && peek(1).kind == TokenKind::Name) syntax_error(peek(1));
      if (is_statement_function(peek().text) && starts_argument(peek(1).kind))
        return parse_statement_call();
      break;
    case TokenKind::EppText: {
      const Token& text = advance();
      return arena_.make<ast::RenderString>(text.where, std::string(text.text));
    }
    case TokenKind::EppRenderStart: {
      const Token& start = advance();
      ast::Expression* expression = parse_expression();
      expect(TokenKind::EppRenderEnd);
      return arena_.make<ast::RenderExpression>(start.where, expression);
    }
    default:
      break;
  }
  return parse_expression();
}

ast::Expression* Parser::parse_statement_call() {
  const Token& name = advance();
  auto* call = arena_.make<ast::FunctionCall>(name.where, std::string(name.text));
  do {
    call->arguments.push_back(parse_expression());
  } while (accept(TokenKind::Comma));
  return call;
}

std::string Parser::parse_definition_name() {
  // Puppet takes any word here and its validator refuses `Foo` and `::foo` by name.
  const Token& token = peek();
  if (token.kind == TokenKind::String)  // Puppet's grammar names this one
    throw SourceError("A quoted string is not valid as a name here", token.where);
  if (token.kind != TokenKind::Name && token.kind != TokenKind::TypeName) syntax_error(token);
  advance();
  return std::string(token.text);
}

ast::Expression* Parser::parse_class_definition() {
  const Token& keyword = advance();
  auto* definition = arena_.make<ast::ClassDefinition>(keyword.where);
  definition->name = parse_definition_name();
  if (accept(TokenKind::LParen)) definition->parameters = parse_parameter_list(TokenKind::RParen);
  if (accept(TokenKind::KwInherits)) definition->parent = parse_definition_name();
  definition->body = parse_braced_block();
  return definition;
}

ast::Expression* Parser::parse_function_definition() {
  const Token& keyword = advance();
  auto* definition = arena_.make<ast::FunctionDefinition>(keyword.where);
  definition->name = parse_definition_name();
  if (accept(TokenKind::LParen)) definition->parameters = parse_parameter_list(TokenKind::RParen);
  if (accept(TokenKind::RightShift)) definition->return_type = parse_type_expression();
  definition->body = parse_braced_block();
  return definition;
}

ast::Expression* Parser::parse_type_alias() {
  const Token& keyword = advance();
  auto* alias = arena_.make<ast::TypeAlias>(keyword.where);
  const Token& name_token = expect(TokenKind::TypeName);
  alias->where = name_token.where;  // Puppet places a type alias at its name
  std::string_view name = name_token.text;
  if (name.starts_with("::")) name.remove_prefix(2);
  alias->name = name;
  expect(TokenKind::Assign);
  if (!at(TokenKind::TypeName) && !at(TokenKind::LBrace) && !at(TokenKind::LBracket))
    syntax_error(peek());
  alias->type = parse_expression();
  return alias;
}

ast::Expression* Parser::parse_defined_type_definition() {
  const Token& keyword = advance();
  auto* definition = arena_.make<ast::DefinedTypeDefinition>(keyword.where);
  definition->name = parse_definition_name();
  if (accept(TokenKind::LParen)) definition->parameters = parse_parameter_list(TokenKind::RParen);
  definition->body = parse_braced_block();
  return definition;
}

ast::Expression* Parser::parse_node_definition() {
  const Token& keyword = advance();
  auto* definition = arena_.make<ast::NodeDefinition>(keyword.where);
  if (at(TokenKind::LBrace)) syntax_error(peek());
  do {
    const Token& token = peek();
    if (at(TokenKind::RBrace) || at(TokenKind::LBrace)) break;
    if (token.kind == TokenKind::String) {
      if (token.text.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                       "0123456789_-.") != std::string_view::npos)
        throw SourceError("The hostname '" + std::string(token.text) +
                              "' contains illegal characters (only letters, digits, '_', '-', "
                              "and '.' are allowed)",
                          token.where);
      definition->matches.push_back(
          arena_.make<ast::StringLiteral>(token.where, std::string(token.text)));
      advance();
    } else if (token.kind == TokenKind::StringStart) {
      auto* string = ast::as<ast::InterpolatedString>(parse_string());
      for (const ast::Expression* part : string->parts)
        if (!ast::as<ast::StringLiteral>(part))
          throw SourceError("An interpolated expression is not allowed in a hostname of a node",
                            part->where);
    } else if (token.kind == TokenKind::Regex) {
      definition->matches.push_back(
          arena_.make<ast::RegexLiteral>(token.where, std::string(token.text)));
      advance();
    } else if (token.kind == TokenKind::KwDefault) {
      definition->matches.push_back(arena_.make<ast::DefaultLiteral>(token.where));
      advance();
    } else if (token.kind == TokenKind::Name || token.kind == TokenKind::Integer ||
               token.kind == TokenKind::Float) {
      // A bare host name: web01.example.com; a hyphenated word only alone (`node a-b`), as
      // Puppet's dotted names take only names and numbers.
      auto hyphenated = [](const Token& t) { return t.text.find('-') != std::string_view::npos; };
      std::string host(advance().text);
      if (hyphenated(token) && at(TokenKind::Dot) && !peek().space_before) syntax_error(peek());
      while (at(TokenKind::Dot) && !peek().space_before) {
        advance();
        const Token& part = peek();
        if ((part.kind != TokenKind::Name && part.kind != TokenKind::Integer &&
             part.kind != TokenKind::Float) ||
            hyphenated(part))
          syntax_error(part);
        host += '.';
        host += advance().text;
      }
      definition->matches.push_back(arena_.make<ast::StringLiteral>(span(token.where), host));
    } else {
      syntax_error(token);
    }
  } while (accept(TokenKind::Comma));
  if (accept(TokenKind::KwInherits))
    throw SourceError(
        "Node inheritance is not supported in Puppet >= 4.0.0. See "
        "http://links.puppet.com/puppet-node-inheritance-deprecation",
        peek().where);
  definition->body = parse_braced_block();
  return definition;
}

std::vector<ast::Parameter> Parser::parse_parameter_list(TokenKind end) {
  std::vector<ast::Parameter> parameters;
  while (!at(end)) {
    ast::Parameter parameter;
    parameter.where = peek().where;
    if (at(TokenKind::TypeName)) parameter.type = parse_type_expression();
    if (accept(TokenKind::Star)) parameter.captures_rest = true;
    const Token& variable = expect(TokenKind::Variable);
    parameter.name = variable.text;
    parameter.name_where = variable.where;
    // A default is an expression but not an assignment: `$x = $y = 1` is a syntax error.
    if (accept(TokenKind::Assign)) parameter.default_value = parse_binary(1);
    parameters.push_back(std::move(parameter));
    if (!accept(TokenKind::Comma)) break;
  }
  expect(end);
  return parameters;
}

ast::Expression* Parser::parse_type_expression() {
  const Token& name = expect(TokenKind::TypeName);
  ast::Expression* type = arena_.make<ast::TypeReference>(name.where, std::string(name.text));
  if (at(TokenKind::LBracket) && !peek().space_before) {
    advance();
    auto* access = arena_.make<ast::Access>(name.where, type);
    if (at(TokenKind::RBracket))
      syntax_error(peek());  // `Optional[]`: Puppet's grammar wants a key
    while (!at(TokenKind::RBracket)) {
      access->keys.push_back(parse_expression());
      if (!accept(TokenKind::Comma)) break;
    }
    expect(TokenKind::RBracket);
    access->where = span(name.where);
    type = access;
  }
  return type;
}

}  // namespace marionette::lang
