#pragma once

// Puppet values written as Ruby's libraries write what Puppet hands them (ruby_format.hpp's
// ruby_view): JSON.generate, JSON.pretty_generate and Psych's to_yaml, through
// rubyish/serialization.hpp. stdlib's to_json, to_json_pretty and to_yaml print with these.

#include <string>

#include "compiler/value.hpp"
#include "rubyish/serialization.hpp"

namespace marionette::compiler {

using rubyish::kMaxSerializedDepth;
using rubyish::PsychYamlStyle;
using rubyish::RubyJsonStyle;
using rubyish::SerializationError;

std::string ruby_json(const Value& value, const RubyJsonStyle& style);

/// value.to_yaml: "---\n" and the document, as Psych 4 on libyaml writes it.
std::string psych_yaml(const Value& value, const PsychYamlStyle& style = {});

}  // namespace marionette::compiler
