#include "compiler/module_manifests.hpp"

#include <dirent.h>
#include <sys/stat.h>

#include <algorithm>

namespace marionette::compiler {

namespace {

/// Deep enough for any module; a symlink loop stops here instead of running away.
constexpr int kMaxDepth = 32;

/// A module's directories whose .pp files are listed.
constexpr std::string_view kManifestDirs[] = {"manifests", "functions", "types"};

/// "name.pp"; a bare ".pp" is not one.
bool is_manifest_name(std::string_view name) {
  return name.size() > 3 && name.ends_with(".pp");
}

struct DirectoryEntry {
  std::string name;
  bool directory = false;
};

/// The entries of `dir` other than . and .., with symlinks resolved; empty when unreadable.
/// d_type spares a stat(2) for each entry on the file systems that fill it in.
std::vector<DirectoryEntry> read_directory(const std::string& dir) {
  std::vector<DirectoryEntry> entries;
  DIR* handle = opendir(dir.c_str());
  if (!handle) return entries;
  while (const dirent* entry = readdir(handle)) {
    std::string_view name = entry->d_name;
    if (name == "." || name == "..") continue;
    bool directory = entry->d_type == DT_DIR;
    bool regular = entry->d_type == DT_REG;
    if (entry->d_type == DT_UNKNOWN || entry->d_type == DT_LNK) {
      struct stat status;
      if (stat((dir + '/').append(name).c_str(), &status) != 0) continue;
      directory = S_ISDIR(status.st_mode);
      regular = S_ISREG(status.st_mode);
    }
    if (directory || regular) entries.push_back({std::string(name), directory});
  }
  closedir(handle);
  return entries;
}

void collect_pp_files(const std::string& dir, int depth, std::vector<std::string>& files) {
  if (depth > kMaxDepth) return;
  for (const DirectoryEntry& entry : read_directory(dir)) {
    std::string path = dir + '/' + entry.name;
    if (entry.directory)
      collect_pp_files(path, depth + 1, files);
    else if (is_manifest_name(entry.name))
      files.push_back(std::move(path));
  }
}

}  // namespace

std::vector<std::string> module_manifest_files(const std::string& module_dir) {
  std::vector<std::string> files;
  for (std::string_view subdir : kManifestDirs)
    collect_pp_files((module_dir + '/').append(subdir), 0, files);
  std::sort(files.begin(), files.end());
  return files;
}

std::vector<ModuleManifests> module_manifests(const std::string& modules_dir,
                                              std::unordered_set<std::string>* seen) {
  std::vector<ModuleManifests> modules;
  for (const DirectoryEntry& module : read_directory(modules_dir)) {
    if (!module.directory) continue;
    if (seen && !seen->insert(module.name).second) continue;
    ModuleManifests found{module.name, module_manifest_files(modules_dir + '/' + module.name)};
    if (found.files.empty()) continue;
    modules.push_back(std::move(found));
  }
  std::sort(modules.begin(), modules.end(),
            [](const ModuleManifests& a, const ModuleManifests& b) { return a.module < b.module; });
  return modules;
}

bool has_manifest_shape(std::string_view modules_dir, std::string_view file) {
  if (!file.starts_with(modules_dir) || file.size() <= modules_dir.size() ||
      file[modules_dir.size()] != '/')
    return false;
  std::string_view rest = file.substr(modules_dir.size() + 1);  // module/subdir/.../name.pp
  std::size_t module_end = rest.find('/');
  if (module_end == 0 || module_end == std::string_view::npos) return false;
  rest.remove_prefix(module_end + 1);
  bool in_manifest_dir = false;
  for (std::string_view subdir : kManifestDirs)
    in_manifest_dir = in_manifest_dir || (rest.starts_with(subdir) && rest.size() > subdir.size() &&
                                          rest[subdir.size()] == '/');
  return in_manifest_dir && is_manifest_name(file.substr(file.rfind('/') + 1));
}

}  // namespace marionette::compiler
