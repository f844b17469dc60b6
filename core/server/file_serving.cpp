#include "server/file_serving.hpp"

#include <fnmatch.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <ctime>
#include <map>
#include <mutex>
#include <set>

#include "digest/digest.hpp"
#include "text/time_text.hpp"

namespace marionette::server {

namespace fs = std::filesystem;

namespace {

/// "a/b/c" → its parts; nullopt when one is "..", "." or empty in the middle.
std::optional<std::vector<std::string>> parts_of(const std::string& path) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (start <= path.size()) {
    std::size_t slash = path.find('/', start);
    if (slash == std::string::npos) slash = path.size();
    std::string part = path.substr(start, slash - start);
    if (part == ".." || part == ".") return std::nullopt;
    if (!part.empty()) parts.push_back(part);
    start = slash + 1;
  }
  return parts;
}

fs::path joined(fs::path base, const std::vector<std::string>& parts, std::size_t from) {
  for (std::size_t i = from; i < parts.size(); ++i) base /= parts[i];
  return base;
}

/// What a regular file was when it was hashed: the digest stands while the file is the same
/// (its inode, size, mtime and ctime: a rewrite whose mtime is put back still moves its ctime).
struct HashedFileStamp {
  dev_t device = 0;
  ino_t inode = 0;
  std::int64_t size = 0;
  std::int64_t modified_ns = 0;
  std::int64_t changed_ns = 0;
  bool operator==(const HashedFileStamp&) const = default;
};

struct HashedFile {
  HashedFileStamp stamp;
  std::string hex;
};

std::int64_t nanoseconds(const timespec& time) {
  return static_cast<std::int64_t>(time.tv_sec) * 1'000'000'000 + time.tv_nsec;
}

/// A file modified this close to its hashing may change again within the same mtime tick: such
/// a digest is not kept.
constexpr std::int64_t kRacyHashNs = 2'000'000'000;

std::mutex hashed_files_mutex;
/// By algorithm and path; guarded by hashed_files_mutex.
std::map<std::pair<int, std::string>, HashedFile> hashed_files;
std::atomic<std::size_t> file_hashes{0};

/// The hex digest of the regular file `path` that `info` describes: every catalog with static
/// file metadata and every file_metadata request asks for it, so the process keeps each file's
/// while it is unchanged.
std::string file_digest(digest::Algorithm algorithm, const fs::path& path,
                        const struct stat& info) {
  if (!S_ISREG(info.st_mode)) return digest::hex_of_file(algorithm, path);
  HashedFileStamp stamp{info.st_dev, info.st_ino, static_cast<std::int64_t>(info.st_size),
                        nanoseconds(info.st_mtim), nanoseconds(info.st_ctim)};
  std::pair<int, std::string> key{static_cast<int>(algorithm), path.native()};
  {
    std::lock_guard lock(hashed_files_mutex);
    auto found = hashed_files.find(key);
    if (found != hashed_files.end() && found->second.stamp == stamp) return found->second.hex;
  }
  ++file_hashes;
  std::string hex = digest::hex_of_file(algorithm, path);
  timespec now{};
  ::clock_gettime(CLOCK_REALTIME, &now);
  if (nanoseconds(now) - stamp.modified_ns >= kRacyHashNs) {
    std::lock_guard lock(hashed_files_mutex);
    if (hashed_files.size() >= 65536) hashed_files.clear();
    hashed_files[key] = HashedFile{stamp, hex};
  }
  return hex;
}

nlohmann::ordered_json checksum_of(const fs::path& path, const struct stat& info,
                                   const std::string& type, bool is_file) {
  nlohmann::ordered_json checksum;
  std::string kind = is_file ? type : "ctime";
  if (kind == "mtime" || kind == "ctime") {
    checksum["type"] = kind;
    const std::time_t when = kind == "mtime" ? info.st_mtime : info.st_ctime;
    checksum["value"] = "{" + kind + "}" + text::utc_time_text(when, "%Y-%m-%d %H:%M:%S +0000");
    return checksum;
  }
  if (kind == "none") {
    checksum["type"] = "none";
    checksum["value"] = "{none}";
    return checksum;
  }
  auto algorithm = digest::algorithm_named(kind);
  if (!algorithm) algorithm = digest::Algorithm::sha256;
  checksum["type"] = std::string(digest::name_of(*algorithm));
  checksum["value"] =
      "{" + std::string(digest::name_of(*algorithm)) + "}" + file_digest(*algorithm, path, info);
  return checksum;
}

/// The module subdirectory a merged mount serves: plugins lib/, pluginfacts facts.d/,
/// locales locales/; nullptr for any other mount.
const char* merged_subdir(const std::string& mount) {
  if (mount == "plugins") return "lib";
  if (mount == "pluginfacts") return "facts.d";
  if (mount == "locales") return "locales";
  return nullptr;
}

bool ignored(const std::string& name, const std::vector<std::string>& globs) {
  for (const std::string& glob : globs)
    if (::fnmatch(glob.c_str(), name.c_str(), 0) == 0) return true;
  return false;
}

}  // namespace

