#pragma once

#include <memory>
#include <string>
#include <vector>

#include "ral/augeas_module.hpp"

namespace marionette::ral::augeas {

/// Where a tree was opened: the same three open the same tree.
struct TreeKey {
  std::string root;
  std::string load_path;
  unsigned flags = 0;
  bool operator==(const TreeKey&) const = default;
};

/// A tree for an augeas resource with `incl`: the one the last such resource gave back when it
/// was opened the same way moments ago, else a new one. Opening costs little, but loading a
/// lens compiles it and the modules it uses (milliseconds each time); a tree given back keeps
/// its compiled lenses and nothing else. Null when aug_init fails.
std::unique_ptr<AugeasTree> take_tree(const marionette_augeas_module& module, const TreeKey& key);

/// Keeps `tree` for the next take_tree, emptied as a fresh one is: no transforms, files, file
/// metadata, events or the variables named, save mode "overwrite".
void give_back_tree(std::unique_ptr<AugeasTree> tree, const TreeKey& key,
                    const std::vector<std::string>& variables);

}  // namespace marionette::ral::augeas
