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
/// lens compiles it and the modules it uses, and parsing a file compiles the lens's regular
/// expressions again (milliseconds each time); a tree given back keeps its compiled lenses and
/// the files it parsed. Null when aug_init fails.
std::unique_ptr<AugeasTree> take_tree(const marionette_augeas_module& module, const TreeKey& key);

/// Keeps `tree` for the next take_tree, as a fresh one would be but for the files it parsed:
/// no transforms, events or the variables named, save mode "overwrite"; each file is parsed again
/// when it was saved in "newfile" mode, had an error, or changed on disk since.
void give_back_tree(std::unique_ptr<AugeasTree> tree, const TreeKey& key,
                    const std::vector<std::string>& variables);

}  // namespace marionette::ral::augeas
