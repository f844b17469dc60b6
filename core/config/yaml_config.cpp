#include "config/yaml_config.hpp"

#include <yaml-cpp/yaml.h>

#include <fstream>
#include <sstream>

#include "config/settings_table.hpp"
#include "lang/diagnostic.hpp"

namespace marionette::config {

namespace {

std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path);
  if (!in) throw ConfigError(path.string() + ": error: cannot read the configuration file");
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

[[noreturn]] void fail_at(const std::shared_ptr<const lang::SourceFile>& file,
                          const YAML::Mark& mark, std::size_t length, const std::string& message) {
  throw ConfigError(lang::render_error_at(file, mark.line, mark.column, length, message));
}

}  // namespace

void write_marionette_yaml(const std::filesystem::path& path, SettingValues& values) {
  auto file = std::make_shared<lang::SourceFile>(path.string(), read_text(path));
  YAML::Node root;
  try {
    root = YAML::Load(file->text);
  } catch (const YAML::ParserException& e) {
    fail_at(file, e.mark, 1, "not valid YAML: " + e.msg);
  }
  if (root.IsNull()) return;  // an empty file sets nothing
  if (!root.IsMap())
    fail_at(file, root.Mark(), 1, "the configuration must be a mapping of setting names to values");
  for (const auto& entry : root) {
    std::string name = entry.first.Scalar();
    if (!find_setting(name))
      fail_at(file, entry.first.Mark(), name.size(), "unknown setting '" + name + "'");
    if (!entry.second.IsScalar())
      fail_at(file, entry.second.Mark(), 1, "setting '" + name + "' must be a single value");
    const YAML::Mark mark = entry.second.Mark();
    const std::string& text = entry.second.Scalar();
    values.write(name, text,
                 ValueOrigin{file, static_cast<std::size_t>(mark.line),
                             static_cast<std::size_t>(mark.column),
                             std::max<std::size_t>(text.size(), 1), ""});
  }
}

}  // namespace marionette::config