std::optional<fs::path> FileMounts::module_dir(const std::string& name) const {
  if (auto known = module_dirs_.find(name); known != module_dirs_.end()) return known->second;
  std::optional<fs::path> found;
  for (const fs::path& entry : modulepath_) {
    std::error_code error;
    if (fs::is_directory(entry / name, error)) {
      found = entry / name;
      break;
    }
  }
  module_dirs_.emplace(name, found);
  return found;
}

std::vector<fs::path> FileMounts::merged(const std::string& subdir) const {
  std::vector<fs::path> dirs;
  std::set<std::string> seen;
  for (const fs::path& entry : modulepath_) {
    std::error_code error;
    for (const auto& module : fs::directory_iterator(entry, error)) {
      std::string name = module.path().filename().string();
      if (!seen.insert(name).second) continue;  // first-wins, as the compiler
      if (fs::is_directory(module.path() / subdir, error)) dirs.push_back(module.path() / subdir);
    }
  }
  std::sort(dirs.begin(), dirs.end());
  return dirs;
}

std::optional<fs::path> FileMounts::find(const std::string& mount_path) const {
  auto parts = parts_of(mount_path);
  if (!parts || parts->empty()) return std::nullopt;
  const std::string& mount = (*parts)[0];
  std::error_code error;
  if (mount == "modules") {
    if (parts->size() < 2) return std::nullopt;
    auto dir = module_dir((*parts)[1]);
    if (!dir) return std::nullopt;
    fs::path path = joined(*dir / "files", *parts, 2);
    if (fs::exists(fs::symlink_status(path, error))) return path;
    return std::nullopt;
  }
  if (auto subdir = merged_subdir(mount)) {
    for (const fs::path& root : merged(subdir)) {
      fs::path path = joined(root, *parts, 1);
      if (fs::exists(fs::symlink_status(path, error))) return path;
    }
    return std::nullopt;
  }
  return custom_path(*parts);
}

std::optional<fs::path> FileMounts::custom_path(const std::vector<std::string>& parts) const {
  auto mount = custom_.find(parts[0]);
  if (mount == custom_.end()) return std::nullopt;
  fs::path path = joined(mount->second.directory_for(certname_), parts, 1);
  std::error_code error;
  if (fs::exists(fs::symlink_status(path, error))) return path;
  return std::nullopt;
}

std::optional<FileMounts::Roots> FileMounts::search_roots(const std::string& mount_path) const {
  auto parts = parts_of(mount_path);
  if (!parts || parts->empty()) return std::nullopt;
  const std::string& mount = (*parts)[0];
  if (mount == "modules") {
    auto path = find(mount_path);
    if (!path) return std::nullopt;
    return Roots{{*path}, true};
  }
  if (auto subdir = merged_subdir(mount)) {
    Roots roots;
    for (const fs::path& root : merged(subdir)) {
      fs::path path = joined(root, *parts, 1);
      std::error_code error;
      if (fs::exists(path, error)) roots.dirs.push_back(path);
    }
    if (roots.dirs.empty() && parts->size() == 1) {
      // No module has the subdirectory: Puppet answers with the first modulepath entry that
      // exists, unrecursed (entries that do not exist are skipped, as its environment does).
      for (const fs::path& entry : modulepath_) {
        std::error_code error;
        if (!fs::is_directory(entry, error)) continue;
        roots.dirs.push_back(entry);
        roots.recursion_allowed = false;
        break;
      }
    }
    if (roots.dirs.empty()) return std::nullopt;
    return roots;
  }
  if (auto path = custom_path(*parts)) return Roots{{*path}, true};
  return std::nullopt;
}

