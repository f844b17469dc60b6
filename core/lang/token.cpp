#include "lang/token.hpp"

namespace marionette::lang {

std::string_view describe(TokenKind kind) {
  switch (kind) {
    case TokenKind::End:
      return "end of input";
    case TokenKind::LexError:
      return "text the lexer cannot read";
    case TokenKind::Name:
      return "a name";
    case TokenKind::TypeName:
      return "a type name";
    case TokenKind::Variable:
      return "a variable";
    case TokenKind::Integer:
      return "an integer";
    case TokenKind::Float:
      return "a float";
    case TokenKind::String:
      return "a string";
    case TokenKind::Regex:
      return "a regular expression";
    case TokenKind::StringStart:
      return "\"";
    case TokenKind::StringText:
      return "string text";
    case TokenKind::InterpolatedVariable:
      return "an interpolated variable";
    case TokenKind::InterpolationStart:
      return "${";
    case TokenKind::InterpolationEnd:
      return "}";
    case TokenKind::StringEnd:
      return "\"";
    case TokenKind::KwAnd:
      return "and";
    case TokenKind::KwCase:
      return "case";
    case TokenKind::KwClass:
      return "class";
    case TokenKind::KwDefault:
      return "default";
    case TokenKind::KwDefine:
      return "define";
    case TokenKind::KwElse:
      return "else";
    case TokenKind::KwElsif:
      return "elsif";
    case TokenKind::KwFalse:
      return "false";
    case TokenKind::KwFunction:
      return "function";
    case TokenKind::KwIf:
      return "if";
    case TokenKind::KwIn:
      return "in";
    case TokenKind::KwInherits:
      return "inherits";
    case TokenKind::KwNode:
      return "node";
    case TokenKind::KwOr:
      return "or";
    case TokenKind::KwTrue:
      return "true";
    case TokenKind::KwUndef:
      return "undef";
    case TokenKind::KwUnless:
      return "unless";
    case TokenKind::LBrace:
      return "{";
    case TokenKind::RBrace:
      return "}";
    case TokenKind::LBracket:
      return "[";
    case TokenKind::RBracket:
      return "]";
    case TokenKind::LParen:
      return "(";
    case TokenKind::RParen:
      return ")";
    case TokenKind::Comma:
      return ",";
    case TokenKind::Semicolon:
      return ";";
    case TokenKind::Colon:
      return ":";
    case TokenKind::Question:
      return "?";
    case TokenKind::Pipe:
      return "|";
    case TokenKind::Dot:
      return ".";
    case TokenKind::At:
      return "@";
    case TokenKind::AtAt:
      return "@@";
    case TokenKind::FatArrow:
      return "=>";
    case TokenKind::PlusArrow:
      return "+>";
    case TokenKind::Assign:
      return "=";
    case TokenKind::PlusAssign:
      return "+=";
    case TokenKind::MinusAssign:
      return "-=";
    case TokenKind::Equal:
      return "==";
    case TokenKind::NotEqual:
      return "!=";
    case TokenKind::Match:
      return "=~";
    case TokenKind::NotMatch:
      return "!~";
    case TokenKind::Less:
      return "<";
    case TokenKind::LessEqual:
      return "<=";
    case TokenKind::Greater:
      return ">";
    case TokenKind::GreaterEqual:
      return ">=";
    case TokenKind::LeftShift:
      return "<<";
    case TokenKind::RightShift:
      return ">>";
    case TokenKind::Plus:
      return "+";
    case TokenKind::Minus:
      return "-";
    case TokenKind::Star:
      return "*";
    case TokenKind::Slash:
      return "/";
    case TokenKind::Percent:
      return "%";
    case TokenKind::Not:
      return "!";
    case TokenKind::RightArrow:
      return "->";
    case TokenKind::RightTilde:
      return "~>";
    case TokenKind::LeftArrow:
      return "<-";
    case TokenKind::LeftTilde:
      return "<~";
    case TokenKind::CollectStart:
      return "<|";
    case TokenKind::CollectEnd:
      return "|>";
    case TokenKind::ExportedCollectStart:
      return "<<|";
    case TokenKind::EppText:
      return "template text";
    case TokenKind::EppRenderStart:
      return "'<%='";
    case TokenKind::EppRenderEnd:
      return "'%>'";
    case TokenKind::EppParamsStart:
      return "'<%|'";
    case TokenKind::EppParamsEnd:
      return "'|%>'";
    case TokenKind::ExportedCollectEnd:
      return "|>>";
  }
  return "?";
}

}  // namespace marionette::lang
