#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>

namespace marionette::facts {

/// A node's facts: a hash of fact names to values, in Facter 4's names and shapes.
using Facts = nlohmann::ordered_json;

/// Reads a plain YAML mapping of fact names to values (the shape of shared/facts/debian12.yaml),
/// keeping key order. Plain scalars resolve by the YAML 1.2 core schema (integers, floats,
/// true/false, null; `yes` stays a string); quoted or !!str scalars stay strings.
/// Throws std::runtime_error "FILE:LINE:COLUMN: error: MESSAGE" when it cannot be read.
Facts load_yaml_file(const std::filesystem::path& path);

/// Gathers facts from this machine natively (no Facter), in milliseconds: kernel, os, networking,
/// memory, processors, identity, path, timezone, their legacy aliases, facterversion "4.3.0"
/// (Debian 12's Facter, whose shapes these are), puppetversion (kPuppetCompatVersion) and
/// marionetteversion. Keys are sorted at every level, as Facter prints them.
Facts gather_native();

}  // namespace marionette::facts
