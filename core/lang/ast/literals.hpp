#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "lang/ast/node.hpp"

namespace marionette::lang::ast {

struct StringLiteral : NodeOf<NodeKind::StringLiteral> {
  StringLiteral(SourceLocation w, std::string v) : NodeOf(std::move(w)), value(std::move(v)) {}
  std::string value;
};

struct IntegerLiteral : NodeOf<NodeKind::IntegerLiteral> {
  IntegerLiteral(SourceLocation w, std::int64_t v) : NodeOf(std::move(w)), value(v) {}
  std::int64_t value;
};

struct FloatLiteral : NodeOf<NodeKind::FloatLiteral> {
  FloatLiteral(SourceLocation w, double v) : NodeOf(std::move(w)), value(v) {}
  double value;
};

struct BooleanLiteral : NodeOf<NodeKind::BooleanLiteral> {
  BooleanLiteral(SourceLocation w, bool v) : NodeOf(std::move(w)), value(v) {}
  bool value;
};

struct UndefLiteral : NodeOf<NodeKind::UndefLiteral> {
  using NodeOf::NodeOf;
};

struct DefaultLiteral : NodeOf<NodeKind::DefaultLiteral> {
  using NodeOf::NodeOf;
};

struct RegexLiteral : NodeOf<NodeKind::RegexLiteral> {
  RegexLiteral(SourceLocation w, std::string p) : NodeOf(std::move(w)), pattern(std::move(p)) {}
  std::string pattern;
};

/// A bare word such as `directory` or `app::web`: a string, or a name where one is expected.
struct BareWord : NodeOf<NodeKind::BareWord> {
  BareWord(SourceLocation w, std::string n) : NodeOf(std::move(w)), name(std::move(n)) {}
  std::string name;
};

/// A capitalised word such as `File`, `Integer` or `App::Web` (a type or resource type).
struct TypeReference : NodeOf<NodeKind::TypeReference> {
  TypeReference(SourceLocation w, std::string n) : NodeOf(std::move(w)), name(std::move(n)) {}
  std::string name;
};

/// A double-quoted string or heredoc with interpolation: its parts are concatenated.
struct InterpolatedString : NodeOf<NodeKind::InterpolatedString> {
  using NodeOf::NodeOf;
  std::vector<Expression*> parts;
};

struct ArrayLiteral : NodeOf<NodeKind::ArrayLiteral> {
  using NodeOf::NodeOf;
  std::vector<Expression*> elements;
};

struct HashLiteral : NodeOf<NodeKind::HashLiteral> {
  using NodeOf::NodeOf;
  std::vector<std::pair<Expression*, Expression*>> entries;
};

}  // namespace marionette::lang::ast
