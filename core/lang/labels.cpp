#include "lang/labels.hpp"

#include <cctype>
#include <string_view>

#include "lang/ast/ast.hpp"

namespace marionette::lang {

std::string_view source_text_at(const SourceLocation& where) {
  if (!where.known()) return {};
  std::string_view text = where.file->text;
  std::size_t start = 0;
  for (std::uint32_t line = 1; line < where.line; ++line) {
    start = text.find('\n', start);
    if (start == std::string_view::npos) return {};
    ++start;
  }
  start += where.column - 1;
  if (start > text.size()) return {};
  std::string_view rest = text.substr(start);
  return rest.substr(0, rest.find('\n'));
}

namespace {

/// `'@(json)' expression` for a heredoc (`@("END":json/L)`), empty for any other string.
std::string heredoc_label(const ast::Node* node) {
  std::string_view text = source_text_at(node->where);
  if (!text.starts_with("@(")) return {};
  std::string_view spec = text.substr(
      2, text.find(')') == std::string_view::npos ? std::string_view::npos : text.find(')') - 2);
  spec = spec.substr(0, spec.find('/'));
  std::string syntax;
  if (auto colon = spec.find(':'); colon != std::string_view::npos) {
    for (char c : spec.substr(colon + 1))
      if (c != ' ') syntax += c;
  }
  return "'@(" + syntax + ")' expression";
}

bool negated(const ast::Node* node) {
  return source_text_at(node->where).starts_with("-");
}

}  // namespace

std::string label(const ast::Node* node, const ParseNotes& notes) {
  using ast::NodeKind;
  if (node == nullptr) return "Undef Value";
  if (notes.parenthesized.contains(node)) return "Parenthesized Expression";
  switch (node->kind) {
    case NodeKind::StringLiteral:
    case NodeKind::InterpolatedString: {
      std::string heredoc = heredoc_label(node);
      if (!heredoc.empty()) return heredoc;
      return node->kind == NodeKind::StringLiteral ? "String" : "Double Quoted String";
    }
    case NodeKind::IntegerLiteral:
      return negated(node) ? "Unary Minus" : "Literal Integer";
    case NodeKind::FloatLiteral:
      return negated(node) ? "Unary Minus" : "Literal Float";
    case NodeKind::BooleanLiteral:
      return "Boolean";
    case NodeKind::UndefLiteral:
      return "'undef' expression";
    case NodeKind::DefaultLiteral:
      return "'default' expression";
    case NodeKind::RegexLiteral:
      return "Regular Expression";
    case NodeKind::BareWord:
      return "Name";
    case NodeKind::TypeReference:
      return "Type-Name";
    case NodeKind::ArrayLiteral:
      return "Array Expression";
    case NodeKind::HashLiteral:
      return "Hash Expression";
    case NodeKind::Variable:
      return "Variable";
    case NodeKind::Unary:
      switch (ast::as<ast::Unary>(node)->op) {
        case ast::UnaryOp::Not:
          return "'not' expression";
        case ast::UnaryOp::Negate:
          return "Unary Minus";
        case ast::UnaryOp::Splat:
          return "Unfold";
      }
      return "Unary";
    case NodeKind::Binary:
      return "'" + std::string(ast::spelling(ast::as<ast::Binary>(node)->op)) + "' expression";
    case NodeKind::Relationship:
      return "'" + std::string(ast::spelling(ast::as<ast::Relationship>(node)->op)) +
             "' expression";
    case NodeKind::Access:
      return "'[]' expression";
    case NodeKind::Assignment:
      return "'=' expression";
    case NodeKind::FunctionCall:
      return "Function Call";
    case NodeKind::MethodCall:
      return "Method call";
    case NodeKind::Lambda:
      return "Lambda";
    case NodeKind::Block:
      return "Block Expression";
    case NodeKind::If:
      return ast::as<ast::If>(node)->is_unless ? "'unless' Statement" : "'if' statement";
    case NodeKind::Case:
      return "'case' statement";
    case NodeKind::Selector:
      return "Selector Expression";
    case NodeKind::Resource:
      return "Resource Statement";
    case NodeKind::ResourceDefaults:
      return "Resource Defaults Expression";
    case NodeKind::ResourceOverride:
      return "Resource Override";
    case NodeKind::Collector:
      return ast::as<ast::Collector>(node)->exported ? "Exported Query" : "Virtual Query";
    case NodeKind::ClassDefinition:
      return "Host Class Definition";
    case NodeKind::DefinedTypeDefinition:
      return "'define' expression";
    case NodeKind::NodeDefinition:
      return "Node Definition";
    case NodeKind::FunctionDefinition:
      return "Function Definition";
    case NodeKind::TypeAlias:
      return "Type Alias";
    case NodeKind::EppTemplate:
      return "Epp Template";
    case NodeKind::RenderString:
      return "Epp Text";
    case NodeKind::RenderExpression:
      return "Epp Interpolated Expression";
  }
  return "Object";
}

std::string a_an(const std::string& label, bool capital) {
  std::size_t first = !label.empty() && (label[0] == '\'' || label[0] == '"') ? 1 : 0;
  char letter = first < label.size() ? static_cast<char>(std::tolower(label[first])) : 'x';
  bool vowel = std::string_view("aeiouy").find(letter) != std::string_view::npos;
  std::string article = vowel ? "an" : "a";
  if (capital) article[0] = 'A';
  return article + " " + label;
}

SourceLocation position(const ast::Node* node, const ParseNotes& notes) {
  if (auto paren = notes.parenthesized.find(node); paren != notes.parenthesized.end())
    return paren->second;
  if (auto* selector = ast::as<ast::Selector>(node)) return position(selector->subject, notes);
  return node->where;
}

}  // namespace marionette::lang
