#pragma once

#include <string>

#include "lang/diagnostic.hpp"

namespace marionette::rubyish {

/// A YAML error of load_yaml_file, load_yaml_data or parse_yaml_text in the words Ruby's Psych
/// gives it under Puppet: `(LABEL): PROBLEM at line L column C`, or `(LABEL): Tried to load
/// unspecified class: Date` for a refused class (which Psych places nowhere). LABEL is the file
/// Psych was given, `<unknown>` for a string.
std::string psych_message(const lang::SourceError& error, const std::string& label);

}  // namespace marionette::rubyish
