#include "ral/file_source.hpp"

#include <filesystem>

#include "ral/file_spec.hpp"

namespace marionette::ral {

namespace {

/// "puppet:///modules/mod/a/b" or "puppet://server/modules/mod/a/b" -> "mod/a/b".
std::optional<std::string> module_file(const std::string& source) {
  const std::string scheme = "puppet://";
  if (source.compare(0, scheme.size(), scheme) != 0) return std::nullopt;
  std::size_t slash = source.find('/', scheme.size());
  if (slash == std::string::npos) return std::nullopt;
  const std::string mount = "/modules/";
  if (source.compare(slash, mount.size(), mount) != 0) return std::nullopt;
  std::string rest = munge_file_path(source.substr(slash + mount.size()));
  while (!rest.empty() && rest.front() == '/') rest.erase(0, 1);
  if (rest.empty()) return std::nullopt;
  return rest;
}

}  // namespace

bool is_servable_source(const std::string& source) {
  return local_source_path(source).has_value() || module_file(source).has_value();
}

std::optional<std::string> resolve_source(const std::string& source, const RunPaths* paths) {
  if (auto local = local_source_path(source)) return local;
  auto file = module_file(source);
  if (!file || !paths) return std::nullopt;
  std::size_t slash = file->find('/');
  const std::string module = file->substr(0, slash);
  const std::string inside = slash == std::string::npos ? "" : file->substr(slash);
  for (const auto& dir : paths->module_dirs) {
    const std::string module_dir = dir + "/" + module;
    std::error_code ignored;
    if (std::filesystem::is_directory(module_dir, ignored)) {
      return munge_file_path(module_dir + "/files" + inside);
    }
  }
  return std::nullopt;
}

}  // namespace marionette::ral
