// Exported resources with storeconfigs: what an exported collector finds in the store, and what
// the node's compile leaves there.
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "compiler/evaluator.hpp"
#include "compiler/value_data.hpp"
#include "lang/diagnostic.hpp"

namespace marionette::compiler {

namespace ast = lang::ast;
using lang::SourceError;

std::unique_ptr<ExportQuery> Evaluator::export_query(const ast::Expression* query, Scope& scope) {
  if (!query) return nullptr;
  auto* binary = ast::as<ast::Binary>(query);
  if (!binary) throw SourceError("Unsupported collector query", query->where);
  auto out = std::make_unique<ExportQuery>();
  switch (binary->op) {
    case ast::BinaryOp::And:
    case ast::BinaryOp::Or:
      out->op = binary->op == ast::BinaryOp::And ? ExportQuery::Op::And : ExportQuery::Op::Or;
      out->left = export_query(binary->left, scope);
      out->right = export_query(binary->right, scope);
      return out;
    case ast::BinaryOp::Equal:
    case ast::BinaryOp::NotEqual: {
      auto* attribute = ast::as<ast::BareWord>(binary->left);
      if (!attribute)
        throw SourceError("A collector query compares an attribute name", binary->left->where);
      out->op =
          binary->op == ast::BinaryOp::Equal ? ExportQuery::Op::Equal : ExportQuery::Op::NotEqual;
      out->field = attribute->name;
      out->value = to_data(evaluate(binary->right, scope));
      return out;
    }
    default:
      throw SourceError("Unsupported operator in a collector query", binary->where);
  }
}

bool Evaluator::collect_from_store(std::size_t c, std::vector<bool>& overridden) {
  if (collectors_[c].searched) return false;
  collectors_[c].searched = true;
  const ast::Collector& node = *collectors_[c].node;
  Scope& scope = *collectors_[c].scope;
  const std::string type = capitalize_segments(node.type_name);
  std::unique_ptr<ExportQuery> query = export_query(node.query, scope);
  std::vector<ExportedResource> found;
  try {
    found =
        request_.storeconfigs->search(request_.environment, request_.node_name, type, query.get());
  } catch (const std::exception& e) {
    throw SourceError(std::string("Could not retrieve exported resources: ") + e.what(),
                      node.where);
  }
  bool added = false;
  for (const ExportedResource& item : found) {
    const catalog::Resource& stored = item.resource;
    std::string id = item.certname + "|" + stored.type + "|" + stored.title;
    if (auto existing = resources_.find(stored.type, stored.title)) {
      if (resources_[*existing].collector_id == id) continue;
      throw SourceError(
          "A duplicate resource was found while collecting exported resources, with the type "
          "and title " +
              reference_key(stored.type, stored.title),
          node.where);
    }
    // As PuppetDB's terminus hands it to the compiler: type, title and parameters only (no
    // file, line or tags of the exporting node); it takes its container's tags.
    CompiledResource resource;
    resource.type = stored.type;
    resource.title = stored.title;
    resource.collector_id = std::move(id);
    for (const auto& [name, value] : stored.parameters.items())
      resource.parameters.emplace_back(name, from_data(value));
    // Puppet tags it from its `tag` parameter first, then with its type and title.
    if (auto tags = stored.parameters.find("tag"); tags != stored.parameters.end()) {
      for (const catalog::Data& tag : tags->is_array() ? *tags : catalog::Data::array({*tags}))
        if (tag.is_string() && is_valid_tag(tag.get<std::string>()))
          resource.tag(tag.get<std::string>());
    }
    resource.tag(stored.type);
    if (is_valid_tag(stored.title)) resource.tag(stored.title);
    resource.tag_source = scope.resource();
    resource.declared_in = &scope;
    resource.enclosing_scope = &enclosing_scope(scope);
    const ast::DefinedTypeDefinition* definition = nullptr;
    resolve_type(lowercase(stored.type), node.where, &definition);
    std::size_t index = resources_.add(std::move(resource));
    if (definition) {
      resources_[index].definition = definition;
      resources_[index].kind = "defined_type";
      resources_[index].defaults_scope = defaults_snapshot(scope);
    }
    resources_.add_edge(scope.resource(), index);
    collectors_[c].collected.push_back(index);
    apply_collector_overrides(c, index, overridden);
    added = true;
  }
  return added;
}

std::vector<catalog::Resource> Evaluator::exported_resources() const {
  std::vector<catalog::Resource> out;
  for (std::size_t i = 0; i < resources_.size(); ++i) {
    const CompiledResource& r = resources_[i];
    if (!r.exported) continue;
    catalog::Resource resource;
    resource.type = r.type;
    resource.title = r.title;
    resources_.for_each_finished_tag(i,
                                     [&](const std::string& tag) { resource.tags.push_back(tag); });
    if (r.where.known()) {
      resource.file = r.where.path();
      resource.line = static_cast<int>(r.where.line);
    }
    resource.exported = true;
    resource.kind = r.kind;
    for (const auto& [name, value] : r.parameters)
      if (!value.is_undef()) resource.parameters[name] = to_data(value);
    out.push_back(std::move(resource));
  }
  return out;
}

}  // namespace marionette::compiler
