#include "remote/file_sources.hpp"

#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <sstream>
#include <stdexcept>

#include "digest/digest.hpp"
#include "remote/agent_requests.hpp"

namespace marionette::remote {

namespace fs = std::filesystem;

namespace {

/// "a//b/./c/" → "a/b/c"; "" when a segment climbs out ("..").
std::string normalized(const std::string& path) {
  std::string out;
  std::size_t start = 0;
  while (start <= path.size()) {
    std::size_t slash = path.find('/', start);
    if (slash == std::string::npos) slash = path.size();
    std::string segment = path.substr(start, slash - start);
    if (segment == "..") return "";
    if (!segment.empty() && segment != ".") out += (out.empty() ? "" : "/") + segment;
    start = slash + 1;
  }
  return out;
}

/// The bytes of a regular file the agent already has; nullopt when it has none.
std::optional<std::string> local_bytes(const fs::path& path) {
  std::error_code error;
  if (path.empty() || !fs::is_regular_file(path, error)) return std::nullopt;
  std::ifstream in(path, std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  if (!in && !in.eof()) return std::nullopt;
  return bytes.str();
}

/// Whether `bytes` have the checksum a file_metadata gives ({"type":…, "value":"{md5}…"}).
bool has_checksum(const std::string& bytes, const nlohmann::json& metadata) {
  if (!metadata.is_object() || metadata.value("type", "") != "file" ||
      !metadata.contains("checksum") || !metadata["checksum"].is_object())
    return false;
  std::string value = metadata["checksum"].value("value", "");
  std::size_t close = value.find('}');
  if (value.empty() || value[0] != '{' || close == std::string::npos) return false;
  std::optional<digest::Algorithm> algorithm = digest::algorithm_named(value.substr(1, close - 1));
  return algorithm && digest::hex(*algorithm, bytes) == value.substr(close + 1);
}

bool recursive(const catalog::Data& parameters) {
  if (!parameters.contains("recurse")) return false;
  const catalog::Data& recurse = parameters["recurse"];
  if (recurse.is_boolean()) return recurse.get<bool>();
  if (recurse.is_number_integer()) return recurse.get<long>() > 0;
  if (recurse.is_string()) {
    std::string text = recurse.get<std::string>();
    return text == "true" || text == "remote" ||
           (!text.empty() && text != "false" && text != "0" &&
            text.find_first_not_of("0123456789") == std::string::npos);
  }
  return false;
}

class Fetcher {
 public:
  Fetcher(const SendRequest& send, std::string environment, PuppetCompat compat, fs::path dir,
          const Say& say, FetchLimits limits)
      : send_(send),
        environment_(std::move(environment)),
        compat_(compat),
        dir_(std::move(dir)),
        say_(say),
        limits_(limits) {}

  /// `target`: where the resource puts it on this host ("" when unknown), whose content is
  /// used instead of the server's when the checksums agree.
  void source(const std::string& mount_path, bool recurse, const fs::path& target) {
    if (!seen_.insert(mount_path + (recurse ? " recurse" : "")).second) return;
    if (!recurse) {
      std::optional<std::string> have = local_bytes(target);
      if (have && in_sync(mount_path, *have)) return;
      file(mount_path);
      return;
    }
    Request request = file_metadatas_request(environment_, compat_, mount_path, true, "follow");
    http::HttpResponse response = send_(request);
    if (response.status == 404) return;
    nlohmann::json entries = nlohmann::json::parse(response.body, nullptr, false);
    if (response.status != 200 || !entries.is_array()) {
      say_("warning", "Could not read the metadata of puppet:///" + mount_path + ": " +
                          std::to_string(response.status));
      return;
    }
    for (const auto& entry : entries) {
      if (!entry.is_object() || !entry.contains("relative_path") ||
          !entry["relative_path"].is_string())
        continue;
      std::string relative = entry["relative_path"].get<std::string>();
      std::string inside = relative == "." ? mount_path : normalized(mount_path + "/" + relative);
      if (inside.empty()) continue;
      std::string type = entry.value("type", "");
      if (type == "directory") {
        std::error_code ignored;
        fs::create_directories(local_path(inside), ignored);
      } else if (type == "file") {
        std::optional<std::string> have =
            target.empty() ? std::nullopt
                           : local_bytes(relative == "." ? target : target / relative);
        if (have && has_checksum(*have, entry) && keep(inside, *have)) continue;
        file(inside);
      }
    }
  }

  FetchCounts counts() const { return counts_; }

 private:
  /// modules/M/P → DIR/M/files/P.
  fs::path local_path(const std::string& mount_path) const {
    std::string rest = mount_path.substr(8);  // after "modules/"
    std::size_t slash = rest.find('/');
    std::string module = rest.substr(0, slash);
    fs::path path = dir_ / module / "files";
    if (slash != std::string::npos) path /= rest.substr(slash + 1);
    return path;
  }

  /// Metadata first, as Puppet's agent: when the server's checksum is that of the bytes the
  /// host has, they are the source, and no content is fetched.
  bool in_sync(const std::string& mount_path, const std::string& have) {
    if (fetched_.count(mount_path)) return true;
    Request request = file_metadata_request(environment_, compat_, mount_path);
    http::HttpResponse response = send_(request);
    if (response.status != 200) return false;
    nlohmann::json metadata = nlohmann::json::parse(response.body, nullptr, false);
    return has_checksum(have, metadata) && keep(mount_path, have);
  }

  /// Writes the host's own bytes as the source of `mount_path`.
  bool keep(const std::string& mount_path, const std::string& bytes) {
    if (!fetched_.insert(mount_path).second) return true;
    store(mount_path, bytes);
    return true;
  }

  void file(const std::string& mount_path) {
    if (!fetched_.insert(mount_path).second) return;
    Request request = file_content_request(environment_, compat_, mount_path);
    http::HttpResponse response = send_(request);
    if (response.status == 404) return;
    if (response.status != 200) {
      say_("warning",
           "Could not retrieve puppet:///" + mount_path + ": " + std::to_string(response.status));
      return;
    }
    store(mount_path, response.body);
  }

  void store(const std::string& mount_path, const std::string& bytes) {
    counts_.files += 1;
    counts_.bytes += bytes.size();
    if (counts_.files > limits_.max_files || counts_.bytes > limits_.max_bytes)
      throw std::runtime_error("the catalog's puppet:/// sources exceed " +
                               std::to_string(limits_.max_files) + " files or " +
                               std::to_string(limits_.max_bytes) + " bytes");
    fs::path path = local_path(mount_path);
    std::error_code ignored;
    fs::create_directories(path.parent_path(), ignored);
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << bytes;
    if (!out) throw std::runtime_error("cannot write " + path.string());
  }

  const SendRequest& send_;
  std::string environment_;
  PuppetCompat compat_;
  fs::path dir_;
  const Say& say_;
  FetchLimits limits_;
  FetchCounts counts_;
  std::set<std::string> seen_, fetched_;
};

}  // namespace

std::string module_mount_path(const std::string& source) {
  const std::string scheme = "puppet://";
  if (source.compare(0, scheme.size(), scheme) != 0) return "";
  std::size_t slash = source.find('/', scheme.size());
  if (slash == std::string::npos) return "";
  std::string path = normalized(source.substr(slash));
  const std::string mount = "modules/";
  if (path.compare(0, mount.size(), mount) != 0 || path.size() <= mount.size()) return "";
  return path;
}

FetchCounts fetch_file_sources(const catalog::Catalog& catalog, const SendRequest& send,
                               const std::string& environment, PuppetCompat compat,
                               const fs::path& dir, const Say& say, FetchLimits limits) {
  Fetcher fetcher(send, environment, compat, dir, say, limits);
  for (const catalog::Resource& resource : catalog.resources) {
    if (!resource.parameters.contains("source")) continue;
    const catalog::Data& source = resource.parameters["source"];
    std::vector<std::string> sources;
    if (source.is_string()) sources.push_back(source.get<std::string>());
    if (source.is_array())
      for (const auto& item : source)
        if (item.is_string()) sources.push_back(item.get<std::string>());
    // The host's copy stands for the source only when there is one source to compare with.
    fs::path target;
    if (resource.type == "File" && sources.size() == 1)
      target = resource.parameters.contains("path") && resource.parameters["path"].is_string()
                   ? resource.parameters["path"].get<std::string>()
                   : resource.title;
    for (const std::string& each : sources) {
      std::string mount_path = module_mount_path(each);
      if (!mount_path.empty()) fetcher.source(mount_path, recursive(resource.parameters), target);
    }
  }
  return fetcher.counts();
}

}  // namespace marionette::remote
