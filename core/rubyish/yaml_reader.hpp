#pragma once

// YAML read as Ruby's Psych reads it on libyaml (Puppet reads facts, Hiera data, concat's YAML
// fragments and stdlib's parseyaml with it): the first document of a text, plain scalars
// resolved as psych_scalar.hpp says, nesting and alias expansion bounded.

#include <cstddef>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace marionette::rubyish {

/// What becomes of the plain scalars Ruby's Psych makes Dates or Times of (`2024-01-31`).
enum class RubyDates {
  AsStrings,  ///< kept as the text
  Refused,    ///< an error, as Puppet's safe YAML loading of Hiera data and hiera.yaml gives
};

/// A text's first document: its root (nullopt when the text holds none) and where the root
/// starts (1-based), for the messages of readers that expect a shape.
struct YamlDocument {
  std::optional<nlohmann::ordered_json> root;
  std::size_t line = 0;
  std::size_t column = 0;
};

/// Reads the first document of `text`. Mapping keys must be scalars, unless
/// `skip_complex_keys` (then an entry under a sequence or mapping key is left out). Throws a
/// lang::SourceError placed at NAME:LINE:COLUMN in `text`, `name` standing for the text's file
/// (psych_error.hpp words it as Psych does).
YamlDocument read_yaml_document(const std::string& text, const std::filesystem::path& name,
                                RubyDates dates, bool skip_complex_keys = false);

/// The first document of a YAML text, of any shape (null when there is none), read as
/// facts::load_yaml_file reads (stdlib's parseyaml and loadyaml); errors name `name` as their file.
nlohmann::ordered_json parse_yaml_text(const std::string& text, const std::filesystem::path& name,
                                       RubyDates dates = RubyDates::AsStrings);

/// A lang::SourceError at LINE:COLUMN of `text`, the file `name` (in the file without a line when
/// line is 0), as the reader throws.
[[noreturn]] void throw_yaml_error(const std::filesystem::path& name, const std::string& text,
                                   std::size_t line, std::size_t column,
                                   const std::string& message);

}  // namespace marionette::rubyish