MetadataOptions metadata_options_from(
    const std::vector<std::pair<std::string, std::string>>& query) {
  MetadataOptions options;
  auto value = [&](const char* name) -> std::optional<std::string> {
    std::optional<std::string> last;
    for (const auto& [key, given] : query)
      if (key == name) last = given;
    return last;
  };
  if (auto links = value("links")) options.links = *links == "follow" ? "follow" : "manage";
  if (auto type = value("checksum_type")) options.checksum_type = *type;
  if (auto recurse = value("recurse")) options.recurse = *recurse == "true" || *recurse == "remote";
  if (auto limit = value("recurselimit")) {
    try {
      options.recurselimit = std::stoi(*limit);
    } catch (const std::exception&) {
    }
  }
  for (const auto& [key, given] : query)
    if (key == "ignore") options.ignore.push_back(given);
  if (auto permissions = value("source_permissions"))
    options.use_source_permissions = *permissions == "use" || *permissions == "use_when_creating";
  return options;
}

std::size_t file_content_hashes() {
  return file_hashes.load();
}

nlohmann::ordered_json file_metadata(const fs::path& path, const MetadataOptions& options) {
  struct stat info {};
  bool follow = options.links == "follow";
  if ((follow ? ::stat(path.c_str(), &info) : ::lstat(path.c_str(), &info)) != 0)
    throw std::runtime_error("cannot stat " + path.string());
  nlohmann::ordered_json metadata;
  metadata["path"] = path.string();
  metadata["relative_path"] = nullptr;
  metadata["links"] = options.links;
  const bool own = options.use_source_permissions;
  metadata["owner"] = own ? info.st_uid : ::geteuid();
  metadata["group"] = own ? info.st_gid : ::getegid();
  metadata["mode"] = own ? (info.st_mode & 07777) : 0644;
  if (S_ISLNK(info.st_mode)) {
    std::error_code error;
    std::string destination = fs::read_symlink(path, error).string();
    metadata["checksum"] = {
        {"type", "sha256"},
        {"value", "{sha256}" + digest::hex(digest::Algorithm::sha256, destination)}};
    metadata["type"] = "link";
    metadata["destination"] = destination;
  } else {
    bool is_file = S_ISREG(info.st_mode);
    metadata["checksum"] = checksum_of(path, info, options.checksum_type, is_file);
    metadata["type"] = is_file ? "file" : S_ISDIR(info.st_mode) ? "directory" : "file";
    metadata["destination"] = nullptr;
  }
  return metadata;
}

nlohmann::ordered_json file_metadatas(const std::vector<fs::path>& roots,
                                      const MetadataOptions& options, std::size_t max_entries) {
  nlohmann::ordered_json all = nlohmann::ordered_json::array();
  std::set<std::string> seen;
  std::string root_path;
  auto add = [&](const fs::path& path, const std::string& relative) {
    if (!seen.insert(relative).second) return;
    if (all.size() >= max_entries) throw std::runtime_error("too many files to describe");
    nlohmann::ordered_json metadata = file_metadata(path, options);
    metadata["path"] = root_path;
    metadata["relative_path"] = relative;
    all.push_back(std::move(metadata));
  };
  for (const fs::path& root : roots) {
    root_path = root.string();
    add(root, ".");
    std::error_code error;
    if (!options.recurse || !fs::is_directory(root, error)) continue;
    auto options_for_walk = options.links == "follow"
                                ? fs::directory_options::follow_directory_symlink
                                : fs::directory_options::none;
    fs::recursive_directory_iterator walk(root, options_for_walk, error), end;
    for (; !error && walk != end; walk.increment(error)) {
      std::string name = walk->path().filename().string();
      if (ignored(name, options.ignore)) {
        walk.disable_recursion_pending();
        continue;
      }
      if (options.recurselimit && walk.depth() + 1 > *options.recurselimit) {
        walk.disable_recursion_pending();
        continue;
      }
      if (walk.depth() >= 64) walk.disable_recursion_pending();  // a bound on depth, always
      // The walk's own path below the root, as Puppet's fileset joins the names (fs::relative
      // would resolve every component of both paths again, for each entry).
      add(walk->path(), walk->path().lexically_relative(root).string());
    }
  }
  return all;
}

}  // namespace marionette::server
