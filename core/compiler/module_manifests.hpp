#pragma once

#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

namespace marionette::compiler {

/// One module's .pp files under its manifests/, functions/ and types/.
struct ModuleManifests {
  std::string module;              ///< the module directory's name
  std::vector<std::string> files;  ///< `modules_dir`/module/..., sorted
};

/// A module's .pp files under its manifests/, functions/ and types/, sorted; `module_dir` is the
/// module's directory. Directory symlinks are followed; unreadable directories are skipped.
std::vector<std::string> module_manifest_files(const std::string& module_dir);

/// The modules in `modules_dir` (an absolute path) that have .pp files, sorted by name.
/// Directory symlinks are followed; unreadable directories are skipped. With `seen`, a module
/// whose name is in it is left out, and every module directory's name (with .pp files or not) is
/// added to it: listing a module path's entries in order so gives Puppet's first-wins.
std::vector<ModuleManifests> module_manifests(const std::string& modules_dir,
                                              std::unordered_set<std::string>* seen = nullptr);

/// Whether `file` has the shape of a path module_manifests(modules_dir) lists: a .pp file under
/// a module's manifests/, functions/ or types/ (whether it exists is not asked).
bool has_manifest_shape(std::string_view modules_dir, std::string_view file);

}  // namespace marionette::compiler
