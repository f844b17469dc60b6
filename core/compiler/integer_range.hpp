#pragma once

#include <cstdint>
#include <string>

#include "lang/source_location.hpp"

namespace marionette::compiler {

/// Puppet's Integer is a signed 64-bit number. Ruby computes beyond that and Puppet then
/// refuses the result (its NUMERIC_OVERFLOW issue): these give the result when it fits and
/// otherwise throw lang::SourceError at `where` with Puppet's text, `what` naming the
/// expression ("A '+' expression"): "A '+' expression resulted in a value outside of Puppet
/// Integer max range, got '+0x8000000000000000'".
std::int64_t integer_in_range(__int128 value, const std::string& what,
                              const lang::SourceLocation& where);

/// `value << count` as Ruby shifts an Integer (a negative count shifts right; right shifts
/// floor), checked as integer_in_range.
std::int64_t shift_left(std::int64_t value, __int128 count, const std::string& what,
                        const lang::SourceLocation& where);

/// The negation of an integer (unary minus, abs()), checked as integer_in_range.
std::int64_t negated(std::int64_t value, const std::string& what,
                     const lang::SourceLocation& where);

/// A float truncated, floored or rounded to an Integer (Integer.new(1e300), floor(), round()),
/// checked as integer_in_range; NaN and the infinities fail with Ruby's FloatDomainError text
/// ("Infinity", "-Infinity", "NaN").
std::int64_t integer_from_float(double value, const std::string& what,
                                const lang::SourceLocation& where);

/// Ruby's `"%#+x" % value`: "+0x1f", "-0x8000000000000001".
std::string ruby_signed_hex(__int128 value);

}  // namespace marionette::compiler
