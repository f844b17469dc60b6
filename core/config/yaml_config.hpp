#pragma once

#include <filesystem>

#include "config/setting_values.hpp"

namespace marionette::config {

/// Writes the settings of marionette.yaml (a mapping of setting names, either spelling, to
/// single values) into `values`. ConfigError, rendered at the place: a file that cannot be read,
/// YAML that does not parse, no mapping, an unknown setting, a value that is no scalar.
void write_marionette_yaml(const std::filesystem::path& path, SettingValues& values);

}  // namespace marionette::config
