#pragma once

#include <cstdint>

#include "lang/source_location.hpp"

namespace marionette::lang::ast {

/// Every kind of AST node. Each kind is its own small struct (see the headers beside this one);
/// code that walks the tree switches on `kind` and casts with `as<T>()`.
enum class NodeKind : std::uint8_t {
  // literals.hpp
  StringLiteral,
  IntegerLiteral,
  FloatLiteral,
  BooleanLiteral,
  UndefLiteral,
  DefaultLiteral,
  RegexLiteral,
  BareWord,
  TypeReference,
  InterpolatedString,
  ArrayLiteral,
  HashLiteral,
  // operators.hpp
  Variable,
  Unary,
  Binary,
  Relationship,
  Access,
  Assignment,
  // calls.hpp
  FunctionCall,
  MethodCall,
  Lambda,
  // control.hpp
  Block,
  If,
  Case,
  Selector,
  // resources.hpp
  Resource,
  ResourceDefaults,
  ResourceOverride,
  Collector,
  // definitions.hpp
  ClassDefinition,
  DefinedTypeDefinition,
  NodeDefinition,
  // Added after the walking skeleton; kept at the end so that earlier values do not move.
  FunctionDefinition,  ///< definitions.hpp
  TypeAlias,           ///< definitions.hpp
  EppTemplate,         ///< epp.hpp
  RenderString,        ///< epp.hpp
  RenderExpression,    ///< epp.hpp
};

/// The base of every node: its kind and where it is in the source.
struct Node {
  Node(NodeKind k, SourceLocation w) : kind(k), where(std::move(w)) {}
  virtual ~Node() = default;
  Node(const Node&) = delete;
  Node& operator=(const Node&) = delete;

  NodeKind kind;
  SourceLocation where;
};

/// Expressions and statements are the same thing in Puppet: every node is an expression.
using Expression = Node;

/// Base of a concrete node type, which knows its own kind.
template <NodeKind K>
struct NodeOf : Node {
  static constexpr NodeKind kKind = K;
  explicit NodeOf(SourceLocation w) : Node(K, std::move(w)) {}
};

/// The node as a T when it is one, else nullptr.
template <class T>
const T* as(const Node* node) {
  return node && node->kind == T::kKind ? static_cast<const T*>(node) : nullptr;
}
template <class T>
T* as(Node* node) {
  return node && node->kind == T::kKind ? static_cast<T*>(node) : nullptr;
}

}  // namespace marionette::lang::ast
