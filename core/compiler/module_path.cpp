#include "compiler/module_path.hpp"

#include <fstream>
#include <stdexcept>
#include <system_error>

#include "text/split.hpp"
#include "text/text.hpp"

namespace marionette::compiler {

namespace fs = std::filesystem;

namespace {

/// `name = value` lines of environment.conf outside any [section]; `#` and `;` start comments.
std::optional<std::string> conf_setting(const fs::path& file, std::string_view wanted) {
  std::ifstream in(file);
  if (!in) return std::nullopt;
  std::optional<std::string> found;
  bool in_main = true;
  for (std::string line; std::getline(in, line);) {
    std::string_view text = text::trimmed(line, " \t\r");
    if (text.empty() || text.front() == '#' || text.front() == ';') continue;
    if (text.front() == '[') {
      in_main = text == "[main]";
      continue;
    }
    std::size_t equals = text.find('=');
    if (!in_main || equals == std::string_view::npos) continue;
    if (text::trimmed(text.substr(0, equals), " \t\r") == wanted)
      found = std::string(text::trimmed(text.substr(equals + 1), " \t\r"));
  }
  return found;
}

fs::path absolute_normal(const fs::path& path, const fs::path& base) {
  fs::path made = (path.is_absolute() ? path : base / path).lexically_normal();
  std::string text = made.native();
  while (text.size() > 1 && text.back() == '/') text.pop_back();
  return text;
}

fs::path current_directory() {
  std::error_code error;
  fs::path here = fs::current_path(error);
  return error ? fs::path("/") : here;
}

}  // namespace

std::optional<std::string> environment_conf_setting(const fs::path& env_dir,
                                                    std::string_view name) {
  return conf_setting(env_dir / "environment.conf", name);
}

bool is_module_name(std::string_view name) {
  if (name.empty() || name.front() < 'a' || name.front() > 'z') return false;
  for (char c : name)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) return false;
  return true;
}

std::vector<fs::path> split_path_list(const std::string& text, const fs::path& base) {
  std::vector<fs::path> paths;
  for (const std::string& entry : text::split_as_ruby(text, ':'))
    paths.push_back(absolute_normal(entry, base));
  return paths;
}

ResolvedEnvironment resolve_environment(const EnvironmentSettings& settings) {
  const fs::path here = current_directory();
  ResolvedEnvironment resolved;
  std::error_code error;
  std::vector<fs::path> environment_dirs = split_path_list(settings.environmentpath, here);
  if (settings.env_dir) {
    resolved.env_dir = absolute_normal(*settings.env_dir, here);
  } else {
    for (const fs::path& dir : environment_dirs)
      if (fs::is_directory(dir / settings.environment, error)) {
        resolved.env_dir = dir / settings.environment;
        break;
      }
    if (!resolved.env_dir && settings.environment != "production")
      throw std::runtime_error("Could not find a directory environment named '" +
                               settings.environment + "' anywhere in the path: " +
                               text::joined(environment_dirs, ":") + ". Does the directory exist?");
  }
  // Puppet takes basemodulepath's relative entries from the current directory, and
  // $basemodulepath in environment.conf is that resolved text.
  std::string basemodulepath = text::joined(split_path_list(settings.basemodulepath, here), ":");
  std::optional<std::string> conf_modulepath;
  if (resolved.env_dir) {
    fs::path conf = *resolved.env_dir / "environment.conf";
    conf_modulepath = conf_setting(conf, "modulepath");
    if (auto manifest = conf_setting(conf, "manifest"))
      resolved.manifest = absolute_normal(*manifest, *resolved.env_dir);
  }
  if (settings.modulepath) {
    resolved.modulepath = split_path_list(*settings.modulepath, here);
  } else if (conf_modulepath) {
    std::string text = *conf_modulepath;
    for (std::size_t at = 0; (at = text.find("$basemodulepath", at)) != std::string::npos;) {
      text.replace(at, 15, basemodulepath);
      at += basemodulepath.size();
    }
    resolved.modulepath = split_path_list(text, *resolved.env_dir);
  } else {
    if (resolved.env_dir) resolved.modulepath.push_back(*resolved.env_dir / "modules");
    for (fs::path& dir : split_path_list(basemodulepath, here))
      resolved.modulepath.push_back(std::move(dir));
  }
  return resolved;
}

}  // namespace marionette::compiler
