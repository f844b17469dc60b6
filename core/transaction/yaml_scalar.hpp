#pragma once

#include <string>
#include <string_view>

namespace marionette::transaction {

/// `text` as one YAML scalar that yaml-cpp and Ruby's Psych both read back as that string:
/// plain when it is plainly a word-like string (letters first, then letters, digits, spaces and
/// a few safe punctuation marks; never a YAML 1.1 boolean or null), otherwise double-quoted
/// with escapes. In a flow sequence (`in_flow`) brackets force quoting too. Cheap enough for
/// reports of thousands of resources, which yaml-cpp's Emitter is not.
std::string yaml_scalar(std::string_view text, bool in_flow = false);

/// A double as yaml-cpp prints it with precision 9 (`%.9g`; .nan, .inf, -.inf).
std::string yaml_number(double value);

}  // namespace marionette::transaction
