#include "compiler/time_arithmetic.hpp"

#include <cctype>
#include <cmath>
#include <string>
#include <utility>

#include "compiler/integer_range.hpp"
#include "compiler/runtime_values.hpp"
#include "compiler/types.hpp"
#include "lang/diagnostic.hpp"

namespace marionette::compiler {

using lang::ast::BinaryOp;

namespace {
namespace time_detail {  // unique within the target's unity batches

[[noreturn]] void fail(const std::string& message, const lang::SourceLocation& where) {
  throw lang::SourceError(message, where);
}

std::string spelled(BinaryOp op) {
  return std::string(lang::ast::spelling(op));
}

/// "a Timestamp", "an Integer": the article and the value's class, as Puppet's labels say.
std::string a_an(const Value& value) {
  std::string name = type_name_of(value);
  bool vowel = std::string_view("AEIOU").find(name[0]) != std::string_view::npos;
  return (vowel ? "an " : "a ") + name;
}

std::string capitalized(std::string text) {
  text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
  return text;
}

__int128 floor_divide(__int128 a, __int128 b) {
  __int128 q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}

std::int64_t nanoseconds(const Value& time) {
  const TypeValue& fields = time.type();
  auto field = [&](std::size_t i) -> std::int64_t {
    return i < fields.parameters.size() && fields.parameters[i].is_integer()
               ? fields.parameters[i].integer()
               : 0;
  };
  if (is_runtime_value(time, "Timestamp")) return field(0) * kNanosPerSecond + field(1);
  return field(0);
}

/// A number of seconds in nanoseconds, as Ruby's `(o * NSECS_PER_SEC).to_i`.
__int128 seconds_in_nanoseconds(const Value& number, const lang::SourceLocation& where) {
  if (number.is_integer()) return static_cast<__int128>(number.integer()) * kNanosPerSecond;
  return integer_from_float(number.number() * static_cast<double>(kNanosPerSecond),
                            "A time expression", where);
}

Value timestamp(__int128 nanos, BinaryOp op, const lang::SourceLocation& where) {
  std::int64_t total = integer_in_range(nanos, "A '" + spelled(op) + "' expression", where);
  std::int64_t seconds = total / kNanosPerSecond, rest = total % kNanosPerSecond;
  if (rest < 0) rest += kNanosPerSecond, seconds -= 1;
  return make_runtime_value("Timestamp", {Value(seconds), Value(rest)});
}

Value timespan(__int128 nanos, BinaryOp op, const lang::SourceLocation& where) {
  return make_runtime_value(
      "Timespan", {Value(integer_in_range(nanos, "A '" + spelled(op) + "' expression", where))});
}

/// The Time class's own ArgumentError, which Puppet reports as a RUNTIME_ERROR framed by
/// "Error while evaluating a '*' expression, " (the caret shows the expression here).
[[noreturn]] void refused(BinaryOp /*op*/, const std::string& detail,
                          const lang::SourceLocation& where) {
  fail(detail, where);
}

[[noreturn]] void not_applicable(BinaryOp op, const Value& left,
                                 const lang::SourceLocation& where) {
  fail("Operator '" + spelled(op) + "' is not applicable to " + a_an(left) + ".", where);
}

Value on_timestamp(BinaryOp op, const Value& left, const Value& right, const TimeOperands& at) {
  __int128 x = nanoseconds(left);
  bool stamp = is_runtime_value(right, "Timestamp");
  __int128 y = is_time(right) ? nanoseconds(right) : seconds_in_nanoseconds(right, at.expression);
  switch (op) {
    case BinaryOp::Plus:
      if (stamp)
        refused(op, capitalized(a_an(right)) + " cannot be added to a Timestamp", at.expression);
      return timestamp(x + y, op, at.expression);
    case BinaryOp::Minus:
      if (stamp) return timespan(x - y, op, at.expression);
      return timestamp(x - y, op, at.expression);
    default:
      not_applicable(op, left, at.left);
  }
}

Value on_timespan(BinaryOp op, const Value& left, const Value& right, const TimeOperands& at) {
  __int128 x = nanoseconds(left);
  switch (op) {
    case BinaryOp::Plus:
      if (is_runtime_value(right, "Timestamp"))
        return timestamp(x + nanoseconds(right), op, at.expression);
      return timespan(
          x + (is_time(right) ? nanoseconds(right) : seconds_in_nanoseconds(right, at.expression)),
          op, at.expression);
    case BinaryOp::Minus:
      if (is_runtime_value(right, "Timestamp"))
        refused(op, capitalized(a_an(right)) + " cannot be subtracted from a Timespan",
                at.expression);
      return timespan(
          x - (is_time(right) ? nanoseconds(right) : seconds_in_nanoseconds(right, at.expression)),
          op, at.expression);
    case BinaryOp::Multiply:
      if (is_time(right))
        refused(op, "A Timestamp cannot be multiplied by " + a_an(right), at.expression);
      if (right.is_integer()) return timespan(x * right.integer(), op, at.expression);
      return timespan(integer_from_float(static_cast<double>(x) * right.number(),
                                         "A '*' expression", at.expression),
                      op, at.expression);
    case BinaryOp::Divide:
      if (is_runtime_value(right, "Timespan")) {
        double quotient = static_cast<double>(x) / static_cast<double>(nanoseconds(right));
        if (std::isinf(quotient)) fail("The result of the / expression is Infinity", at.left);
        return quotient;
      }
      if (is_time(right))
        refused(op, "A Timespan cannot be divided by " + a_an(right), at.expression);
      if (right.is_integer()) {
        if (right.integer() == 0) fail("Division by 0", at.right);
        return timespan(floor_divide(x, right.integer()), op, at.expression);
      }
      if (right.number() == 0) fail("Division by 0", at.right);
      return timespan(integer_from_float(std::floor(static_cast<double>(x) / right.number()),
                                         "A '/' expression", at.expression),
                      op, at.expression);
    case BinaryOp::Modulo: {
      if (is_time(right))
        refused(op, "Can not do modulus on a Timespan using a " + a_an(right), at.expression);
      // Ruby's Integer#divmod on the whole seconds: an Integer, not a Timespan.
      if (right.integer() == 0) fail("Division by 0", at.right);
      __int128 seconds = floor_divide(x, kNanosPerSecond), by = right.integer();
      __int128 rest = seconds % by;
      if (rest != 0 && ((rest < 0) != (by < 0))) rest += by;
      return static_cast<std::int64_t>(rest);
    }
    default:
      not_applicable(op, left, at.left);
  }
}

}  // namespace time_detail
}  // namespace

bool is_time(const Value& value) {
  return is_runtime_value(value, "Timestamp") || is_runtime_value(value, "Timespan");
}

std::optional<Value> time_arithmetic(BinaryOp op, Value left, Value right, const TimeOperands& at) {
  if (!is_time(left) && !is_time(right)) return std::nullopt;
  if (op == BinaryOp::Modulo && (left.is_float() || right.is_float())) {
    if (left.is_float()) time_detail::not_applicable(op, left, at.left);
    time_detail::fail("Operator '%' is not applicable to " + time_detail::a_an(left) +
                          " when right side is " + time_detail::a_an(right) + ".",
                      at.left);
  }
  if (is_time(right) && !is_time(left)) {
    if (op == BinaryOp::Plus || (op == BinaryOp::Multiply && is_runtime_value(right, "Timespan"))) {
      std::swap(left, right);  // the time does the arithmetic
    } else if (op == BinaryOp::Minus && is_runtime_value(right, "Timespan")) {
      left = make_runtime_value(
          "Timespan", {Value(integer_in_range(time_detail::seconds_in_nanoseconds(left, at.left),
                                              "A '-' expression", at.expression))});
    } else {
      time_detail::fail("Operator '" + time_detail::spelled(op) + "' is not applicable to " +
                            time_detail::a_an(left) + " when right side is " +
                            time_detail::a_an(right) + ".",
                        at.left);
    }
  }
  if (is_runtime_value(left, "Timestamp")) return time_detail::on_timestamp(op, left, right, at);
  return time_detail::on_timespan(op, left, right, at);
}

std::optional<int> compare_time_with_number(const Value& left, const Value& right) {
  auto order = [](const Value& time, const Value& number) {
    std::int64_t nanos = time_detail::nanoseconds(time);
    if (number.is_integer()) {
      __int128 seconds = time_detail::floor_divide(nanos, kNanosPerSecond);
      return seconds < number.integer() ? -1 : seconds > number.integer() ? 1 : 0;
    }
    double seconds = static_cast<double>(nanos) / static_cast<double>(kNanosPerSecond);
    return seconds < number.number() ? -1 : seconds > number.number() ? 1 : 0;
  };
  if (is_time(left) && right.is_number()) return order(left, right);
  if (left.is_number() && is_time(right)) return -order(right, left);
  return std::nullopt;
}

}  // namespace marionette::compiler
