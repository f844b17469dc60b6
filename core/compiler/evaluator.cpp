#include "compiler/evaluator.hpp"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <iostream>

#include "compiler/compile_log.hpp"
#include "compiler/evaluation_budget.hpp"
#include "compiler/functions/function.hpp"
#include "compiler/functions/ruby_format.hpp"
#include "compiler/integer_range.hpp"
#include "compiler/jumps.hpp"
#include "compiler/known_types.hpp"
#include "compiler/operators.hpp"
#include "compiler/types.hpp"
#include "lang/diagnostic.hpp"
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
  if (value.is_array() || value.is_hash()) return *iterable_elements(value);
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
      const std::string& name = static_cast<const ast::TypeReference*>(node)->name;
      if (auto data_type = canonical_data_type_name(name); !data_type.empty())
        return TypeValue{std::string(data_type), {}};
      std::string lower = lowercase(name);
      if (const ast::TypeAlias* alias = environment_.find_type_alias(lower))
        return resolve_alias(*alias);
      if (!is_puppet_type_name(lower) && !is_builtin_type(lower) &&
          !environment_.find_defined_type(lower) && !environment_.find_resource_type(lower) &&
          !environment_.find_class(lower))
        throw SourceError("Resource type not found: " + capitalize_segments(name), node->where);
      return TypeValue{capitalize_segments(name), {}};
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
        auto found =
            std::find_if(out.begin(), out.end(), [&](const auto& e) { return equals(e.first, k); });
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
    std::string owner = name.substr(name.starts_with("::") ? 2 : 0);
    owner = owner.substr(0, owner.rfind("::"));
    auto found = class_scopes_.find(owner);
    if (found == class_scopes_.end()) return nullptr;
    const Value* value = found->second->find_local(name.substr(last + 2));
    for (const Scope* s = found->second->parent(); !value && s && s != top_; s = s->parent())
      value = s->find_local(name.substr(last + 2));
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
      bool matched = truthy(match(left, right, scope, binary.where));
      return binary.op == ast::BinaryOp::Match ? matched : !matched;
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
  if (start < 0) start += size;
  if (start < 0 || start > size) return false;
  if (count < 0) count = size - start + count + 1;
  count = std::max<std::int64_t>(0, std::min(count, size - start));
  from = static_cast<std::size_t>(start);
  length = static_cast<std::size_t>(count);
  return true;
}

}  // namespace

