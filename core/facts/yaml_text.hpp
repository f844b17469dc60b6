#pragma once

#include <filesystem>
#include <string>

#include "facts/facts.hpp"

namespace marionette::facts {

/// The first document of a YAML text, of any shape (null when there is none), read as
/// load_yaml_file reads (stdlib's parseyaml and loadyaml); errors name `name` as their file.
Facts parse_yaml_text(const std::string& text, const std::filesystem::path& name,
                      RubyDates dates = RubyDates::AsStrings);

}  // namespace marionette::facts
