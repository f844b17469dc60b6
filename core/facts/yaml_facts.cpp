// Fact files and Hiera data files: read from disk, parsed by rubyish's YAML reader (Psych's).
#include <optional>
#include <string>

#include "facts/facts.hpp"
#include "facts/native_parts.hpp"
#include "facts/yaml_data.hpp"
#include "rubyish/yaml_reader.hpp"

namespace marionette::facts {
namespace {

/// The file's first document, read as `dates` says.
rubyish::YamlDocument read_document(const std::filesystem::path& path, RubyDates dates,
                                    bool skip_complex_keys) {
  std::optional<std::string> text = native::read_file(path.c_str());
  if (!text) rubyish::throw_yaml_error(path, 0, 0, "cannot read the file");
  return rubyish::read_yaml_document(*text, path, dates, skip_complex_keys);
}

}  // namespace

Facts load_yaml_file(const std::filesystem::path& path, RubyDates dates) {
  rubyish::YamlDocument document = read_document(path, dates, false);
  if (!document.root || document.root->is_null())
    return Facts::object();  // an empty file: no facts
  if (!document.root->is_object())
    rubyish::throw_yaml_error(path, document.line, document.column,
                              "expected a mapping of fact names to values");
  return std::move(*document.root);
}

std::optional<Facts> load_yaml_data(const std::filesystem::path& path) {
  rubyish::YamlDocument document = read_document(path, RubyDates::Refused, true);
  if (!document.root || document.root->is_null()) return Facts::object();
  if (!document.root->is_object()) return std::nullopt;
  return std::move(*document.root);
}

}  // namespace marionette::facts
