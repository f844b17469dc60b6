#include "compiler/evaluator.hpp"
#include "compiler/operators.hpp"
#include "compiler/types.hpp"
#include "lang/diagnostic.hpp"

namespace marionette::compiler {

namespace ast = lang::ast;

Value Evaluator::evaluate_if(const ast::If& node, Scope& scope) {
  Scope::CapturesGuard guard(scope);
  bool condition = truthy(evaluate(node.condition, scope));
  if (node.is_unless) condition = !condition;
  if (condition) return evaluate(node.then_body, scope);
  if (node.otherwise) return evaluate(node.otherwise, scope);
  return Value();
}

/// Does a case option or selector match the subject? Regexes match (and set captures),
/// types match their instances, arrays match element-wise, `default` is tried last.
bool Evaluator::option_matches(const Value& subject, const Value& option, Scope& scope,
                               const lang::SourceLocation& where) {
  if (option.is_regexp()) return truthy(match(subject, option, scope, where));
  if (option.is_type() && !is_resource_reference(option)) return matches(subject, option.type());
  if (option.is_array() && subject.is_array()) {
    const Array& a = option.array();
    const Array& b = subject.array();
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
      if (!option_matches(b[i], a[i], scope, where)) return false;
    return true;
  }
  return equals(subject, option);
}

Value Evaluator::evaluate_case(const ast::Case& node, Scope& scope) {
  Scope::CapturesGuard guard(scope);
  Value subject = evaluate(node.subject, scope);
  const ast::CaseOption* fallback = nullptr;
  for (const ast::CaseOption& option : node.options) {
    for (const ast::Node* candidate : option.values) {
      if (ast::as<ast::DefaultLiteral>(candidate)) {
        fallback = &option;
        continue;
      }
      Value value = evaluate(candidate, scope);
      if (option_matches(subject, value, scope, candidate->where))
        return evaluate(option.body, scope);
    }
  }
  if (fallback) return evaluate(fallback->body, scope);
  return Value();
}

Value Evaluator::evaluate_selector(const ast::Selector& node, Scope& scope) {
  Scope::CapturesGuard guard(scope);
  Value subject = evaluate(node.subject, scope);
  const ast::SelectorOption* fallback = nullptr;
  for (const ast::SelectorOption& option : node.options) {
    if (ast::as<ast::DefaultLiteral>(option.match)) {
      fallback = &option;
      continue;
    }
    Value value = evaluate(option.match, scope);
    if (option_matches(subject, value, scope, option.match->where))
      return evaluate(option.value, scope);
  }
  if (fallback) return evaluate(fallback->value, scope);
  throw lang::SourceError(
      "No matching entry for selector parameter with value '" + to_string(subject) + "'",
      node.where);
}

}  // namespace marionette::compiler
