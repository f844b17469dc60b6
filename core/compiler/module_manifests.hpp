#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace marionette::compiler {

/// One module's .pp files under its manifests/, functions/ and types/.
struct ModuleManifests {
  std::string module;              ///< the module directory's name
  std::vector<std::string> files;  ///< `modules_dir`/module/..., sorted
};

/// The modules in `modules_dir` (an absolute path) that have .pp files, sorted by name.
/// Directory symlinks are followed; unreadable directories are skipped.
std::vector<ModuleManifests> module_manifests(const std::string& modules_dir);

/// Whether `file` has the shape of a path module_manifests(modules_dir) lists: a .pp file under
/// a module's manifests/, functions/ or types/ (whether it exists is not asked).
bool has_manifest_shape(std::string_view modules_dir, std::string_view file);

}  // namespace marionette::compiler
