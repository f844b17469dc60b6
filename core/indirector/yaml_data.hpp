#pragma once

#include <yaml-cpp/yaml.h>

#include "facts/facts.hpp"

namespace marionette::indirector {

/// A YAML node as plain data; plain scalars as Ruby's Psych resolves them for Puppet
/// (rubyish/psych_scalar.hpp: `yes` true, `0755` octal; a date is refused), quoted ones stay
/// strings.
facts::Facts data_of(const YAML::Node& node);

/// Writes plain data as YAML, strings quoted so that they read back as strings, floats with a
/// dot and a signed exponent so that they read back as floats.
void emit_data(YAML::Emitter& out, const facts::Facts& data);

}  // namespace marionette::indirector
