#include "ral/augeas_tree_pool.hpp"

#include <chrono>
#include <mutex>

namespace marionette::ral::augeas {

namespace {

using Clock = std::chrono::steady_clock;

/// How long a tree given back stays usable: long enough for the augeas resources of one run,
/// short enough that a daemon's next run compiles the lenses afresh (they may have changed).
constexpr auto kKeptFor = std::chrono::seconds(10);

struct Kept {
  std::unique_ptr<AugeasTree> tree;
  TreeKey key;
  Clock::time_point since;
};

std::mutex pool_mutex;
Kept kept;

}  // namespace

std::unique_ptr<AugeasTree> take_tree(const marionette_augeas_module& module, const TreeKey& key) {
  {
    std::lock_guard lock(pool_mutex);
    std::unique_ptr<AugeasTree> tree = std::move(kept.tree);
    if (tree && kept.key == key && Clock::now() - kept.since < kKeptFor) return tree;
  }
  return AugeasTree::open(module, key.root, key.load_path, key.flags);
}

void give_back_tree(std::unique_ptr<AugeasTree> tree, const TreeKey& key,
                    const std::vector<std::string>& variables) {
  for (const auto& name : variables) tree->undefine(name);
  tree->rm("/augeas/load/*");
  tree->rm("/augeas/files");
  tree->rm("/augeas/events");
  tree->rm("/files/*");
  tree->set("/augeas/save", std::string("overwrite"));
  std::lock_guard lock(pool_mutex);
  kept = {std::move(tree), key, Clock::now()};
}

}  // namespace marionette::ral::augeas