namespace {

/// Integer[min, max] takes integers or default only, Float[min, max] numbers or default, as
/// Puppet's access_PIntegerType and access_PFloatType check.
void check_range_type_keys(const std::string& type, const ast::Access& access,
                           const std::vector<Value>& keys) {
  for (std::size_t i = 0; i < keys.size(); ++i) {
    const Value& key = keys[i];
    if (key.is_array()) return;  // Puppet flattens the keys first: not checked here
    if (key.is_integer() || key.is_default() || (type == "Float" && key.is_float())) continue;
    std::string wanted = type == "Float" ? "floats, or integers" : "integers";
    throw SourceError(type + "-Type [] requires all arguments to be " + wanted +
                          " (or default). Got " + ruby_class(key),
                      access.keys[i]->where);
  }
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
  const Value* target = find_in_place(access->target, scope);
  if (!target || !target->is_hash()) return nullptr;
  for (const auto& [name, value] : target->hash())
    if (name.is_string() && name.string() == key->value) return &value;
  return nullptr;
}

Value Evaluator::evaluate_access(const ast::Access& access, Scope& scope) {
  if (const Value* found = find_in_place(&access, scope)) return *found;
  Value target = evaluate(access.target, scope);
  std::vector<Value> keys;
  keys.reserve(access.keys.size());
  for (const ast::Node* key : access.keys) keys.push_back(evaluate(key, scope));
  const lang::SourceLocation& where = access.where;
  auto integer_key = [&](std::size_t i) {
    if (!keys[i].is_integer())
      throw SourceError("The index must be an Integer, got " + type_name_of(keys[i]), where);
    return keys[i].integer();
  };
  if (target.is_string() || target.is_array()) {
    std::int64_t size = target.is_string() ? static_cast<std::int64_t>(target.string().size())
                                           : static_cast<std::int64_t>(target.array().size());
    if (keys.size() > 2)
      throw SourceError(std::string(target.is_string() ? "String" : "Array") +
                            " supports [] with one or two arguments. Got " +
                            std::to_string(keys.size()),
                        where);
    if (keys.empty())
      throw SourceError("Access expects 1 or 2 keys, got " + std::to_string(keys.size()), where);
    std::int64_t start = integer_key(0);
    std::size_t from = 0, length = 0;
    if (keys.size() == 1) {
      if (start < 0) start += size;
      if (start < 0 || start >= size) return target.is_string() ? Value("") : Value();
      if (target.is_string()) return target.string().substr(static_cast<std::size_t>(start), 1);
      return target.array()[static_cast<std::size_t>(start)];
    }
    if (!slice_bounds(size, start, integer_key(1), from, length))
      return target.is_string() ? Value("") : Value(Array{});
    if (target.is_string()) return target.string().substr(from, length);
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
  if (target.is_type()) {
    const TypeValue& type = target.type();
    if ((type.name == "Integer" || type.name == "Float") && type.parameters.empty())
      check_range_type_keys(type.name, access, keys);
    if (is_data_type_name(type.name)) return make_type(type.name, std::move(keys));
    // A resource reference: File['/etc/motd'], Class['app'], File['a', 'b'].
    std::string type_name = type.name;
    std::size_t first = 0;
    if (type_name == "Resource") {
      if (keys.empty()) throw SourceError("Resource[] needs a type", where);
      type_name = capitalize_segments(to_string(keys[0]));
      if (keys.size() == 1) return TypeValue{type_name, {}};  // Resource['file'] is File
      first = 1;
    }
    auto title_text = [&](std::string text) {
      if (type_name == "Class")
        text = capitalize_segments(text.starts_with("::") ? text.substr(2) : text);
      return text;
    };
    if (keys.size() - first == 1 && !keys[first].is_array()) {  // File['/etc/motd']: one title
      Value& title = keys[first];
      return TypeValue{
          type_name,
          {Value(title_text(title.is_string() ? std::move(std::get<std::string>(title.v))
                                              : to_string(title)))}};
    }
    Array references;
    std::function<void(const Value&)> add = [&](const Value& title) {
      if (title.is_array()) {
        for (const Value& t : title.array()) add(t);
        return;
      }
      references.push_back(TypeValue{type_name, {Value(title_text(to_string(title)))}});
    };
    for (std::size_t i = first; i < keys.size(); ++i) add(keys[i]);
    return references;
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
  for (const ast::Node* part : string.parts) {
    if (auto* text = ast::as<ast::StringLiteral>(part)) {
      out += text->value;
    } else if (auto* variable = ast::as<ast::Variable>(part);
               variable && !variable->name.empty() &&
               !(variable->name[0] >= '0' && variable->name[0] <= '9')) {
      // As evaluate_variable, without copying the value.
      // (undef appends nothing; `found ? *found : Value()` would copy the value)
      if (const Value* found = find_variable(variable->name, scope))
        append_string(*found, out);
      else
        unknown_variable(variable->name, variable->where);
    } else if (const Value* found = find_in_place(part, scope)) {
      append_string(*found, out);  // `${facts['os']['family']}`, without copying
    } else {
      append_string(evaluate(part, scope), out);
    }
  }
  return out;
}

Value Evaluator::evaluate_call(const std::string& name, const std::vector<ast::Expression*>& args,
                               const Value* receiver, const ast::Lambda* lambda,
                               const lang::SourceLocation& where, Scope& scope) {
  Function function = find_function(name);
  const ast::FunctionDefinition* written = nullptr;
  if (!function) written = environment_.find_function(lowercase(name));
  bool in_ruby = !function && !written && ruby_functions().has(name);
  if (!function && !written && !in_ruby)
    throw SourceError("Unknown function: '" + name + "'.", where);
  std::vector<Value> arguments;
  arguments.reserve(args.size() + (receiver ? 1 : 0));
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
  return lang::in_frame(where, [&]() -> Value {
    if (written) return call_function(*written, std::move(arguments), where);
    if (in_ruby)
      return ruby_functions().call(name, std::move(arguments), lambda, where, *this, scope);
    CallContext context{*this, scope, name, arguments, lambda, where};
    return function(context);
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

Value Evaluator::call_lambda(const ast::Lambda& lambda, std::vector<Value> arguments, Scope& scope,
                             bool value_unused) {
  Scope local(&scope, scope.class_name(), scope.resource());
  local.mark_ephemeral();
  for (std::size_t i = 0; i < lambda.parameters.size(); ++i) {
    const ast::Parameter& parameter = lambda.parameters[i];
    Value value;
    if (parameter.captures_rest) {
      value = Array(arguments.begin() + static_cast<std::ptrdiff_t>(std::min(i, arguments.size())),
                    arguments.end());
    } else if (i < arguments.size()) {
      value = std::move(arguments[i]);
    } else if (parameter.default_value) {
      value = evaluate(parameter.default_value, local);
    } else {
      throw SourceError("block expects a value for parameter '" + parameter.name + "'",
                        lambda.where);
    }
    if (parameter.type) {
      Value temporary;
      const Value& type = evaluate_type_expression(parameter.type, local, temporary);
      if (type.is_type() && !matches(value, type.type()))
        throw SourceError(
            "block parameter '" + parameter.name + "' " + describe_mismatch(type.type(), value),
            parameter.where);
    }
    local.set(parameter.name, std::move(value));
  }
  try {
    return evaluate_block(lambda.body, local, value_unused);
  } catch (NextJump& jump) {
    return std::move(jump.value);
  }
}

void Evaluator::log(const char* level, const std::string& message, const Scope& scope) {
  // As Puppet's Scope#to_s names it: the class, node or defined type instance it belongs to.
  std::string owner =
      scope.resource() < resources_.size() ? resources_[scope.resource()].ref() : "Class[main]";
  compile_log(level, "Scope(" + owner + "): " + message);
}

}  // namespace marionette::compiler
