#include "remote/pluginsync.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <stdexcept>

#include "digest/digest.hpp"
#include "remote/agent_requests.hpp"
#include "remote/file_sources.hpp"

namespace marionette::remote {

namespace fs = std::filesystem;

namespace {

/// Puppet's pluginsignore.
bool ignored(const std::string& relative) {
  static const std::set<std::string> names = {".svn", "CVS", ".git", ".hg"};
  std::size_t start = 0;
  while (start <= relative.size()) {
    std::size_t slash = relative.find('/', start);
    if (slash == std::string::npos) slash = relative.size();
    if (names.count(relative.substr(start, slash - start))) return true;
    start = slash + 1;
  }
  return false;
}

std::optional<std::string> bytes_of(const fs::path& path) {
  std::error_code error;
  if (!fs::is_regular_file(fs::symlink_status(path, error))) return std::nullopt;
  std::ifstream in(path, std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

/// Replaces `path` with `bytes` (a temporary beside it, renamed over it) at `mode`.
void replace_file(const fs::path& path, const std::string& bytes, mode_t mode) {
  fs::path temporary = path;
  temporary += ".pluginsync." + std::to_string(::getpid());
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out << bytes;
    if (!out) throw std::runtime_error("cannot write " + temporary.string());
  }
  ::chmod(temporary.c_str(), mode);
  std::error_code error;
  fs::remove_all(path, error);  // a directory where the server has a file
  fs::rename(temporary, path, error);
  if (error) {
    fs::remove(temporary, error);
    throw std::runtime_error("cannot replace " + path.string());
  }
}

std::string checksum_text(const nlohmann::json& metadata) {
  return metadata.contains("checksum") && metadata["checksum"].is_object()
             ? metadata["checksum"].value("value", "")
             : "";
}

class MountSync {
 public:
  MountSync(const SendRequest& send, const std::string& environment, PuppetCompat compat,
            const Say& say, PluginsyncLimits limits)
      : send_(send), environment_(environment), compat_(compat), say_(say), limits_(limits) {}

  void run(const std::string& name, const std::string& mount, const fs::path& dest,
           bool use_permissions) {
    say_("info", "Retrieving " + name);
    http::HttpResponse response = send_(pluginsync_metadatas_request(
        environment_, compat_, mount, use_permissions ? "use" : "ignore"));
    nlohmann::json entries = nlohmann::json::parse(response.body, nullptr, false);
    if (response.status != 200 || !entries.is_array()) {
      say_("warning", "Failed to retrieve " + name + ": the server answered " +
                          std::to_string(response.status));
      return;
    }
    if (entries.size() > limits_.max_files)
      throw std::runtime_error("the server's " + mount + " hold more than " +
                               std::to_string(limits_.max_files) + " files");
    std::error_code error;
    fs::create_directories(dest, error);
    std::map<std::string, const nlohmann::json*> wanted;  // parents before children
    for (const auto& entry : entries) {
      if (!entry.is_object() || !entry.contains("relative_path") ||
          !entry["relative_path"].is_string())
        continue;
      std::string relative = normalized_relative(entry["relative_path"].get<std::string>());
      if (relative.empty() || ignored(relative)) continue;  // "." is dest itself
      wanted[relative] = &entry;
    }
    for (const auto& [relative, entry] : wanted)
      settle(mount, dest, relative, *entry, use_permissions);
    purge(dest, wanted);
  }

 private:
  void settle(const std::string& mount, const fs::path& dest, const std::string& relative,
              const nlohmann::json& entry, bool use_permissions) {
    const fs::path path = dest / relative;
    const std::string type = entry.value("type", "");
    std::error_code error;
    if (type == "directory") {
      if (fs::is_directory(fs::symlink_status(path, error))) return;
      fs::remove(path, error);
      fs::create_directories(path, error);
      say_("notice", "/File[" + path.string() + "]/ensure: created");
      return;
    }
    if (type != "file") return;
    const mode_t mode = use_permissions && entry.contains("mode") && entry["mode"].is_number()
                            ? static_cast<mode_t>(entry["mode"].get<int>() & 07777)
                            : 0644;
    std::optional<std::string> have = bytes_of(path);
    if (have && matches_checksum(*have, entry)) {
      struct stat info {};
      if (use_permissions && ::stat(path.c_str(), &info) == 0 && (info.st_mode & 07777) != mode)
        ::chmod(path.c_str(), mode);
      return;
    }
    http::HttpResponse response =
        send_(file_content_request(environment_, compat_, mount + "/" + relative));
    if (response.status != 200) {
      say_("err", "/File[" + path.string() + "]: Could not retrieve puppet:///" + mount + "/" +
                      relative + ": the server answered " + std::to_string(response.status));
      return;
    }
    bytes_ += response.body.size();
    if (bytes_ > limits_.max_bytes)
      throw std::runtime_error("the server's " + mount + " exceed " +
                               std::to_string(limits_.max_bytes) + " bytes");
    replace_file(path, response.body, mode);
    if (have)
      say_("notice", "/File[" + path.string() + "]/content: content changed '{sha256}" +
                         digest::hex(digest::Algorithm::sha256, *have) + "' to '" +
                         checksum_text(entry) + "'");
    else
      say_("notice", "/File[" + path.string() + "]/ensure: defined content as '" +
                         checksum_text(entry) + "'");
  }

  /// What is here and not on the server goes, as the downloader's purge.
  void purge(const fs::path& dest, const std::map<std::string, const nlohmann::json*>& wanted) {
    std::vector<fs::path> extra;
    std::error_code error;
    for (auto walk = fs::recursive_directory_iterator(dest, error);
         !error && walk != fs::recursive_directory_iterator(); walk.increment(error)) {
      std::string relative = walk->path().lexically_relative(dest).generic_string();
      if (wanted.count(relative)) continue;
      if (ignored(relative)) continue;
      extra.push_back(walk->path());
      walk.disable_recursion_pending();
    }
    for (const fs::path& path : extra) {
      fs::remove_all(path, error);
      say_("notice", "/File[" + path.string() + "]/ensure: removed");
    }
  }

  const SendRequest& send_;
  const std::string& environment_;
  PuppetCompat compat_;
  const Say& say_;
  PluginsyncLimits limits_;
  std::uint64_t bytes_ = 0;
};

}  // namespace

PluginDirs plugin_dirs_under(const fs::path& vardir) {
  return {vardir / "lib", vardir / "facts.d"};
}

void pluginsync(const SendRequest& send, const std::string& environment, PuppetCompat compat,
                const PluginDirs& dirs, const Say& say, PluginsyncLimits limits) {
  MountSync(send, environment, compat, say, limits)
      .run("pluginfacts", "pluginfacts", dirs.facts_d, true);
  MountSync(send, environment, compat, say, limits).run("plugin", "plugins", dirs.lib, false);
}

}  // namespace marionette::remote
