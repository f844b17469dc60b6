#include "compiler/integer_range.hpp"

#include <cmath>
#include <limits>

#include "lang/diagnostic.hpp"

namespace marionette::compiler {

namespace {

constexpr __int128 kMax = std::numeric_limits<std::int64_t>::max();
constexpr __int128 kMin = std::numeric_limits<std::int64_t>::min();

/// A shifted value's hex beyond this many zero digits is not spelled out (Ruby would try to
/// build it, up to gigabytes); the message says how many bits the number has instead.
constexpr std::int64_t kMostHexZeros = 4096;

std::string hex_digits(unsigned __int128 magnitude) {
  std::string out;
  do {
    out.insert(out.begin(), "0123456789abcdef"[static_cast<unsigned>(magnitude & 15)]);
    magnitude >>= 4;
  } while (magnitude != 0);
  return out;
}

[[noreturn]] void overflow(bool negative, const std::string& got, const std::string& what,
                           const lang::SourceLocation& where) {
  throw lang::SourceError(what + " resulted in a value outside of Puppet Integer " +
                              (negative ? "min" : "max") + " range, got " + got,
                          where);
}

/// Fails for `magnitude * 2**shift` (with its sign), a number too big for 64 bits.
[[noreturn]] void shifted_overflow(bool negative, std::uint64_t magnitude, std::uint64_t shift,
                                   const std::string& what, const lang::SourceLocation& where) {
  std::string sign = negative ? "-" : "+";
  if (shift / 4 > kMostHexZeros) {
    std::uint64_t bits = static_cast<std::uint64_t>(64 - __builtin_clzll(magnitude)) + shift;
    overflow(negative, "an Integer of " + std::to_string(bits) + " bits", what, where);
  }
  std::string hex = hex_digits(static_cast<unsigned __int128>(magnitude) << (shift % 4));
  hex.append(static_cast<std::size_t>(shift / 4), '0');
  overflow(negative, "'" + sign + "0x" + hex + "'", what, where);
}

}  // namespace

std::string ruby_signed_hex(__int128 value) {
  unsigned __int128 magnitude =
      value < 0 ? -static_cast<unsigned __int128>(value) : static_cast<unsigned __int128>(value);
  return (value < 0 ? "-0x" : "+0x") + hex_digits(magnitude);
}

std::int64_t integer_in_range(__int128 value, const std::string& what,
                              const lang::SourceLocation& where) {
  if (value > kMax || value < kMin)
    overflow(value < 0, "'" + ruby_signed_hex(value) + "'", what, where);
  return static_cast<std::int64_t>(value);
}

std::int64_t shift_left(std::int64_t value, __int128 count, const std::string& what,
                        const lang::SourceLocation& where) {
  if (value == 0) return 0;
  if (count < 0) {
    // A right shift floors: by 64 bits or more only the sign is left.
    if (count <= -64) return value < 0 ? -1 : 0;
    return value >> static_cast<int>(-count);
  }
  if (count < 64)
    return integer_in_range(static_cast<__int128>(value) << static_cast<int>(count), what, where);
  std::uint64_t magnitude =
      value < 0 ? 0 - static_cast<std::uint64_t>(value) : static_cast<std::uint64_t>(value);
  shifted_overflow(value < 0, magnitude, static_cast<std::uint64_t>(count), what, where);
}

std::int64_t negated(std::int64_t value, const std::string& what,
                     const lang::SourceLocation& where) {
  return integer_in_range(-static_cast<__int128>(value), what, where);
}

std::int64_t integer_from_float(double value, const std::string& what,
                                const lang::SourceLocation& where) {
  if (std::isnan(value)) throw lang::SourceError("NaN", where);
  if (std::isinf(value)) throw lang::SourceError(value < 0 ? "-Infinity" : "Infinity", where);
  if (std::fabs(value) < 0x1p63) return static_cast<std::int64_t>(value);
  if (value == -0x1p63) return std::numeric_limits<std::int64_t>::min();
  // |value| >= 2**63 is a whole number: its 53-bit mantissa shifted left.
  int exponent = 0;
  double fraction = std::frexp(std::fabs(value), &exponent);  // value = fraction * 2**exponent
  auto mantissa = static_cast<std::uint64_t>(std::ldexp(fraction, 53));
  shifted_overflow(value < 0, mantissa, static_cast<std::uint64_t>(exponent - 53), what, where);
}

}  // namespace marionette::compiler
