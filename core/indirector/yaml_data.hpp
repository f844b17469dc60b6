#pragma once

#include <yaml-cpp/yaml.h>

#include "facts/facts.hpp"

namespace marionette::indirector {

/// A YAML node as plain data; plain scalars by the YAML 1.2 core schema (null, booleans,
/// integers, floats), quoted ones stay strings.
facts::Facts data_of(const YAML::Node& node);

/// Writes plain data as YAML, strings quoted so that they read back as strings.
void emit_data(YAML::Emitter& out, const facts::Facts& data);

}  // namespace marionette::indirector
