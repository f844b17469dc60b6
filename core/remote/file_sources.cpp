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

std::string normalized_relative(const std::string& path) {
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

namespace {

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

}  // namespace

bool matches_checksum(const std::string& bytes, const nlohmann::json& metadata) {
  if (!metadata.is_object() || metadata.value("type", "") != "file" ||
      !metadata.contains("checksum") || !metadata["checksum"].is_object())
    return false;
  std::string value = metadata["checksum"].value("value", "");
  std::size_t close = value.find('}');
  if (value.empty() || value[0] != '{' || close == std::string::npos) return false;
  std::optional<digest::Algorithm> algorithm = digest::algorithm_named(value.substr(1, close - 1));
  return algorithm && digest::hex(*algorithm, bytes) == value.substr(close + 1);
}

namespace {

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

/// "puppet:///modules/demo/files/x" or "puppet://host/…" → "modules/demo/files/x"; "" when
/// it is not a puppet: URI with a path that stays inside.
std::string content_path(const std::string& content_uri) {
  const std::string scheme = "puppet://";
  if (content_uri.compare(0, scheme.size(), scheme) != 0) return "";
  std::size_t slash = content_uri.find('/', scheme.size());
  return slash == std::string::npos ? "" : normalized_relative(content_uri.substr(slash));
}

class Fetcher {
 public:
  Fetcher(const SendRequest& send, std::string environment, PuppetCompat compat, fs::path dir,
          const Say& say, const InlinedFiles& inlined, FetchLimits limits)
      : send_(send),
        environment_(std::move(environment)),
        compat_(compat),
        dir_(std::move(dir)),
        say_(say),
        inlined_(inlined),
        limits_(limits) {}

  /// A plain (not recursive) source list: the first source the server has. `target`: where
  /// the resource puts it on this host ("" when unknown), whose content is used instead of the
  /// server's when the checksums agree.
  void plain(const std::string& title, const std::vector<std::string>& sources,
             const fs::path& target) {
    if (const nlohmann::json* metadata = inlined(inlined_.metadata, title)) {
      std::string mount_path = module_mount_path(metadata->value("source", ""));
      if (!mount_path.empty()) return settle(mount_path, *metadata, target);
    }
    for (const std::string& source : sources) {
      std::string mount_path = module_mount_path(source);
      if (mount_path.empty()) continue;
      if (!seen_.insert(mount_path + " " + target.string()).second) return;
      http::HttpResponse response = send_(file_metadata_request(environment_, compat_, mount_path));
      if (response.status == 404) continue;
      nlohmann::json metadata = nlohmann::json::parse(response.body, nullptr, false);
      if (response.status != 200 || !metadata.is_object()) {
        say_("warning", "Could not read the metadata of puppet:///" + mount_path + ": " +
                            std::to_string(response.status));
        return;
      }
      return settle(mount_path, metadata, target);
    }
  }

  /// A recursive source list: the first source found, or all of them (sourceselect => all).
  void recursive(const std::string& title, const std::vector<std::string>& sources, bool select_all,
                 const fs::path& target) {
    const nlohmann::json* by_source = inlined(inlined_.recursive_metadata, title);
    for (const std::string& source : sources) {
      std::string mount_path = module_mount_path(source);
      if (mount_path.empty()) continue;
      nlohmann::json entries;
      if (by_source && by_source->contains(source) && (*by_source)[source].is_array()) {
        entries = (*by_source)[source];
      } else if (by_source) {
        continue;  // the server found no such source when it compiled
      } else {
        http::HttpResponse response =
            send_(file_metadatas_request(environment_, compat_, mount_path, true, "follow"));
        if (response.status == 404) continue;
        entries = nlohmann::json::parse(response.body, nullptr, false);
        if (response.status != 200 || !entries.is_array()) {
          say_("warning", "Could not read the metadata of puppet:///" + mount_path + ": " +
                              std::to_string(response.status));
          return;
        }
      }
      tree(mount_path, entries, target);
      if (!select_all) return;
    }
  }

  FetchCounts counts() const { return counts_; }

 private:
  static const nlohmann::json* inlined(const nlohmann::json& by_title, const std::string& title) {
    if (!by_title.is_object()) return nullptr;
    auto found = by_title.find(title);
    return found != by_title.end() && found->is_object() ? &*found : nullptr;
  }

  void tree(const std::string& mount_path, const nlohmann::json& entries, const fs::path& target) {
    for (const auto& entry : entries) {
      if (!entry.is_object() || !entry.contains("relative_path") ||
          !entry["relative_path"].is_string())
        continue;
      std::string relative = entry["relative_path"].get<std::string>();
      std::string inside =
          relative == "." ? mount_path : normalized_relative(mount_path + "/" + relative);
      if (inside.empty()) continue;
      std::string type = entry.value("type", "");
      if (type == "directory") {
        std::error_code ignored;
        fs::create_directories(local_path(inside), ignored);
      } else if (type == "file") {
        settle(inside, entry,
               target.empty() ? fs::path() : (relative == "." ? target : target / relative));
      }
    }
  }

  /// Metadata in hand: the host's bytes when they have its checksum, else the content.
  void settle(const std::string& mount_path, const nlohmann::json& metadata,
              const fs::path& target) {
    if (fetched_.count(mount_path) || metadata.value("type", "") != "file") return;
    std::optional<std::string> have = local_bytes(target);
    if (have && matches_checksum(*have, metadata)) {
      fetched_.insert(mount_path);
      store(mount_path, *have);
      return;
    }
    std::string static_path =
        inlined_.code_id.empty() ? "" : content_path(metadata.value("content_uri", ""));
    file(mount_path,
         static_path.empty()
             ? file_content_request(environment_, compat_, mount_path)
             : static_file_content_request(environment_, compat_, static_path, inlined_.code_id));
  }

  /// modules/M/P → DIR/M/files/P.
  fs::path local_path(const std::string& mount_path) const {
    std::string rest = mount_path.substr(8);  // after "modules/"
    std::size_t slash = rest.find('/');
    std::string module = rest.substr(0, slash);
    fs::path path = dir_ / module / "files";
    if (slash != std::string::npos) path /= rest.substr(slash + 1);
    return path;
  }

  void file(const std::string& mount_path, const Request& request) {
    if (!fetched_.insert(mount_path).second) return;
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
  const InlinedFiles& inlined_;
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
  std::string path = normalized_relative(source.substr(slash));
  const std::string mount = "modules/";
  if (path.compare(0, mount.size(), mount) != 0 || path.size() <= mount.size()) return "";
  return path;
}

InlinedFiles inlined_files_of(const std::string& catalog_json) {
  InlinedFiles inlined;
  nlohmann::json document = nlohmann::json::parse(catalog_json, nullptr, false);
  if (!document.is_object()) return inlined;
  if (document.contains("metadata") && document["metadata"].is_object())
    inlined.metadata = std::move(document["metadata"]);
  if (document.contains("recursive_metadata") && document["recursive_metadata"].is_object())
    inlined.recursive_metadata = std::move(document["recursive_metadata"]);
  if (document.contains("code_id") && document["code_id"].is_string())
    inlined.code_id = document["code_id"].get<std::string>();
  return inlined;
}

FetchCounts fetch_file_sources(const catalog::Catalog& catalog, const SendRequest& send,
                               const std::string& environment, PuppetCompat compat,
                               const fs::path& dir, const Say& say, const InlinedFiles& inlined,
                               FetchLimits limits) {
  Fetcher fetcher(send, environment, compat, dir, say, inlined, limits);
  for (const catalog::Resource& resource : catalog.resources) {
    if (!resource.parameters.contains("source")) continue;
    const catalog::Data& source = resource.parameters["source"];
    std::vector<std::string> sources;
    if (source.is_string()) sources.push_back(source.get<std::string>());
    if (source.is_array())
      for (const auto& item : source)
        if (item.is_string()) sources.push_back(item.get<std::string>());
    fs::path target;
    if (resource.type == "File")
      target = resource.parameters.contains("path") && resource.parameters["path"].is_string()
                   ? resource.parameters["path"].get<std::string>()
                   : resource.title;
    if (recursive(resource.parameters)) {
      const bool select_all = resource.parameters.contains("sourceselect") &&
                              resource.parameters["sourceselect"] == "all";
      fetcher.recursive(resource.title, sources, select_all, target);
    } else {
      fetcher.plain(resource.title, sources, target);
    }
  }
  return fetcher.counts();
}

}  // namespace marionette::remote
