#include "compiler/evaluator.hpp"
#include "compiler/functions/function.hpp"
#include "compiler/functions/stdlib_support.hpp"
#include "compiler/jumps.hpp"
#include "compiler/object_types.hpp"
#include "compiler/types.hpp"
#include "lang/diagnostic.hpp"

namespace marionette::compiler {

namespace ast = lang::ast;
using lang::SourceError;

Value Evaluator::render(const ast::Node* node, Scope& scope) {
  if (!epp_output_) throw SourceError("EPP template code outside of a template", node->where);
  if (auto* text = ast::as<ast::RenderString>(node)) {
    *epp_output_ += text->text;
  } else if (auto* expression = ast::as<ast::RenderExpression>(node)) {
    Value value = evaluate(expression->expression, scope);
    if (is_sensitive(value)) {  // its text, and the whole result becomes Sensitive
      epp_rendered_sensitive_ = true;
      append_string(value.type().parameters[0], *epp_output_);
    } else {
      append_string(value, *epp_output_);
    }
  }
  return Value();
}

/// Binds declared parameters from a hash of arguments, as a template's `<%| |%>` list asks.
Value Evaluator::render_epp(const lang::EppProgram& program, const Value& arguments,
                            const lang::SourceLocation& where, Scope* closure) {
  const ast::EppTemplate& root = *program.root;
  Scope& parent = closure ? *closure : *top_;
  Scope local(&parent, closure ? closure->class_name() : "", parent.resource());
  local.mark_ephemeral();
  const Hash empty;
  const Hash& given = arguments.is_hash() ? arguments.hash() : empty;
  if (root.has_parameter_list) {
    for (const auto& [key, value] : given) {
      std::string name = to_string(key);
      bool declared = std::any_of(root.parameters.begin(), root.parameters.end(),
                                  [&](const ast::Parameter& p) { return p.name == name; });
      if (!declared)
        throw SourceError("epp(): Too many arguments: no parameter named '" + name + "'", where);
    }
    for (const ast::Parameter& parameter : root.parameters) {
      const Value* value = hash_find(given, Value(parameter.name));
      Value bound;
      if (value)
        bound = *value;
      else if (parameter.default_value)
        bound = evaluate(parameter.default_value, local);
      else
        throw SourceError("epp(): expects a value for parameter $" + parameter.name, where);
      if (parameter.type) {
        Value temporary;
        const Value& type = evaluate_type_expression(parameter.type, local, temporary);
        if (type.is_type() && !matches(bound, type.type()))
          throw SourceError(
              "epp(): parameter '" + parameter.name + "' " + describe_mismatch(type.type(), bound),
              where);
      }
      local.set(parameter.name, std::move(bound));
    }
  } else {
    for (const auto& [key, value] : given) local.set(to_string(key), value);
  }
  std::string out;
  std::string* outer = epp_output_;
  bool outer_sensitive = epp_rendered_sensitive_;
  epp_output_ = &out;
  epp_rendered_sensitive_ = false;
  try {
    evaluate_block(root.body, local);
  } catch (...) {
    epp_output_ = outer;
    epp_rendered_sensitive_ = outer_sensitive;
    throw;
  }
  bool sensitive = epp_rendered_sensitive_;
  epp_output_ = outer;
  epp_rendered_sensitive_ = outer_sensitive;
  return sensitive ? make_sensitive(Value(std::move(out))) : Value(std::move(out));
}

std::optional<Value> Evaluator::call_function_by_name(const std::string& name,
                                                     std::vector<Value> arguments, Scope& scope,
                                                     const lang::SourceLocation& where,
                                                     const ast::Lambda* lambda) {
  if (Function function = find_function(name);
      function && !stdlib::removed_from_stdlib(environment_, name)) {
    CallContext context{*this, scope, name, arguments, lambda, where};
    return function(context);
  }
  if (const ast::FunctionDefinition* written = environment_.find_function(lowercase(name)))
    return call_function(*written, std::move(arguments), where);
  if (ruby_functions().has(name))
    return ruby_functions().call(name, std::move(arguments), lambda, where, *this, scope);
  return std::nullopt;
}

Value Evaluator::call_function(const ast::FunctionDefinition& function,
                               std::vector<Value> arguments, const lang::SourceLocation& where) {
  Scope local(top_, "", top_->resource());
  local.mark_ephemeral();
  std::size_t required = 0;
  for (const ast::Parameter& p : function.parameters)
    if (!p.default_value && !p.captures_rest) ++required;
  bool rest = !function.parameters.empty() && function.parameters.back().captures_rest;
  if (arguments.size() < required || (!rest && arguments.size() > function.parameters.size())) {
    std::string expected = required == function.parameters.size()
                               ? std::to_string(required)
                               : "between " + std::to_string(required) + " and " +
                                     std::to_string(function.parameters.size());
    throw SourceError("'" + function.name + "' expects " + expected + " arguments, got " +
                          std::to_string(arguments.size()),
                      where);
  }
  for (std::size_t i = 0; i < function.parameters.size(); ++i) {
    const ast::Parameter& parameter = function.parameters[i];
    Value value;
    if (parameter.captures_rest)
      value = Array(arguments.begin() + static_cast<std::ptrdiff_t>(std::min(i, arguments.size())),
                    arguments.end());
    else if (i < arguments.size())
      value = arguments[i];
    else
      value = evaluate(parameter.default_value, local);
    if (parameter.type) {
      Value temporary;
      const Value& type = evaluate_type_expression(parameter.type, local, temporary);
      // A repeated parameter's type is each argument's, not the list's.
      const std::size_t count = parameter.captures_rest ? value.array().size() : 1;
      for (std::size_t k = 0; k < count; ++k) {
        const Value& each = parameter.captures_rest ? value.array()[k] : value;
        if (type.is_type() && !matches(each, type.type()))
          throw SourceError("'" + function.name + "' parameter '" + parameter.name + "' " +
                                describe_mismatch(type.type(), each),
                            where);
      }
    }
    local.set(parameter.name, std::move(value));
  }
  Value result;
  try {
    result = evaluate_block(function.body, local);
  } catch (NextJump& jump) {
    result = std::move(jump.value);
  } catch (ReturnJump& jump) {
    result = std::move(jump.value);
  }
  if (function.return_type) {
    Value type = evaluate(function.return_type, local);
    if (type.is_type() && !matches(result, type.type()))
      throw SourceError(
          "'" + function.name + "' returned a value that " + describe_mismatch(type.type(), result),
          where);
  }
  return result;
}

Value Evaluator::resolve_alias(const ast::TypeAlias& alias, const lang::SourceLocation& where) {
  // The alias is a named type whose target is filled after its definition is evaluated, so that
  // a recursive alias (`type Tree = Array[Variant[Integer, Tree]]`) can refer to itself.
  std::string key = lowercase(alias.name);
  auto found = alias_targets_.find(key);
  if (found == alias_targets_.end()) {
    auto target = std::make_shared<TypeAliasTarget>();
    alias_targets_.emplace(key, target);
    ++aliases_being_resolved_;
    try {
      target->type = evaluate(alias.type, *top_);
    } catch (...) {
      --aliases_being_resolved_;
      alias_targets_.erase(key);
      throw;
    }
    --aliases_being_resolved_;
    if (!target->type.is_type())
      throw SourceError("The type alias '" + alias.name + "' does not name a type", alias.where);
    target->type = named_object_type(std::move(target->type), alias.name);
    found = alias_targets_.find(key);
  }
  TypeValue named{alias.name, {}};
  named.alias = found->second;
  // Checked where a reference outside every alias definition resolves it, as Puppet does.
  if (auto looping = aliases_being_resolved_ ? std::nullopt : self_inheriting_type(named))
    throw SourceError("The Object type '" + *looping + "' inherits from itself", where);
  return named;
}

}  // namespace marionette::compiler
