#include "compiler/module_listing.hpp"

#include <dirent.h>
#include <sys/stat.h>

#include <algorithm>
#include <atomic>
#include <ctime>
#include <map>
#include <memory>
#include <mutex>
#include <unordered_set>

#include "compiler/module_path.hpp"

namespace marionette::compiler {

namespace fs = std::filesystem;

namespace {

/// What a directory was when it was read: the listing stands while it is the same.
struct ModulePathStamp {
  std::int64_t modified_ns = 0;
  dev_t device = 0;
  ino_t inode = 0;
  bool operator==(const ModulePathStamp&) const = default;
};

std::int64_t stamp_ns(const timespec& time) {
  return static_cast<std::int64_t>(time.tv_sec) * 1'000'000'000 + time.tv_nsec;
}

/// A directory changed this close to its reading may change again within the same mtime tick
/// (file systems keep coarse clocks): such a listing is not kept.
constexpr std::int64_t kRacyListingNs = 2'000'000'000;

struct CachedModuleNames {
  ModulePathStamp stamp;
  std::shared_ptr<const std::vector<std::string>> names;
};

std::mutex module_names_mutex;
std::map<std::string, CachedModuleNames> module_names_cache;  // guarded by module_names_mutex
std::atomic<std::size_t> module_path_reads{0};

/// The subdirectories of `dir` that have a module's name, sorted; empty when unreadable.
std::vector<std::string> read_module_names_of(const std::string& dir) {
  ++module_path_reads;
  std::vector<std::string> names;
  DIR* handle = opendir(dir.c_str());
  if (!handle) return names;
  while (const dirent* entry = readdir(handle)) {
    std::string_view name = entry->d_name;
    if (!is_module_name(name)) continue;
    bool directory = entry->d_type == DT_DIR;
    if (entry->d_type == DT_UNKNOWN || entry->d_type == DT_LNK) {
      struct stat status;
      directory = stat((dir + '/').append(name).c_str(), &status) == 0 && S_ISDIR(status.st_mode);
    }
    if (directory) names.emplace_back(name);
  }
  closedir(handle);
  std::sort(names.begin(), names.end());
  return names;
}

/// The module names of one module path entry, from the cache while its stamp holds.
std::shared_ptr<const std::vector<std::string>> cached_module_names(const std::string& dir) {
  struct stat status;
  if (stat(dir.c_str(), &status) != 0 || !S_ISDIR(status.st_mode))
    return std::make_shared<const std::vector<std::string>>();
  ModulePathStamp stamp{stamp_ns(status.st_mtim), status.st_dev, status.st_ino};
  {
    std::lock_guard lock(module_names_mutex);
    auto found = module_names_cache.find(dir);
    if (found != module_names_cache.end() && found->second.stamp == stamp)
      return found->second.names;
  }
  timespec now{};
  clock_gettime(CLOCK_REALTIME, &now);
  auto names = std::make_shared<const std::vector<std::string>>(read_module_names_of(dir));
  std::lock_guard lock(module_names_mutex);
  if (stamp_ns(now) - stamp.modified_ns > kRacyListingNs)
    module_names_cache[dir] = CachedModuleNames{stamp, names};
  else
    module_names_cache.erase(dir);
  return names;
}

}  // namespace

std::vector<ModuleOnPath> modules_on_path(const std::vector<fs::path>& modulepath) {
  std::vector<ModuleOnPath> modules;
  std::unordered_set<std::string> seen;
  for (const fs::path& entry : modulepath) {
    // Held here: a listing the cache does not keep lives only as long as this pointer.
    std::shared_ptr<const std::vector<std::string>> names = cached_module_names(entry.native());
    for (const std::string& name : *names)
      if (seen.insert(name).second) modules.push_back({name, entry / name});
  }
  return modules;
}

std::size_t module_path_entry_reads() {
  return module_path_reads.load();
}

}  // namespace marionette::compiler
