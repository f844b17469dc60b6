#include "ral/augeas_tree_pool.hpp"

#include <sys/stat.h>

#include <chrono>
#include <mutex>

namespace marionette::ral::augeas {

namespace {

using Clock = std::chrono::steady_clock;

/// How long a tree given back stays usable: long enough for the augeas resources of one run,
/// short enough that a daemon's next run compiles the lenses afresh (they may have changed).
constexpr auto kKeptFor = std::chrono::seconds(10);

/// A file as it was on disk when its tree was given back. libaugeas reads a file again only when
/// its mtime in seconds changed: anything else (another resource rewriting it within the same
/// second) must make us drop the file's metadata so that it is read again.
struct FileStamp {
  std::string metadata;  ///< "/augeas/files/etc/hosts"
  std::string path;      ///< on disk, under the root
  struct stat seen {};
};

bool same_file(const struct stat& a, const struct stat& b) {
  return a.st_dev == b.st_dev && a.st_ino == b.st_ino && a.st_size == b.st_size &&
         a.st_mtim.tv_sec == b.st_mtim.tv_sec && a.st_mtim.tv_nsec == b.st_mtim.tv_nsec &&
         a.st_ctim.tv_sec == b.st_ctim.tv_sec && a.st_ctim.tv_nsec == b.st_ctim.tv_nsec;
}

struct Kept {
  std::unique_ptr<AugeasTree> tree;
  TreeKey key;
  Clock::time_point since;
  std::vector<FileStamp> files;
};

std::mutex pool_mutex;
Kept kept;

/// The files the tree holds, stamped as they are on disk now.
std::vector<FileStamp> stamp_files(AugeasTree& tree, const std::string& root) {
  std::vector<FileStamp> stamps;
  const std::string prefix = root == "/" ? "" : root;
  for (const auto& node : tree.match_or_none("/augeas/files//path")) {
    const std::string file = tree.get(node).value_or("");
    if (!file.starts_with("/files/")) continue;
    FileStamp stamp{node.substr(0, node.size() - std::string("/path").size()),
                    prefix + file.substr(6)};
    if (::stat(stamp.path.c_str(), &stamp.seen) == 0) stamps.push_back(std::move(stamp));
  }
  return stamps;
}

}  // namespace

std::unique_ptr<AugeasTree> take_tree(const marionette_augeas_module& module, const TreeKey& key) {
  {
    std::lock_guard lock(pool_mutex);
    std::unique_ptr<AugeasTree> tree = std::move(kept.tree);
    if (tree && kept.key == key && Clock::now() - kept.since < kKeptFor) {
      for (const auto& file : kept.files) {
        struct stat now {};
        if (::stat(file.path.c_str(), &now) != 0 || !same_file(now, file.seen))
          tree->rm(file.metadata);
      }
      return tree;
    }
  }
  return AugeasTree::open(module, key.root, key.load_path, key.flags);
}

void give_back_tree(std::unique_ptr<AugeasTree> tree, const TreeKey& key,
                    const std::vector<std::string>& variables) {
  for (const auto& name : variables) tree->undefine(name);
  // A file saved in "newfile" mode looks saved but is not on disk; one with a load or put error
  // must be read again to report it again: both are read afresh (libaugeas rereads by itself a
  // file whose tree was changed and not saved, and drops those no transform loads).
  for (const auto& event : tree->match_or_none("/augeas/events/saved")) {
    tree->rm("/augeas" + tree->get(event).value_or("") + "/mtime");
  }
  for (const auto& error : tree->match_or_none("/augeas/files//error")) {
    tree->rm(error.substr(0, error.rfind('/')));
  }
  tree->rm("/augeas/load/*");
  tree->rm("/augeas/events");
  tree->set("/augeas/save", std::string("overwrite"));
  std::vector<FileStamp> files = stamp_files(*tree, key.root);
  std::lock_guard lock(pool_mutex);
  kept = {std::move(tree), key, Clock::now(), std::move(files)};
}

}  // namespace marionette::ral::augeas
