#pragma once
// HOCON (the config format of Typesafe Config) as stdlib's parsehocon reads it through Ruby's
// hocon gem: Hocon::ConfigFactory.parse_string(text).resolve.root.unwrapped.
//
// What is read: objects with or without the root's braces, `:` / `=` / nothing before `{`,
// `+=` onto an array, arrays, keys quoted or not (dotted paths, blanks kept inside), strings
// quoted, triple-quoted or not, value concatenation, numbers (a whole number read as an Integer,
// as the gem unwraps 1.0 and 1e3), true/false/null, `#` and `//` comments, objects merged by
// repeated keys (the later object's keys first, as the gem orders them), substitutions
// `${a.b}` / `${?a.b}` against the document, then the environment's variables. Not read:
// `include` (ignored, as the gem does for a string parse without includer), substitutions that
// refer to the field they define (`a = ${a} x`): those fail as a cycle.

#include <stdexcept>
#include <string>
#include <string_view>

#include "compiler/value.hpp"

namespace marionette::compiler::hocon {

/// A document the gem would refuse: the message reads as its ConfigParseError's, "String: LINE:
/// what was expected".
struct ParseError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// A document whose root is not an object (a list): not a parse error, so no default replaces it.
struct WrongTypeError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// The document's root object as data. Nesting is bounded (kDeepest objects and arrays).
Value parse(std::string_view text);

constexpr std::size_t kDeepest = 500;

}  // namespace marionette::compiler::hocon
