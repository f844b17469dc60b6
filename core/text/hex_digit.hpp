#pragma once

namespace marionette::text {

/// The value of a digit in any base up to 36: 0-9, then a-z (either case) for 10 to 35; -1 for
/// any other character. For Ruby's Integer() and String#to_i, scanf's %i and %x, and the
/// lexer's numbers.
constexpr int digit_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'z') return c - 'a' + 10;
  if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
  return -1;
}

/// The value of a hexadecimal digit (either case), or -1: for %XX escapes, HTTP chunk sizes and
/// the \\u escapes of Puppet strings.
constexpr int hex_digit_value(char c) {
  int value = digit_value(c);
  return value < 16 ? value : -1;
}

}  // namespace marionette::text
