#pragma once

#include <string>
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

}  // namespace marionette::compiler
