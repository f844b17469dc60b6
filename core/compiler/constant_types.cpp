// Parameter types are evaluated at every call of a class, defined type, function or lambda:
// those written only with type names and literals (nearly all) are evaluated once.
#include "compiler/evaluator.hpp"

namespace marionette::compiler {

namespace ast = lang::ast;

namespace {

/// Whether the expression gives the same value wherever it is evaluated: type names, literals,
/// and arrays, hashes and type parameters of those.
bool is_constant(const ast::Node* node) {
  switch (node->kind) {
    case ast::NodeKind::StringLiteral:
    case ast::NodeKind::IntegerLiteral:
    case ast::NodeKind::FloatLiteral:
    case ast::NodeKind::BooleanLiteral:
    case ast::NodeKind::UndefLiteral:
    case ast::NodeKind::DefaultLiteral:
    case ast::NodeKind::RegexLiteral:
    case ast::NodeKind::TypeReference:
      return true;
    case ast::NodeKind::ArrayLiteral:
      for (const ast::Node* element : static_cast<const ast::ArrayLiteral*>(node)->elements)
        if (!is_constant(element)) return false;
      return true;
    case ast::NodeKind::HashLiteral:
      for (const auto& [key, value] : static_cast<const ast::HashLiteral*>(node)->entries)
        if (!is_constant(key) || !is_constant(value)) return false;
      return true;
    case ast::NodeKind::Access: {
      const auto* access = static_cast<const ast::Access*>(node);
      if (access->target->kind != ast::NodeKind::TypeReference) return false;
      for (const ast::Node* key : access->keys)
        if (!is_constant(key)) return false;
      return true;
    }
    default:
      return false;
  }
}

}  // namespace

const Value& Evaluator::evaluate_type_expression(const ast::Expression* type, Scope& scope,
                                                 Value& temporary) {
  if (auto found = constant_types_.find(type); found != constant_types_.end()) return found->second;
  temporary = evaluate(type, scope);
  if (is_constant(type)) return constant_types_.emplace(type, std::move(temporary)).first->second;
  return temporary;
}

}  // namespace marionette::compiler
