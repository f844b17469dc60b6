#pragma once

#include <stdexcept>
#include <string>
#include <vector>

/// The command language of Puppet's augeas type (`changes` and `onlyif`), read as the
/// augeas_core provider's parse_commands reads it.
namespace marionette::ral::augeas {

/// A failure, in the provider's words ("Unknown command frobnicate").
struct CommandError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// One command: its name then its arguments, relative paths already prefixed with the context.
/// An `int` argument (match's `size N`) is its decimal text.
using Command = std::vector<std::string>;

/// The commands of the given lines (a string parameter is split at newlines first), blank lines
/// skipped. `context` is the resource's context ("" for none); a "/" is added when missing.
/// Throws CommandError.
std::vector<Command> parse_commands(const std::vector<std::string>& lines,
                                    const std::string& context);

/// The provider's parse_to_array: `['a', "b\n"]` as its strings. Throws CommandError
/// ("Unexpected character in array at: …").
std::vector<std::string> parse_string_array(const std::string& text);

/// Ruby's inspect of an array of strings: `["a", "b"]`.
std::string inspect(const std::vector<std::string>& strings);

}  // namespace marionette::ral::augeas
