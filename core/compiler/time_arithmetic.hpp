#pragma once

#include <optional>

#include "compiler/value.hpp"
#include "lang/ast/operators.hpp"
#include "lang/source_location.hpp"

namespace marionette::compiler {

/// Arithmetic where an operand is a Timestamp or a Timespan, as Puppet's calculate and its
/// Time classes do it: `left` and `right` are numbers (strings already coerced) or times.
/// Timestamp ± Timespan or seconds, Timestamp - Timestamp, Timespan + - * / % a number,
/// Timespan / Timespan (a Float); a number on the left changes places for + and * and
/// becomes a Timespan for -. Anything else fails with Puppet's message: "Operator '/' is not
/// applicable to a Timestamp." at the left operand, "… to an Integer when right side is a
/// Timespan.", or the Time class's own refusal ("Error while evaluating a '+' expression, A
/// Timestamp cannot be added to a Timestamp") at the expression. nullopt when neither operand
/// is a time.
struct TimeOperands {
  const lang::SourceLocation& expression;
  const lang::SourceLocation& left;
  const lang::SourceLocation& right;
};
std::optional<Value> time_arithmetic(lang::ast::BinaryOp op, Value left, Value right,
                                     const TimeOperands& where);

/// Is the value a Timestamp or a Timespan?
bool is_time(const Value& value);

/// A time ordered against a number, as Puppet's TimeData#<=> does (the time's whole seconds
/// against an Integer, its seconds as a Float against a Float); nullopt for other operands.
std::optional<int> compare_time_with_number(const Value& left, const Value& right);

}  // namespace marionette::compiler
