#pragma once

#include <filesystem>
#include <optional>

#include "facts/facts.hpp"

namespace marionette::facts {

/// Reads a Hiera YAML data file as Puppet's Hiera does: plain scalars as load_yaml_file reads
/// them, dates refused, an empty file (or `false`) an empty hash. An entry whose key is a sequence
/// or a mapping (`? [a, b]`) is left out: Puppet keeps it, but no lookup key can name it. nullopt
/// when the top level is not a mapping (a string, a list): Puppet warns "file does not contain a
/// valid yaml hash" and looks further.
std::optional<Facts> load_yaml_data(const std::filesystem::path& path);

}  // namespace marionette::facts
