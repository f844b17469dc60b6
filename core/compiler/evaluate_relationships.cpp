#include <algorithm>

#include "compiler/evaluator.hpp"
#include "lang/diagnostic.hpp"

namespace marionette::compiler {

namespace ast = lang::ast;
using lang::SourceError;

void Evaluator::endpoints_of(const ast::Node* operand, const Value& value, Scope& scope,
                             std::vector<Endpoint>& out) {
  if (auto* collector = ast::as<ast::Collector>(operand)) {
    out.push_back({{}, {}, collector, &scope});
    return;
  }
  if (auto* chain = ast::as<ast::Relationship>(operand))
    return endpoints_of(chain->right, value, scope, out);
  if (value.is_array()) {
    for (const Value& item : value.array()) endpoints_of(nullptr, item, scope, out);
    return;
  }
  if (is_resource_reference(value)) {
    out.push_back({value.type().name, value.type().parameters[0].string(), nullptr, &scope});
    return;
  }
  if (value.is_undef()) return;
  throw SourceError(
      "Illegal relationship operand, can not form a relationship with a value of type " +
          to_string(value),
      operand ? operand->where : lang::SourceLocation{});
}

Value Evaluator::evaluate_relationship(const ast::Relationship& node, Scope& scope) {
  Value left = evaluate(node.left, scope);
  Value right = evaluate(node.right, scope);
  PendingRelationship pending;
  pending.where = node.where;
  bool reversed =
      node.op == ast::RelationshipOp::Require || node.op == ast::RelationshipOp::Subscribe;
  endpoints_of(node.left, left, scope, reversed ? pending.targets : pending.sources);
  endpoints_of(node.right, right, scope, reversed ? pending.sources : pending.targets);
  pending.parameter =
      node.op == ast::RelationshipOp::Before || node.op == ast::RelationshipOp::Require ? "before"
                                                                                        : "notify";
  relationships_.push_back(std::move(pending));
  return right;
}

Value Evaluator::evaluate_collector(const ast::Collector& node, Scope& scope) {
  PendingCollector pending{&node, &scope, {}};
  for (const ast::AttributeOperation& operation : node.overrides)
    pending.overrides.emplace_back(operation.name, evaluate(operation.value, scope));
  collectors_.push_back(std::move(pending));
  return Value();
}

bool Evaluator::collector_matches(const ast::Expression* query, const CompiledResource& resource,
                                  Scope& scope) {
  if (!query) return true;
  auto* binary = ast::as<ast::Binary>(query);
  if (!binary) throw SourceError("Unsupported collector query", query->where);
  switch (binary->op) {
    case ast::BinaryOp::And:
      return collector_matches(binary->left, resource, scope) &&
             collector_matches(binary->right, resource, scope);
    case ast::BinaryOp::Or:
      return collector_matches(binary->left, resource, scope) ||
             collector_matches(binary->right, resource, scope);
    case ast::BinaryOp::Equal:
    case ast::BinaryOp::NotEqual: {
      auto* attribute = ast::as<ast::BareWord>(binary->left);
      if (!attribute)
        throw SourceError("A collector query compares an attribute name", binary->left->where);
      Value wanted = evaluate(binary->right, scope);
      bool found = false;
      if (attribute->name == "title") {
        found = equals(Value(resource.title), wanted);
      } else if (attribute->name == "tag") {
        found = resources_.has_tag(*resources_.find(resource.type, resource.title),
                                   lowercase(to_string(wanted)));
      } else if (const Value* value = resource.parameter(attribute->name)) {
        found =
            equals(*value, wanted) ||
            (value->is_array() && std::any_of(value->array().begin(), value->array().end(),
                                              [&](const Value& v) { return equals(v, wanted); }));
      }
      return binary->op == ast::BinaryOp::Equal ? found : !found;
    }
    default:
      throw SourceError("Unsupported operator in a collector query", binary->where);
  }
}

void Evaluator::evaluate_generators() {
  std::vector<std::vector<bool>> overridden(collectors_.size());
  bool progress = true;
  while (progress) {
    progress = false;
    for (std::size_t i = 0; i < resources_.size(); ++i) {
      CompiledResource& resource = resources_[i];
      if (resource.definition && !resource.evaluated && !resource.is_virtual &&
          !resource.exported) {
        evaluate_defined_type(i);
        progress = true;
      }
    }
    overridden.resize(collectors_.size());
    for (std::size_t c = 0; c < collectors_.size(); ++c) {
      PendingCollector& collector = collectors_[c];
      std::string type = capitalize_segments(collector.node->type_name);
      for (std::size_t i = 0; i < resources_.size(); ++i) {
        CompiledResource& resource = resources_[i];
        if (resource.type != type || resource.exported) continue;
        if (overridden[c].size() > i && overridden[c][i]) continue;
        if (!collector_matches(collector.node->query, resource, *collector.scope)) continue;
        if (resource.is_virtual) {
          resource.is_virtual = false;
          progress = true;
        }
        if (overridden[c].size() <= i) overridden[c].resize(resources_.size(), false);
        overridden[c][i] = true;
        for (const auto& [name, value] : collector.overrides) {
          bool append = false;
          for (const auto& op : collector.node->overrides)
            append = append || (op.name == name && op.append);
          apply_override(resource, name, value, append, nullptr, collector.node->where);
        }
      }
    }
  }
}

void Evaluator::finish_relationships() {
  auto resolve = [&](const Endpoint& endpoint, const PendingRelationship& pending,
                     const std::vector<Endpoint>& others, std::vector<std::size_t>& out) {
    if (endpoint.collector) {
      std::string type = capitalize_segments(endpoint.collector->type_name);
      for (std::size_t i = 0; i < resources_.size(); ++i) {
        const CompiledResource& r = resources_[i];
        if (r.type == type && !r.is_virtual && !r.exported &&
            collector_matches(endpoint.collector->query, r, *endpoint.scope))
          out.push_back(i);
      }
      return;
    }
    auto index = resources_.find(endpoint.type, endpoint.title);
    if (!index || resources_[*index].is_virtual) {
      std::string from = others.empty() || others[0].collector
                             ? std::string("a collector")
                             : others[0].type + "[" + others[0].title + "]";
      throw SourceError("Could not find resource '" + endpoint.type + "[" + endpoint.title +
                            "]' for relationship from '" + from + "'",
                        pending.where);
    }
    out.push_back(*index);
  };
  for (const PendingRelationship& pending : relationships_) {
    std::vector<std::size_t> sources, targets;
    for (const Endpoint& e : pending.sources) resolve(e, pending, pending.targets, sources);
    for (const Endpoint& e : pending.targets) resolve(e, pending, pending.sources, targets);
    for (std::size_t s : sources) {
      for (std::size_t t : targets) {
        CompiledResource& source = resources_[s];
        Value reference = TypeValue{resources_[t].type, {Value(resources_[t].title)}};
        const Value* existing = source.parameter(pending.parameter);
        Array list;
        if (existing && existing->is_array())
          list = existing->array();
        else if (existing && !existing->is_undef())
          list.push_back(*existing);
        list.push_back(std::move(reference));  // Puppet keeps repeats: [Notify[y], Notify[y]]
        source.set_parameter(pending.parameter, std::move(list));
      }
    }
  }
}

}  // namespace marionette::compiler
