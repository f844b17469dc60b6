// Fact files and Hiera data files: read from disk, parsed by rubyish's YAML reader (Psych's).
#include <optional>
#include <string>

#include "facts/facts.hpp"
#include "facts/native_parts.hpp"
#include "facts/yaml_data.hpp"
#include "rubyish/yaml_reader.hpp"

namespace marionette::facts {
namespace {

/// The file's text and its first document, read as `dates` says.
struct ReadFile {
  std::string text;
  rubyish::YamlDocument document;
};

ReadFile read_document(const std::filesystem::path& path, RubyDates dates,
                       bool skip_complex_keys) {
  std::optional<std::string> text = native::read_file(path.c_str());
  if (!text) rubyish::throw_yaml_error(path, "", 0, 0, "cannot read the file");
  ReadFile read{std::move(*text), {}};
  read.document = rubyish::read_yaml_document(read.text, path, dates, skip_complex_keys);
  return read;
}

}  // namespace

Facts load_yaml_file(const std::filesystem::path& path, RubyDates dates) {
  ReadFile read = read_document(path, dates, false);
  rubyish::YamlDocument& document = read.document;
  if (!document.root || document.root->is_null())
    return Facts::object();  // an empty file: no facts
  if (!document.root->is_object())
    rubyish::throw_yaml_error(path, read.text, document.line, document.column,
                              "expected a mapping of fact names to values");
  return std::move(*document.root);
}

std::optional<Facts> load_yaml_data(const std::filesystem::path& path) {
  rubyish::YamlDocument document = read_document(path, RubyDates::Refused, true).document;
  // Puppet reads an empty document as `false`, and `false` as no data (a warning, never an
  // error).
  if (!document.root || document.root->is_null() ||
      (document.root->is_boolean() && !document.root->get<bool>()))
    return Facts::object();
  if (!document.root->is_object()) return std::nullopt;
  return std::move(*document.root);
}

}  // namespace marionette::facts
