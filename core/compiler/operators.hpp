#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "compiler/strictness.hpp"
#include "compiler/value.hpp"
#include "lang/ast/operators.hpp"
#include "lang/source_location.hpp"

namespace marionette::compiler {

/// Arithmetic, shifts, comparison and `in` with Puppet's semantics (integer division and
/// modulo floor like Ruby; strings compare case-insensitively). `and`, `or` and the match
/// operators are evaluated by the evaluator. Throws lang::SourceError at `where`.
/// Where the operands are written, when known: an error about one of them points there.
struct Operands {
  const lang::SourceLocation* left = nullptr;
  const lang::SourceLocation* right = nullptr;
  /// What a string coerced to a number in arithmetic is (Puppet's NUMERIC_COERCION issue,
  /// governed by `strict`): nothing, a warning at the operand, or an error there.
  Strict coercion = Strict::Off;
};

Value apply_binary(lang::ast::BinaryOp op, const Value& left, const Value& right,
                   const lang::SourceLocation& where, const Operands& operands = {});

/// `left < right` and friends: -1, 0 or 1; throws when the values cannot be compared, with
/// Puppet's message naming the operator `op` that compared them.
int compare(const Value& left, const Value& right, const lang::SourceLocation& where,
            std::string_view op = "<");

/// A string that spells a number, as Puppet's Utils.to_n reads it: blanks around, a sign, then
/// hexadecimal `0x1F`, octal `010` (8), or decimal with an optional fraction and exponent
/// (`2.5`, `1e2`, not `.5`, `5.` or `1e+2`); nullopt for anything else.
std::optional<Value> spelled_number(std::string_view text);

/// A number, or a string that spells one (Puppet's coerce_numeric, the coercion reported as
/// `coercion` says); anything else fails at `where`: "The value 'a' cannot be converted to
/// Numeric."
Value coerce_numeric(const Value& value, const lang::SourceLocation& where, Strict coercion);

/// How Puppet's label provider names a value in messages: "Integer", "Regexp", "Undef Value",
/// "Array-Type" for a type, "File['tmp'] Resource-Reference" for a resource reference.
std::string value_label(const Value& value);

/// `needle in haystack`.
bool contains(const Value& haystack, const Value& needle);

/// `value =~ pattern` for a regex (or a string pattern): the captures when it matches, undef for
/// a group that took no part in the match (Ruby's nil).
std::optional<std::vector<Value>> regex_match(const std::string& value, const Regexp& regexp);

/// A regex value from its pattern.
Regexp make_regexp(const std::string& pattern, const lang::SourceLocation& where);

}  // namespace marionette::compiler
