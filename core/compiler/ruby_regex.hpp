#pragma once

#include <regex>
#include <string>
#include <string_view>

namespace marionette::compiler {

/// A Puppet (Ruby/Onigmo) regex pattern rewritten for std::regex's ECMAScript grammar where the
/// two differ in ways real modules use: `\A` and `\z` (start and end of the string), `\Z` (end,
/// or before a final newline), `\h` / `\H` (hex digit or not), and named groups `(?<name>…)`,
/// which become plain groups (they are numbered the same). Everything else passes unchanged.
std::string ecmascript_pattern(std::string_view ruby_pattern);

/// std::regex of a Puppet pattern; throws std::regex_error like std::regex does.
std::regex compile_ruby_regex(std::string_view ruby_pattern,
                              std::regex::flag_type flags = std::regex::ECMAScript);

}  // namespace marionette::compiler
