#pragma once

#include <filesystem>

#include <nlohmann/json.hpp>

namespace marionette::facts {

/// A node's facts: a hash of fact names to values, in Facter 4's names and shapes.
using Facts = nlohmann::ordered_json;

/// Reads a plain YAML mapping of fact names to values (the shape of shared/facts/debian12.yaml).
/// Throws std::runtime_error naming the file (and line) when it cannot be read.
Facts load_yaml_file(const std::filesystem::path& path);

/// Gathers facts from this machine natively (no Facter): a first set of core facts.
Facts gather_native();

}  // namespace marionette::facts
