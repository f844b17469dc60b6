#include "rubyish/tokens.hpp"

#include "rubyish/ruby_scanner.hpp"

namespace marionette::rubyish {

namespace {

RubyToken::Kind coarse_kind(TokenKind kind) {
  switch (kind) {
    case TokenKind::Ident:
    case TokenKind::Keyword:
    case TokenKind::InstanceVar:
    case TokenKind::ClassVar:
    case TokenKind::GlobalVar:
      return RubyToken::Kind::Identifier;
    case TokenKind::Const:
      return RubyToken::Kind::Constant;
    case TokenKind::Label:
      return RubyToken::Kind::Label;
    case TokenKind::Symbol:
      return RubyToken::Kind::Symbol;
    case TokenKind::String:
    case TokenKind::Words:
      return RubyToken::Kind::String;
    case TokenKind::Regexp:
      return RubyToken::Kind::Regex;
    case TokenKind::Integer:
    case TokenKind::Float:
      return RubyToken::Kind::Number;
    default:
      return RubyToken::Kind::Punct;
  }
}

std::string coarse_text(const Token& token) {
  switch (token.kind) {
    case TokenKind::InstanceVar:
      return "@" + token.text;
    case TokenKind::ClassVar:
      return "@@" + token.text;
    case TokenKind::GlobalVar:
      return "$" + token.text;
    case TokenKind::String:
    case TokenKind::Words:
    case TokenKind::Regexp:
      return token.raw;
    default:
      return token.text;
  }
}

/// `::` written between two names with no space: one Constant `Puppet::Type`.
bool joins_constant(const std::vector<Token>& tokens, std::size_t at) {
  if (at + 1 >= tokens.size()) return false;
  const Token& colons = tokens[at];
  const Token& name = tokens[at + 1];
  bool named = name.kind == TokenKind::Const || name.kind == TokenKind::Ident ||
               name.kind == TokenKind::Keyword;
  return colons.kind == TokenKind::Operator && colons.text == "::" && !colons.space_before &&
         named && !name.space_before;
}

}  // namespace

std::vector<RubyToken> ruby_tokens(std::string_view text) {
  std::vector<Token> tokens = scan_ruby(text, Reading::Tolerant);
  std::vector<RubyToken> coarse;
  for (std::size_t at = 0; at < tokens.size(); ++at) {
    const Token& token = tokens[at];
    if (token.kind == TokenKind::Newline || token.kind == TokenKind::End) continue;
    RubyToken view;
    view.kind = coarse_kind(token.kind);
    view.text = coarse_text(token);
    view.flags = token.flags;
    view.interpolated = token.kind != TokenKind::Words && token.interpolated();
    view.line = static_cast<std::uint32_t>(token.line);
    view.column = static_cast<std::uint32_t>(token.column);
    if (view.kind == RubyToken::Kind::Constant)
      for (; joins_constant(tokens, at + 1); at += 2) view.text += "::" + tokens[at + 2].text;
    coarse.push_back(std::move(view));
  }
  return coarse;
}

}  // namespace marionette::rubyish
