#pragma once

#include <string>
#include <vector>

#include "lang/ast/node.hpp"

namespace marionette::lang::ast {

/// `name => value`, `name +> value`, or the splat `* => hash`.
struct AttributeOperation {
  SourceLocation where;
  std::string name;  ///< "*" for the splat
  bool append = false;
  Expression* value = nullptr;
};

struct ResourceBody {
  SourceLocation where;
  Expression* title = nullptr;
  std::vector<AttributeOperation> attributes;
};

enum class ResourceForm { Regular, Virtual, Exported };

/// `type { title: attr => value; title2: ... }` (also `class { 'name': }`).
struct Resource : NodeOf<NodeKind::Resource> {
  using NodeOf::NodeOf;
  ResourceForm form = ResourceForm::Regular;
  /// The `@` or `@@` of a virtual or exported resource: where Puppet places the expression's
  /// issues (the node's own place is its type's, which may be further on).
  SourceLocation form_where;
  std::string type_name;  ///< as written: "file", "class", "apache::vhost"
  /// `Resource[$type] { 'x': }`, `File { 'x': }`: the type as an expression (type_name empty).
  Expression* type_expression = nullptr;
  std::vector<ResourceBody> bodies;
};

/// `File { mode => '0644' }`: defaults for resources of a type in this scope.
struct ResourceDefaults : NodeOf<NodeKind::ResourceDefaults> {
  using NodeOf::NodeOf;
  std::string type_name;  ///< capitalised, as written
  std::vector<AttributeOperation> attributes;
};

/// `File['/etc/x'] { mode => '0600' }`: changes attributes of resources already declared.
struct ResourceOverride : NodeOf<NodeKind::ResourceOverride> {
  using NodeOf::NodeOf;
  Expression* reference = nullptr;
  std::vector<AttributeOperation> attributes;
};

/// `Type <| query |>` or `Type <<| query |>>`. The query is an expression over attribute names
/// (BareWord on the left of == and !=, joined with and/or); nullptr matches everything.
struct Collector : NodeOf<NodeKind::Collector> {
  using NodeOf::NodeOf;
  std::string type_name;
  bool exported = false;
  Expression* query = nullptr;
  std::vector<AttributeOperation> overrides;  ///< `Type <| |> { attr => value }`
};

}  // namespace marionette::lang::ast
