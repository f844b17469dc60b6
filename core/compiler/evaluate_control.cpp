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

/// Does a case option or selector match the subject? As Puppet's CompareOperator#match:
/// regexes match strings (and set captures), types match their instances, an array matches an
/// array of its size element by element, a hash a hash whose values at its keys match (other
/// keys ignored), `default` inside them anything; else ==.
bool Evaluator::option_matches(const Value& subject, const Value& option, Scope& scope,
                               const lang::SourceLocation& where) {
  if (option.is_regexp())
    return subject.is_string() && truthy(match(subject, option, scope, where));
  if (option.is_type() && !is_resource_reference(option)) return matches(subject, option.type());
  if (option.is_default()) return true;
  if (option.is_array()) {
    if (!subject.is_array()) return false;
    const Array& a = option.array();
    const Array& b = subject.array();
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
      if (!option_matches(b[i], a[i], scope, where)) return false;
    return true;
  }
  if (option.is_hash()) {
    if (!subject.is_hash()) return false;
    for (const auto& [key, pattern] : option.hash()) {
      Value at;
      for (const auto& [k, v] : subject.hash())
        if (same_hash_key(k, key)) at = v;
      if (!option_matches(at, pattern, scope, where)) return false;
    }
    return true;
  }
  return equals(subject, option);
}

/// A case or selector option: `*[a, b]` matches when one of its values does.
bool Evaluator::candidate_matches(const Value& subject, const ast::Node* candidate,
                                  Scope& scope) {
  Value value = evaluate(candidate, scope);
  auto* splat = ast::as<ast::Unary>(candidate);
  if (splat && splat->op == ast::UnaryOp::Splat && value.is_array()) {
    for (const Value& item : value.array())
      if (option_matches(subject, item, scope, candidate->where)) return true;
    return false;
  }
  return option_matches(subject, value, scope, candidate->where);
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
      if (candidate_matches(subject, candidate, scope)) return evaluate(option.body, scope);
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
    if (candidate_matches(subject, option.match, scope)) return evaluate(option.value, scope);
  }
  if (fallback) return evaluate(fallback->value, scope);
  throw lang::SourceError(
      "No matching entry for selector parameter with value '" + to_string(subject) + "'",
      node.subject->where);
}

}  // namespace marionette::compiler
