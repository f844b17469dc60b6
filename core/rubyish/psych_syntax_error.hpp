#pragma once

#include <optional>
#include <string>

namespace marionette::rubyish {

/// Ruby Psych's Psych::SyntaxError message for a YAML text libyaml cannot parse:
/// "(<unknown>): PROBLEM CONTEXT at line L column C", the position being where the construct
/// being read began (libyaml's context mark), as Psych reports it. nullopt when the text parses.
std::optional<std::string> psych_syntax_error(const std::string& text,
                                              const std::string& file = "<unknown>");

}  // namespace marionette::rubyish
