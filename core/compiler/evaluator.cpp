#include "compiler/evaluator.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdint>
#include <iostream>
#include <limits>

#include "compiler/compile_log.hpp"
#include "compiler/evaluation_budget.hpp"
#include "compiler/functions/function.hpp"
#include "compiler/functions/generalized_type.hpp"
#include "compiler/functions/ruby_format.hpp"
#include "compiler/functions/signatures.hpp"
#include "compiler/functions/stdlib_support.hpp"
#include "compiler/integer_range.hpp"
#include "compiler/jumps.hpp"
#include "compiler/known_types.hpp"
#include "compiler/operators.hpp"
#include "compiler/runtime_values.hpp"
#include "compiler/string_encoding.hpp"
#include "compiler/type_access.hpp"
#include "compiler/types.hpp"
#include "lang/diagnostic.hpp"
#include "lang/labels.hpp"
#include "lang/puppet_stack.hpp"
#include "lang/recursion_bound.hpp"
#include "rubyish/regex.hpp"
#include "text/text.hpp"

namespace marionette::compiler {

namespace {

/// `*value`, as Puppet's UnfoldExpression: undef is nothing, an array its items, a hash its
/// pairs, anything else an array of itself.
Array unfolded(Value value) {
  if (value.is_undef()) return {};
  if (value.is_array() || value.is_hash() || is_runtime_value(value, "Iterator"))
    return *iterable_elements(value);
  return Array{std::move(value)};
}

/// Every recursion of the evaluator (an expression's operands, function, lambda and template
/// calls, classes declaring classes) passes through evaluate(), so bounding it bounds them all.
/// Puppet fails such input with Ruby's "stack level too deep" (its own limit falls between
/// 1,000 and 2,000 terms of `1+1+…`, and at fewer than 250 calls of a recursive function).
thread_local lang::Nesting evaluation_nesting;
constexpr int kMaxEvaluationDepth = 2000;

thread_local bool step_budget_set = false;
thread_local std::uint64_t steps_left = 0;

}  // namespace

void set_evaluation_step_budget(std::uint64_t steps) {
  step_budget_set = steps != 0;
  steps_left = steps;
}

namespace ast = lang::ast;
using lang::SourceError;

namespace {

/// Arguments a block's signature refuses (their count or a type): Puppet reports it at the
/// call that gave the block, as which evaluate_call rethrows it.
class BlockArgumentsRefused : public SourceError {
 public:
  using SourceError::SourceError;
};

}  // namespace

// A regex match that gives up (rubyish::RegexTooComplex) fails at the innermost expression
// evaluating it.
namespace {

/// Puppet's type names that are neither data types (canonical_data_type_name) nor resource
/// types: a reference to anything else unknown is "Resource type not found", as in Puppet 7.23.
bool is_puppet_type_name(std::string_view lower) {
  static constexpr std::string_view kNames[] = {"class",   "resource",  "catalogentry",
                                                "typeset", "typealias", "typereference",
                                                "node",    "stage"};
  return std::find(std::begin(kNames), std::end(kNames), lower) != std::end(kNames);
}

}  // namespace

Value Evaluator::evaluate(const ast::Node* node, Scope& scope) try {
  lang::RecursionBound level(evaluation_nesting, kMaxEvaluationDepth);
  if (level.exceeded()) throw SourceError("stack level too deep", node->where);
  if (step_budget_set && steps_left-- == 0)
    throw SourceError("evaluation step budget exhausted", node->where);
  switch (node->kind) {
    case ast::NodeKind::StringLiteral:
      return static_cast<const ast::StringLiteral*>(node)->value;
    case ast::NodeKind::IntegerLiteral:
      return static_cast<const ast::IntegerLiteral*>(node)->value;
    case ast::NodeKind::FloatLiteral:
      return static_cast<const ast::FloatLiteral*>(node)->value;
    case ast::NodeKind::BooleanLiteral:
      return static_cast<const ast::BooleanLiteral*>(node)->value;
    case ast::NodeKind::UndefLiteral:
      return Value();
    case ast::NodeKind::DefaultLiteral:
      return Default{};
    case ast::NodeKind::RegexLiteral:
      return make_regexp(static_cast<const ast::RegexLiteral*>(node)->pattern, node->where);
    case ast::NodeKind::BareWord:
      return static_cast<const ast::BareWord*>(node)->name;
    case ast::NodeKind::TypeReference: {
      if (auto known = type_references_.find(node); known != type_references_.end())
        return known->second;
      // `::Php::Config` names Php::Config: Puppet's loaders drop a leading `::`.
      const std::string& written = static_cast<const ast::TypeReference*>(node)->name;
      const std::string stripped = written.starts_with("::") ? written.substr(2) : std::string();
      const std::string& name = stripped.empty() ? written : stripped;
      if (auto data_type = canonical_data_type_name(name); !data_type.empty())
        return type_references_.emplace(node, TypeValue{std::string(data_type), {}}).first->second;
      std::string lower = lowercase(name);
      if (const ast::TypeAlias* alias = environment_.find_type_alias(lower))
        return resolve_alias(*alias, node->where);
      if (!is_puppet_type_name(lower) && !is_builtin_type(lower) &&
          !environment_.find_defined_type(lower) && !environment_.find_resource_type(lower) &&
          !environment_.find_class(lower))
        throw SourceError("Resource type not found: " + name, node->where);  // as written
      return type_references_.emplace(node, TypeValue{capitalize_segments(name), {}}).first->second;
    }
    case ast::NodeKind::InterpolatedString:
      return evaluate_string(*static_cast<const ast::InterpolatedString*>(node), scope);
    case ast::NodeKind::ArrayLiteral: {
      Array out;
      for (const ast::Node* element : static_cast<const ast::ArrayLiteral*>(node)->elements) {
        auto* splat = ast::as<ast::Unary>(element);
        if (splat && splat->op == ast::UnaryOp::Splat) {
          Array items = unfolded(evaluate(splat->operand, scope));
          std::move(items.begin(), items.end(), std::back_inserter(out));
          continue;
        }
        out.push_back(evaluate(element, scope));
      }
      return out;
    }
    case ast::NodeKind::HashLiteral: {
      Hash out;
      for (const auto& [key, value] : static_cast<const ast::HashLiteral*>(node)->entries) {
        Value k = evaluate(key, scope);
        Value v = evaluate(value, scope);
        auto found = std::find_if(out.begin(), out.end(),
                                  [&](const auto& e) { return same_hash_key(e.first, k); });
        if (found != out.end()) {
          found->second = std::move(v);
        } else {
          out.emplace_back(std::move(k), std::move(v));
        }
      }
      return out;
    }
    case ast::NodeKind::Variable:
      return evaluate_variable(*static_cast<const ast::Variable*>(node), scope);
    case ast::NodeKind::Unary:
      return evaluate_unary(*static_cast<const ast::Unary*>(node), scope);
    case ast::NodeKind::Binary:
      return evaluate_binary(*static_cast<const ast::Binary*>(node), scope);
    case ast::NodeKind::Relationship:
      return evaluate_relationship(*static_cast<const ast::Relationship*>(node), scope);
    case ast::NodeKind::Access:
      return evaluate_access(*static_cast<const ast::Access*>(node), scope);
    case ast::NodeKind::Assignment:
      return evaluate_assignment(*static_cast<const ast::Assignment*>(node), scope);
    case ast::NodeKind::FunctionCall: {
      auto* call = static_cast<const ast::FunctionCall*>(node);
      return evaluate_call(call->name, call->arguments, nullptr, call->lambda, call->where, scope);
    }
    case ast::NodeKind::MethodCall: {
      auto* call = static_cast<const ast::MethodCall*>(node);
      Value receiver = evaluate(call->receiver, scope);
      if (call->arguments.empty() && !call->lambda)  // an Object's attribute: $error.issue_code
        if (std::optional<Value> attribute = runtime_attribute(receiver, call->name))
          return *attribute;
      return evaluate_call(call->name, call->arguments, &receiver, call->lambda, call->where,
                           scope);
    }
    case ast::NodeKind::Lambda:
      throw SourceError("A lambda can only be given to a function call", node->where);
    case ast::NodeKind::Block:
      return evaluate_block(static_cast<const ast::Block*>(node), scope);
    case ast::NodeKind::If:
      return evaluate_if(*static_cast<const ast::If*>(node), scope);
    case ast::NodeKind::Case:
      return evaluate_case(*static_cast<const ast::Case*>(node), scope);
    case ast::NodeKind::Selector:
      return evaluate_selector(*static_cast<const ast::Selector*>(node), scope);
    case ast::NodeKind::Resource:
      return evaluate_resource(*static_cast<const ast::Resource*>(node), scope);
    case ast::NodeKind::ResourceDefaults:
      return evaluate_defaults(*static_cast<const ast::ResourceDefaults*>(node), scope);
    case ast::NodeKind::ResourceOverride:
      return evaluate_override(*static_cast<const ast::ResourceOverride*>(node), scope);
    case ast::NodeKind::Collector:
      return evaluate_collector(*static_cast<const ast::Collector*>(node), scope);
    case ast::NodeKind::ClassDefinition:
    case ast::NodeKind::DefinedTypeDefinition:
    case ast::NodeKind::NodeDefinition:
      return Value();  // registered by the Environment when the file was loaded
    case ast::NodeKind::FunctionDefinition:
    case ast::NodeKind::TypeAlias:
      return Value();
    case ast::NodeKind::EppTemplate:
      throw SourceError("EPP template code outside of a template", node->where);
    case ast::NodeKind::RenderString:
    case ast::NodeKind::RenderExpression:
      return render(node, scope);
  }
  return Value();
} catch (const rubyish::RegexTooComplex& e) {
  throw SourceError(e.what(), node->where);
}

Value Evaluator::evaluate_block(const ast::Block* block, Scope& scope, bool value_unused) {
  Value last;
  const auto& statements = block->statements;
  for (std::size_t i = 0; i < statements.size(); ++i) {
    const ast::Expression* statement = statements[i];
    // A resource statement's references are only made when they are the block's value.
    if ((i + 1 < statements.size() || value_unused) && statement->kind == ast::NodeKind::Resource)
      evaluate_resource(*static_cast<const ast::Resource*>(statement), scope, true);
    else
      last = evaluate(statement, scope);
  }
  return last;
}

Value Evaluator::evaluate_variable(const ast::Variable& variable, Scope& scope) {
  const std::string& name = variable.name;
  if (!name.empty() && name[0] >= '0' && name[0] <= '9') {
    // A match variable past any group is undef; one past Ruby's int is Ruby's error while a match
    // is in scope (Puppet converts the number only then), undef otherwise.
    std::int64_t group = 0;
    auto parsed = std::from_chars(name.data(), name.data() + name.size(), group);
    Value capture;
    if (parsed.ec != std::errc() || group > 2147483647) {
      if (!scope.find_capture(0, capture)) return Value();
      throw SourceError(parsed.ec != std::errc()
                            ? "bignum too big to convert into `long'"
                            : "integer " + name + " too big to convert to `int'",
                        variable.where);
    }
    if (scope.find_capture(static_cast<std::size_t>(group), capture)) return capture;
    return Value();
  }
  const Value* found = find_variable(name, scope);
  if (!found) {
    unknown_variable(name, variable.where);
    return Value();
  }
  return *found;
}

void Evaluator::unknown_variable(const std::string& name, const lang::SourceLocation& where) const {
  // Puppet's scope knows these two everywhere, set or not.
  if (name == "module_name" || name == "caller_module_name") return;
  const Strictness& strictness = request_.strictness;
  strict_issue(strictness.strict_variables ? Strict::Error : strictness.strict,
               "Unknown variable: '" + name + "'.", where);
}

const Value* Evaluator::find_variable(const std::string& name, Scope& scope) const {
  if (name.starts_with("::") && name.find("::", 2) == std::string::npos)
    return top_->find_local(name.substr(2));
  std::size_t last = name.rfind("::");
  if (last != std::string::npos) {
    const std::size_t begin = name.starts_with("::") ? 2 : 0;
    auto found = class_scopes_.find(name.substr(begin, last - begin));
    if (found == class_scopes_.end()) return nullptr;
    const std::string local = name.substr(last + 2);
    const Value* value = found->second->find_local(local);
    // Then the classes it inherits from, as Puppet's lookup_qualified_variable; never the
    // node's or the top scope.
    for (const Scope* s = found->second->parent(); !value && s && s != top_ && s != node_scope_;
         s = s->parent())
      value = s->find_local(local);
    return value;
  }
  return scope.find(name);
}

Value Evaluator::evaluate_assignment(const ast::Assignment& assignment, Scope& scope) {
  auto* variable = ast::as<ast::Variable>(assignment.target);
  auto* entries = ast::as<ast::ArrayLiteral>(assignment.target);
  if (!variable && !entries)
    throw SourceError("Illegal attempt to assign to a value", assignment.target->where);
  if (variable && variable->name.find("::") != std::string::npos)
    throw SourceError("Cannot assign to variables in other namespaces", assignment.where);
  if (assignment.op != ast::AssignmentOp::Assign)
    throw SourceError("The operator '+=' is no longer supported", assignment.where);
  Value value = evaluate(assignment.value, scope);
  if (variable)
    assign_variable(*variable, value, assignment.where, scope);
  else
    assign_entries(*entries, value, assignment, scope);
  return value;
}

void Evaluator::assign_variable(const ast::Variable& variable, const Value& value,
                                const lang::SourceLocation& where, Scope& scope) {
  if (variable.name.find("::") != std::string::npos)
    throw SourceError("Cannot assign to variables in other namespaces", where);
  // Puppet keeps these names to itself, wherever they are assigned; it names $trusted and
  // $facts without their `$` outside the scope that holds them (Puppet 7.23, tried).
  if (variable.name == "trusted" || variable.name == "facts" || variable.name == "server_facts") {
    bool dollar = variable.name == "server_facts" || scope.find_local(variable.name);
    throw SourceError("Attempt to assign to a reserved variable name: '" +
                          std::string(dollar ? "$" : "") + variable.name + "'",
                      where);
  }
  if (scope.find_local(variable.name)) {
    // A class's or a define's $name and $title are set by Puppet itself: it says so.
    bool built_in = variable.name == "name" || variable.name == "title";
    throw SourceError(
        std::string(built_in ? "Cannot reassign built in (or already assigned) variable"
                             : "Cannot reassign variable") +
            " '$" + variable.name + "'",
        where);
  }
  scope.set(variable.name, value);
}

namespace {

/// The hash key an assignment entry takes its value by: `$a` by "a", `[$b, $c]` by ["b", "c"].
Value entry_key(const ast::Node* target) {
  if (auto* variable = ast::as<ast::Variable>(target)) return variable->name;
  Array keys;
  if (auto* entries = ast::as<ast::ArrayLiteral>(target))
    for (const ast::Node* entry : entries->elements) keys.push_back(entry_key(entry));
  return keys;
}

/// The key as Ruby prints it in Puppet's message: b, ["b", "c"].
std::string ruby_key(const Value& key, bool nested = false) {
  if (key.is_string()) return nested ? "\"" + key.string() + "\"" : key.string();
  std::string out = "[";
  for (const Value& part : key.array()) {
    if (out.size() > 1) out += ", ";
    out += ruby_key(part, true);
  }
  return out + "]";
}

}  // namespace

void Evaluator::assign_entries(const ast::ArrayLiteral& targets, const Value& value,
                               const ast::Assignment& assignment, Scope& scope) {
  const auto assign = [&](const ast::Node* target, const Value& entry) {
    if (auto* variable = ast::as<ast::Variable>(target))
      return assign_variable(*variable, entry, assignment.where, scope);
    if (auto* nested = ast::as<ast::ArrayLiteral>(target))
      return assign_entries(*nested, entry, assignment, scope);
    throw SourceError("Illegal attempt to assign to a value", target->where);
  };
  if (value.is_hash()) {
    for (const ast::Node* target : targets.elements) {
      Value key = entry_key(target);
      const Value* entry = hash_find(value.hash(), key);
      if (!entry)
        throw SourceError("No value for required key '" + ruby_key(key) +
                              "' in assignment to variables from hash",
                          assignment.where);
      assign(target, *entry);
    }
    return;
  }
  if (value.is_type() && value.type().name == "Class" && value.type().parameters.size() == 1 &&
      value.type().parameters[0].is_string()) {
    std::string name = text::lowercase(value.type().parameters[0].string());
    if (name.starts_with("::")) name.erase(0, 2);
    auto found = class_scopes_.find(name);
    if (found == class_scopes_.end())
      throw SourceError("Resource not found: Class['" + name + "']", assignment.value->where);
    for (const ast::Node* target : targets.elements) {
      auto* variable = ast::as<ast::Variable>(target);
      const Value* entry = variable ? found->second->find_local(variable->name) : nullptr;
      if (!entry)
        throw SourceError("No value for required variable '$" + name +
                              "::" + ruby_key(entry_key(target)) +
                              "' in assignment to variables from class reference",
                          target->where);
      assign(target, *entry);
    }
    return;
  }
  const Array values = value.is_array() ? value.array() : Array{value};
  if (values.size() != targets.elements.size())
    throw SourceError("Mismatched number of assignable entries and values, expected " +
                          std::to_string(targets.elements.size()) + ", got " +
                          std::to_string(values.size()),
                      assignment.where);
  for (std::size_t i = 0; i < values.size(); ++i) assign(targets.elements[i], values[i]);
}

Value Evaluator::match(const Value& left, const Value& right, Scope& scope,
                       const lang::SourceLocation& where) {
  if (right.is_type()) return matches(left, right.type());
  Regexp regexp =
      right.is_regexp() ? right.regexp()
      : right.is_string()
          ? make_regexp(right.string(), where)
          : throw SourceError("Right operand of =~ must be a Regexp, a String or a Type", where);
  if (!left.is_string()) return false;
  auto captures = regex_match(left.string(), regexp);
  if (!captures) return false;
  scope.set_captures(std::move(*captures));
  return true;
}

Value Evaluator::evaluate_binary(const ast::Binary& binary, Scope& scope) {
  switch (binary.op) {
    case ast::BinaryOp::And:
      return truthy(evaluate(binary.left, scope)) && truthy(evaluate(binary.right, scope));
    case ast::BinaryOp::Or:
      return truthy(evaluate(binary.left, scope)) || truthy(evaluate(binary.right, scope));
    case ast::BinaryOp::Match:
    case ast::BinaryOp::NotMatch: {
      Value left = evaluate(binary.left, scope);
      Value right = evaluate(binary.right, scope);
      if (!left.is_string() && (right.is_regexp() || right.is_string()))
        throw SourceError("Left match operand must result in a String value. Got " +
                              lang::a_an(value_label(left)) + ".",
                          binary.left->where);
      bool matched = truthy(match(left, right, scope, binary.where));
      return binary.op == ast::BinaryOp::Match ? matched : !matched;
    }
    case ast::BinaryOp::In: {
      Value left = evaluate(binary.left, scope);
      Value right = evaluate(binary.right, scope);
      if (!left.is_regexp()) return apply_binary(binary.op, left, right, binary.where);
      // A regexp in a string, or among an array's strings or a hash's keys: the first match's
      // captures are set, as Puppet's include? does.
      if (!right.is_string() && !right.is_array() && !right.is_hash()) return false;
      Array candidates;
      if (right.is_string()) candidates.push_back(right);
      if (right.is_array()) candidates = right.array();
      if (right.is_hash())
        for (const auto& entry : right.hash()) candidates.push_back(entry.first);
      for (const Value& candidate : candidates) {
        if (!candidate.is_string()) continue;
        if (auto captures = regex_match(candidate.string(), left.regexp())) {
          scope.set_captures(std::move(*captures));
          return true;
        }
      }
      return false;  // a failed match leaves the captures as they were
    }
    default: {
      Value left = evaluate(binary.left, scope);
      Value right = evaluate(binary.right, scope);
      return apply_binary(binary.op, left, right, binary.where,
                          {&binary.left->where, &binary.right->where, request_.strictness.strict});
    }
  }
}

Value Evaluator::evaluate_unary(const ast::Unary& unary, Scope& scope) {
  Value operand = evaluate(unary.operand, scope);
  switch (unary.op) {
    case ast::UnaryOp::Not:
      return !truthy(operand);
    case ast::UnaryOp::Negate:
      // Ruby negates the smallest Integer into a Bignum, which Puppet cannot hold.
      if (operand.is_integer()) return negated(operand.integer(), "A Unary Minus", unary.where);
      if (operand.is_float()) return -operand.number();
      return apply_binary(ast::BinaryOp::Minus, Value(0), operand, unary.where);
    case ast::UnaryOp::Splat:
      return unfolded(std::move(operand));
  }
  return operand;
}

namespace {

/// Start and count of a slice, Ruby style (negative start counts from the end).
bool slice_bounds(std::int64_t size, std::int64_t start, std::int64_t count, std::size_t& from,
                  std::size_t& length) {
  // Puppet's access_Array/access_String: a negative start counts from the end, a negative count
  // ends that far from the end, and a start before the first element shortens the count.
  __int128 first = start < 0 ? static_cast<__int128>(size) + start : start;
  __int128 n = count < 0 ? static_cast<__int128>(size) - first + count + 1 : count;
  if (first < 0) {
    n += first;
    first = 0;
  }
  if (first > size || n < 0) return false;
  n = std::min<__int128>(n, size - first);
  from = static_cast<std::size_t>(first);
  length = static_cast<std::size_t>(n);
  return true;
}

}  // namespace

namespace {

/// Puppet flattens the keys of most accesses: `$a[[0, 1]]` is `$a[0, 1]`, `Integer[[1, 3]]` is
/// `Integer[1, 3]`.
std::vector<Value> flattened(std::vector<Value> keys) {
  if (std::none_of(keys.begin(), keys.end(), [](const Value& k) { return k.is_array(); }))
    return keys;
  std::vector<Value> out;
  std::function<void(Value &&)> add = [&](Value&& key) {
    if (!key.is_array()) {
      out.push_back(std::move(key));
      return;
    }
    for (const Value& item : key.array()) add(Value(item));
  };
  for (Value& key : keys) add(std::move(key));
  return out;
}

/// Puppet's naming rule for a class: `[a-z]\w*` segments joined by `::`.
bool is_class_name(std::string_view name) {
  for (std::string_view rest = name;;) {
    std::size_t end = rest.find("::");
    std::string_view segment = rest.substr(0, end);
    if (segment.empty() || segment[0] < 'a' || segment[0] > 'z') return false;
    for (char c : segment)
      if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
    if (end == std::string_view::npos) return true;
    rest = rest.substr(end + 2);
  }
}

/// The name Puppet gives a key of the wrong type: its generalized type ("Float", "String").
std::string bad_key_type(const Value& key) {
  if (key.is_undef()) return "Undef";
  if (key.is_default()) return "Default";
  return type_to_string(generalized_type(key));
}

/// The integer indexes of a string's or an array's slice, as Puppet's access_String and
/// access_Array check them: a string's keys may spell numbers, an array's keys are coerced
/// to numbers (failing for what is none), and each must then be an Integer.
std::vector<std::int64_t> slice_indexes(const Value& target, const std::vector<Value>& keys,
                                        const ast::Access& access, Strict coercion) {
  auto key_where = [&](std::size_t i) -> const lang::SourceLocation& {
    return access.keys.empty() ? access.where
                               : access.keys[std::min(i, access.keys.size() - 1)]->where;
  };
  std::vector<Value> numbers;
  for (std::size_t i = 0; i < keys.size(); ++i) {
    if (target.is_array()) {
      numbers.push_back(coerce_numeric(keys[i], key_where(i), coercion));
    } else {
      std::optional<Value> number =
          keys[i].is_string() ? spelled_number(keys[i].string()) : std::nullopt;
      numbers.push_back(number ? *number : keys[i]);
    }
  }
  std::vector<std::int64_t> out;
  for (std::size_t i = 0; i < numbers.size(); ++i) {
    if (numbers[i].is_integer()) {
      out.push_back(numbers[i].integer());
      continue;
    }
    std::string type = bad_key_type(numbers[i]);
    if (target.is_array())
      throw SourceError("An Array[] cannot use " + type + " where Integer is expected",
                        key_where(i));
    throw SourceError("A substring operation does not accept " + lang::a_an(type) +
                          " as a character index. Expected an Integer",
                      key_where(i));
  }
  return out;
}

}  // namespace

const Value* Evaluator::find_in_place(const ast::Node* node, Scope& scope) const {
  if (auto* variable = ast::as<ast::Variable>(node)) {
    const std::string& name = variable->name;
    if (name.empty() || (name[0] >= '0' && name[0] <= '9')) return nullptr;  // a match capture
    return find_variable(name, scope);
  }
  // Only string keys written as literals: nothing is evaluated, so nothing can change meanwhile.
  auto* access = ast::as<ast::Access>(node);
  if (!access || access->keys.size() != 1) return nullptr;
  auto* key = ast::as<ast::StringLiteral>(access->keys[0]);
  if (!key) return nullptr;
  const Value* target = reads_top_facts(access->target, scope)
                            ? top_->find_local_for_entry("facts", key->value)
                            : find_in_place(access->target, scope);
  if (!target || !target->is_hash()) return nullptr;
  for (const auto& [name, value] : target->hash())
    if (name.is_string() && name.string() == key->value) return &value;
  return nullptr;
}

bool Evaluator::reads_top_facts(const ast::Node* node, const Scope& scope) const {
  auto* variable = ast::as<ast::Variable>(node);
  return variable && names_top_facts(variable->name, scope);
}

bool Evaluator::names_top_facts(const std::string& name, const Scope& scope) const {
  if (name == "::facts") return true;
  if (name != "facts") return false;
  for (const Scope* s = &scope; s; s = s->parent()) {
    if (s == top_) return true;
    if (s->find_local_as_set("facts")) return false;  // not the node's
  }
  return false;  // a scope that sees no variables (a class parameter's type)
}

Value Evaluator::evaluate_access(const ast::Access& access, Scope& scope) {
  if (const Value* found = find_in_place(&access, scope)) return *found;
  Value target;
  std::vector<Value> keys;
  keys.reserve(access.keys.size());
  if (access.keys.size() == 1 && reads_top_facts(access.target, scope)) {
    // `$facts[$name]`: the custom fact of that name alone, not every one.
    Value key = evaluate(access.keys[0], scope);
    const Value* facts = key.is_string() ? top_->find_local_for_entry("facts", key.string())
                                         : top_->find_local("facts");
    if (facts) target = *facts;
    keys.push_back(std::move(key));
  } else {
    target = evaluate(access.target, scope);
  }
  const bool class_target =
      target.is_type() && target.type().name == "Class" && target.type().parameters.empty();
  for (const ast::Node* key : access.keys) {
    if (keys.size() == access.keys.size()) break;  // the facts' key, evaluated above
    auto* name = class_target ? ast::as<ast::TypeReference>(key) : nullptr;
    if (!name) {
      keys.push_back(evaluate(key, scope));
      continue;
    }
    try {
      keys.push_back(evaluate(key, scope));
    } catch (const SourceError& e) {
      // Class[ToothFairy]: a name that is no type is Puppet's TypeReference, no class name.
      if (!std::string_view(e.message()).starts_with("Resource type not found")) throw;
      throw SourceError("Illegal Class name in class reference. A TypeReference['" + name->name +
                            "']-Type cannot be used where a String is expected",
                        key->where);
    }
  }
  const lang::SourceLocation& where = access.where;
  if (target.is_string() || target.is_array()) {
    keys = flattened(std::move(keys));
    // Ruby indexes a String by character (by byte in ASCII-8BIT).
    const bool binary = target.is_ascii_8bit();
    std::int64_t size = target.is_string()
                            ? static_cast<std::int64_t>(ruby_length(target.string(), binary))
                            : static_cast<std::int64_t>(target.array().size());
    if (keys.empty() || keys.size() > 2)
      throw SourceError(std::string(target.is_string() ? "String" : "Array") +
                            " supports [] with one or two arguments. Got " +
                            std::to_string(keys.size()),
                        access.target->where);
    std::vector<std::int64_t> indexes =
        slice_indexes(target, keys, access, request_.strictness.strict);
    std::int64_t start = indexes[0];
    std::size_t from = 0, length = 0;
    if (keys.size() == 1) {
      if (start < 0) start += size;
      if (start < 0 || start >= size) return target.is_string() ? Value("") : Value();
      if (target.is_string())
        return string_like(
            target, std::string(ruby_substring(target.string(), static_cast<std::size_t>(start), 1,
                                               binary)));
      return target.array()[static_cast<std::size_t>(start)];
    }
    if (!slice_bounds(size, start, indexes[1], from, length))
      return target.is_string() ? Value("") : Value(Array{});
    if (target.is_string())
      return string_like(target,
                         std::string(ruby_substring(target.string(), from, length, binary)));
    return Array(target.array().begin() + static_cast<std::ptrdiff_t>(from),
                 target.array().begin() + static_cast<std::ptrdiff_t>(from + length));
  }
  if (target.is_hash()) {
    if (keys.size() == 1) {
      const Value* found = hash_find(target.hash(), keys[0]);
      return found ? *found : Value();
    }
    Array out;
    for (const Value& key : keys)
      if (const Value* found = hash_find(target.hash(), key)) out.push_back(*found);
    return out;
  }
  if (is_runtime_value(target) || is_sensitive(target)) {  // an Object, a Timestamp...: no []
    const std::string type = type_name_of(target);
    throw SourceError("Operator '[]' is not applicable to " +
                          std::string(type.find_first_of("AEIOU") == 0 ? "an " : "a ") + type + ".",
                      where);
  }
  if (is_resource_reference(target)) {  // Notify[hi][message]
    bool many = keys.size() > 1 || (!keys.empty() && keys[0].is_array());
    keys = flattened(std::move(keys));
    std::erase_if(keys, [](const Value& key) { return key.is_undef(); });
    return resource_parameters(target.type(), keys, many, where);
  }
  if (target.is_type()) {
    const TypeValue& type = target.type();
    // Puppet flattens the keys of every type but these: `Integer[[1, 3]]` is `Integer[1, 3]`.
    if (type.name != "Struct" && type.name != "Callable" && type.name != "Init" &&
        type.name != "Resource" && type.name != "Class" && is_data_type_name(type.name))
      keys = flattened(std::move(keys));
    if (is_data_type_name(type.name)) {
      if (type.parameters.empty() && type.alias.expired())
        return specialize_data_type(type.name, std::move(keys), access);
      return make_type(type.name, std::move(keys));
    }
    // A resource reference: File['/etc/motd'], Class['app'], File['a', 'b'].
    auto key_where = [&](std::size_t i) -> const lang::SourceLocation& {
      return access.keys.empty() ? where : access.keys[std::min(i, access.keys.size() - 1)]->where;
    };
    std::string type_name = type.name;
    std::size_t first = 0;
    if (type_name == "Resource") {
      if (keys.empty()) throw SourceError("Resource[] needs a type", where);
      const Value& named = keys[0];
      if (named.is_string() || (named.is_type() && !is_runtime_value(named)))
        type_name = capitalize_segments(to_string(named));
      else
        throw SourceError("First argument to Resource[] must be a resource type or a String. Got " +
                              bad_key_type(named) + ".",
                          key_where(0));
      if (keys.size() == 1) return TypeValue{type_name, {}};  // Resource['file'] is File
      first = 1;
    }
    // Puppet's titles: the keys flattened, undef left out, each a String (a class's name as
    // Puppet's naming rule allows); more than one key or an array key gives an array.
    const bool many = keys.size() - first > 1 || (keys.size() > first && keys[first].is_array());
    Array titles;
    std::function<void(const Value&)> add = [&](const Value& title) {
      if (title.is_array()) {
        for (const Value& t : title.array()) add(t);
      } else if (!title.is_undef()) {
        titles.push_back(title);
      }
    };
    for (std::size_t i = first; i < keys.size(); ++i) add(keys[i]);
    Array references;
    references.reserve(titles.size());
    for (std::size_t i = 0; i < titles.size(); ++i) {
      const Value& title = titles[i];
      if (type_name == "Class") {
        if (!title.is_string())
          throw SourceError("Illegal Class name in class reference. " +
                                lang::a_an(value_label(title), true) +
                                " cannot be used where a String is expected",
                            key_where(i));
        std::string name = lowercase(title.string());
        if (name.starts_with("::")) name = name.substr(2);
        if (!is_class_name(name))
          throw SourceError("Illegal name. The given name '" + title.string() +
                                "' does not conform to the naming rule "
                                "/^((::)?[a-z_]\\w*)(::[a-z]\\w*)*$/",
                            key_where(i));
        references.push_back(TypeValue{type_name, {Value(capitalize_segments(name))}});
        continue;
      }
      // Puppet blames the key at the title's place in the flattened titles, one further when
      // flattening changed their number.
      if (!title.is_string())
        throw SourceError("Error creating type specialization of " +
                              lang::a_an(type.name + "-Type") + ", Cannot use " +
                              bad_key_type(title) + " where a resource title String is expected",
                          key_where(titles.size() != keys.size() - first ? i + 1 : i));
      references.push_back(TypeValue{type_name, {title}});
    }
    if (many) return references;
    return references.empty() ? Value() : std::move(references[0]);
  }
  if (target.is_undef())
    throw SourceError("Operator '[]' is not applicable to an Undef Value.", where);
  const std::string type = type_name_of(target);
  throw SourceError("Operator '[]' is not applicable to " +
                        std::string(type.find_first_of("AEIOU") == 0 ? "an " : "a ") + type + ".",
                    where);
}

Value Evaluator::evaluate_string(const ast::InterpolatedString& string, Scope& scope) {
  // Room for the text and a short value in each gap: most strings then grow only once.
  std::size_t estimate = 0;
  for (const ast::Node* part : string.parts) {
    auto* text = ast::as<ast::StringLiteral>(part);
    estimate += text ? text->value.size() : 16;
  }
  std::string out;
  out.reserve(estimate);
  JoinedEncoding encoding;  // Puppet joins the parts' strings: Ruby's encoding rules hold
  bool first = true;
  auto appended = [&](std::size_t start, const Value& value) {
    encoding.add(out, start, value.is_ascii_8bit(), first);
  };
  for (const ast::Node* part : string.parts) {
    const std::size_t start = out.size();
    if (auto* text = ast::as<ast::StringLiteral>(part)) {
      out += text->value;
      encoding.add(out, start, false, first);
    } else if (auto* variable = ast::as<ast::Variable>(part);
               variable && !variable->name.empty() &&
               !(variable->name[0] >= '0' && variable->name[0] <= '9')) {
      // As evaluate_variable, without copying the value.
      // (undef appends nothing; `found ? *found : Value()` would copy the value)
      if (const Value* found = find_variable(variable->name, scope)) {
        append_string(*found, out);
        appended(start, *found);
      } else {
        unknown_variable(variable->name, variable->where);
      }
    } else if (const Value* found = find_in_place(part, scope)) {
      append_string(*found, out);  // `${facts['os']['family']}`, without copying
      appended(start, *found);
    } else {
      Value value = evaluate(part, scope);
      append_string(value, out);
      appended(start, value);
    }
    first = false;
  }
  return encoding.value(std::move(out));
}

Value Evaluator::evaluate_call(const std::string& name, const std::vector<ast::Expression*>& args,
                               const Value* receiver, const ast::Lambda* lambda,
                               const lang::SourceLocation& where, Scope& scope) {
  Function function = find_function(name);
  if (function && stdlib::removed_from_stdlib(environment_, name)) function = nullptr;
  const ast::FunctionDefinition* written = nullptr;
  if (!function) written = environment_.find_function(lowercase(name));
  bool in_ruby = !function && !written && ruby_functions().has(name);
  // `Person('Adam')`, `Undef(undef)`: a type called that has no function of its name (a type
  // alias, a data type such as Undef or Type) is its type's new.
  Value called_type;
  if (!function && !written && !in_ruby && !name.empty() && name[0] >= 'A' && name[0] <= 'Z') {
    if (auto data_type = canonical_data_type_name(name); !data_type.empty())
      called_type = TypeValue{std::string(data_type), {}};
    else if (const ast::TypeAlias* alias = environment_.find_type_alias(lowercase(name)))
      called_type = resolve_alias(*alias, where);
    if (called_type.is_type()) function = find_function("new");
  }
  if (!function && !written && !in_ruby)
    throw SourceError("Unknown function: '" + name + "'.", where);
  std::vector<Value> arguments;
  arguments.reserve(args.size() + (receiver ? 1 : 0) + (called_type.is_type() ? 1 : 0));
  if (called_type.is_type()) arguments.push_back(std::move(called_type));
  if (receiver) arguments.push_back(*receiver);
  for (const ast::Node* arg : args) {
    auto* splat = ast::as<ast::Unary>(arg);
    if (splat && splat->op == ast::UnaryOp::Splat) {
      Array items = unfolded(evaluate(splat->operand, scope));
      std::move(items.begin(), items.end(), std::back_inserter(arguments));
      continue;
    }
    arguments.push_back(evaluate(arg, scope));
  }
  // A frame of the Puppet stack (--trace), as Puppet's for every function call.
  LiveFrame frame(live_frames_, where);
  return lang::in_frame(where, [&]() -> Value {
    try {
      if (written) return call_function(*written, std::move(arguments), where);
      if (in_ruby)
        return ruby_functions().call(name, std::move(arguments), lambda, where, *this, scope);
      if (const std::vector<Signature>* signatures = native_signatures(name, request_.compat))
        if (auto refused = refused_call(name, *signatures, arguments, lambda))
          throw SourceError(*refused, where);
      CallContext context{*this, scope, name, arguments, lambda, where};
      return function(context);
    } catch (const BlockArgumentsRefused& refused) {
      throw SourceError(refused.message(), where);
    }
  });
}

Scope& Evaluator::lasting(Scope& scope) {
  if (!scope.ephemeral()) return scope;
  auto [copy, added] = lasting_copies_.try_emplace(scope.id(), nullptr);
  if (!added) return *copy->second;
  Scope& kept = scopes_.emplace_back(scope);
  kept.make_lasting_under(kept.parent() ? &lasting(*kept.parent()) : nullptr);
  copy->second = &kept;
  return kept;
}

namespace {

constexpr std::int64_t kUnlimited = std::numeric_limits<std::int64_t>::max();

/// The size range an `Array[T, min, max]` type gives a captures-rest parameter.
std::pair<std::int64_t, std::int64_t> array_size_range(const TypeValue& array) {
  std::vector<const Value*> bounds;
  for (const Value& p : array.parameters)
    if (p.is_integer() || p.is_default()) bounds.push_back(&p);
  std::int64_t min = !bounds.empty() && bounds[0]->is_integer() ? bounds[0]->integer() : 0;
  std::int64_t max =
      bounds.size() > 1 && bounds[1]->is_integer() ? bounds[1]->integer() : kUnlimited;
  return {min, max};
}

/// Puppet's CountMismatch: "expects at least 2 arguments, got 1", "expects 1 argument, got 2".
std::string argument_count_mismatch(std::int64_t min, std::int64_t max, std::size_t got) {
  std::string expected =
      min == max          ? (min == 0 ? "no" : std::to_string(min))
      : min == 0          ? (max == kUnlimited ? "unlimited" : "at most " + std::to_string(max))
      : max == kUnlimited ? "at least " + std::to_string(min)
                          : "between " + std::to_string(min) + " and " + std::to_string(max);
  bool one = (min == 1 && (max == 1 || max == kUnlimited)) || (min == 0 && max == 1);
  return "expects " + expected + (one ? " argument" : " arguments") + ", got " +
         (got == 0 ? std::string("none") : std::to_string(got));
}

}  // namespace

Value Evaluator::call_lambda(const ast::Lambda& lambda, std::vector<Value> arguments, Scope& scope,
                             bool value_unused) {
  Scope local(&scope, scope.class_name(), scope.resource());
  local.mark_ephemeral();
  // As Puppet's Closure: its signature first (the parameters' types, and the count of
  // arguments they take: an `Array[T, min, max] *$rest` takes min to max), then the
  // parameters take their values (defaults, the excess arguments of a captures-rest one), then
  // what they took is held against the signature: the count, then each value's type.
  const std::size_t given = arguments.size();
  // The parameters' types, when any is typed (most lambdas are not: no vector made for them).
  const bool typed = std::any_of(lambda.parameters.begin(), lambda.parameters.end(),
                                 [](const ast::Parameter& p) { return p.type != nullptr; });
  std::vector<Value> types(typed ? lambda.parameters.size() : 0);
  std::int64_t from = 0, to = 0;
  bool optional_seen = false;
  for (std::size_t i = 0; i < lambda.parameters.size(); ++i) {
    const ast::Parameter& parameter = lambda.parameters[i];
    if (parameter.type) {
      Value temporary;
      const Value& type = evaluate_type_expression(parameter.type, local, temporary);
      types[i] = &type == &temporary ? std::move(temporary) : type;
    }
    std::pair<std::int64_t, std::int64_t> range{parameter.default_value ? 0 : 1, 1};
    if (parameter.captures_rest)
      range = typed && types[i].is_type() && resolved(types[i].type()).name == "Array"
                  ? array_size_range(resolved(types[i].type()))
                  : std::pair<std::int64_t, std::int64_t>{0, kUnlimited};
    if (range.first == 0)
      optional_seen = true;
    else if (optional_seen)
      throw SourceError(
          "Parameter $" + parameter.name + " is required but appears after optional parameters",
          parameter.name_where);
    from += range.first;
    to = to == kUnlimited || range.second == kUnlimited ? kUnlimited : to + range.second;
  }
  std::size_t count = 0;
  for (std::size_t i = 0; i < lambda.parameters.size(); ++i) {
    const ast::Parameter& parameter = lambda.parameters[i];
    Value value;
    if (parameter.captures_rest) {
      Array rest;
      if (i < given)
        rest.assign(std::make_move_iterator(arguments.begin() + static_cast<std::ptrdiff_t>(i)),
                    std::make_move_iterator(arguments.end()));
      bool defaulted =
          parameter.default_value && (i >= given || (rest.size() == 1 && rest[0].is_undef()));
      if (defaulted) {
        Value fallback = evaluate(parameter.default_value, local);
        rest = fallback.is_array() ? fallback.array() : Array{std::move(fallback)};
      }
      count += rest.size();
      value = std::move(rest);
    } else if (i < given) {
      ++count;
      value = std::move(arguments[i]);
    } else if (parameter.default_value) {
      ++count;
      value = evaluate(parameter.default_value, local);
    } else {
      throw SourceError("Parameter $" + parameter.name + " is required but no value was given",
                        parameter.name_where);
    }
    local.set(parameter.name, std::move(value));
  }
  auto outside = [&](std::int64_t n) { return n < from || n > to; };
  if (outside(static_cast<std::int64_t>(count)))
    throw BlockArgumentsRefused("block " + argument_count_mismatch(from, to, count), lambda.where);
  for (std::size_t i = 0; i < types.size(); ++i) {
    if (!types[i].is_type()) continue;
    const ast::Parameter& parameter = lambda.parameters[i];
    const Value& value = *local.find_local(parameter.name);
    auto check = [&](const Value& item, const TypeValue& type) {
      if (!matches(item, type))
        throw BlockArgumentsRefused(
            "block parameter '" + parameter.name + "' " + describe_mismatch(type, item),
            parameter.where);
    };
    if (!parameter.captures_rest) {
      check(value, types[i].type());
      continue;
    }
    const TypeValue& declared = resolved(types[i].type());
    // `Array[T, …] *$rest` holds each value to T; another type holds each value to itself.
    const TypeValue* each = &types[i].type();
    if (declared.name == "Array")
      each = !declared.parameters.empty() && declared.parameters[0].is_type()
                 ? &declared.parameters[0].type()
                 : nullptr;
    if (!each) continue;
    for (const Value& item : value.array()) check(item, *each);
  }
  Value result;
  try {
    result = evaluate_block(lambda.body, local, value_unused);
  } catch (NextJump& jump) {
    result = std::move(jump.value);
  }
  if (lambda.return_type) {
    Value type = evaluate(lambda.return_type, local);
    if (type.is_type() && !matches(result, type.type()))
      throw BlockArgumentsRefused(  // reported at the call, as Puppet's
          "value returned from lambda has wrong type, " + describe_mismatch(type.type(), result),
          lambda.where);
  }
  return result;
}

void Evaluator::log(const char* level, const std::string& message, const Scope& scope) {
  // As Puppet's Scope#to_s names it: the class, node or defined type instance it belongs to.
  std::string owner =
      scope.resource() < resources_.size() ? resources_[scope.resource()].ref() : "Class[main]";
  compile_log(level, "Scope(" + owner + "): " + message);
}

}  // namespace marionette::compiler
