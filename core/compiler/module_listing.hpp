#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

namespace marionette::compiler {

/// A module of the module path: the first entry that has a directory of its name.
struct ModuleOnPath {
  std::string name;
  std::filesystem::path dir;
};

/// The modules of `modulepath` as Puppet's environment lists them: each entry's subdirectories
/// that have a module's name (is_module_name), by name, an earlier entry's module hiding the
/// later entries' of that name. Only the entries themselves are read, never a module's own
/// directory (a symlinked module is stat'ed to know it is a directory). An entry is read once
/// per process while its mtime is unchanged, so the agent's and the server's repeated compiles
/// read it once; thread-safe.
///
/// For what names no module (a resource type, a legacy function): a module that a compile does
/// reach is found by name (Environment::module_dir), without this.
std::vector<ModuleOnPath> modules_on_path(const std::vector<std::filesystem::path>& modulepath);

/// How many times a module path entry has been read rather than taken from the cache (tests).
std::size_t module_path_entry_reads();

}  // namespace marionette::compiler
