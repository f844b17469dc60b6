#include "server/static_catalog.hpp"

#include <array>
#include <map>
#include <vector>

#include "digest/digest.hpp"

namespace marionette::server {

namespace fs = std::filesystem;

namespace {

constexpr std::array<const char*, 5> kKnownChecksumTypes = {"sha256", "sha384", "sha512", "sha224",
                                                            "md5"};

std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find(separator, start);
    if (end == std::string::npos) end = text.size();
    parts.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return parts;
}

/// A parameter's text when it is a string ("" otherwise).
std::string text_of(const catalog::Data& parameters, const char* name) {
  if (!parameters.contains(name) || !parameters[name].is_string()) return "";
  return parameters[name].get<std::string>();
}

std::vector<std::string> strings_of(const catalog::Data& value) {
  std::vector<std::string> out;
  if (value.is_string()) out.push_back(value.get<std::string>());
  if (value.is_array())
    for (const auto& item : value)
      if (item.is_string()) out.push_back(item.get<std::string>());
  return out;
}

/// Puppet's source normalization: trailing slashes dropped.
std::string normalized_source(std::string source) {
  while (source.size() > 1 && source.back() == '/') source.pop_back();
  return source;
}

/// "puppet:///modules/demo/x" → "modules/demo/x"; nullopt for a source naming a server (which
/// Puppet would ask over the network) or one that is not puppet:///.
std::optional<std::string> local_mount_path(const std::string& source) {
  const std::string prefix = "puppet:///";
  if (source.compare(0, prefix.size(), prefix) != 0) return std::nullopt;
  return source.substr(prefix.size());
}

bool known_mount(const std::string& mount_path) {
  std::string mount = mount_path.substr(0, mount_path.find('/'));
  return mount == "modules" || mount == "plugins" || mount == "pluginfacts";
}

/// The path of `full` inside the environment when it is ENV_DIR/A/B/files/REST (Puppet's
/// inlineable_metadata?), else nullopt.
/// `env` is the environment's directory resolved (weakly_canonical), once for the catalog.
/// Directories resolved by weakly_canonical, for one catalog: its files lie in a few
/// directories, each of whose components weakly_canonical would look at again for every file.
using ResolvedDirs = std::map<fs::path, std::optional<fs::path>>;

/// fs::weakly_canonical(full) for an existing `full` that is not a symbolic link: its resolved
/// directory (kept in `dirs`) and its name. Anything else is resolved whole.
std::optional<fs::path> resolved(const fs::path& full, ResolvedDirs& dirs) {
  std::error_code error;
  fs::file_status status = fs::symlink_status(full, error);
  const fs::path name = full.filename();
  if (error || !fs::exists(status) || fs::is_symlink(status) || name.empty() || name == "." ||
      name == ".." || !full.has_parent_path()) {
    fs::path file = fs::weakly_canonical(full, error);
    if (error) return std::nullopt;
    return file;
  }
  auto [dir, fresh] = dirs.try_emplace(full.parent_path());
  if (fresh) {
    fs::path parent = fs::weakly_canonical(full.parent_path(), error);
    if (!error) dir->second = std::move(parent);
  }
  if (!dir->second) return std::nullopt;
  return *dir->second / name;
}

std::optional<std::string> inside_environment(const fs::path& full,
                                              const std::optional<fs::path>& env,
                                              ResolvedDirs& dirs) {
  if (!env) return std::nullopt;
  std::optional<fs::path> found = resolved(full, dirs);
  if (!found) return std::nullopt;
  const fs::path& file = *found;
  fs::path relative = file.lexically_relative(*env);
  std::string text = relative.generic_string();
  if (text.empty() || text.starts_with("..")) return std::nullopt;
  if (!valid_static_file_path(text)) return std::nullopt;
  return text;
}

bool recursive(const catalog::Data& parameters) {
  if (!parameters.contains("recurse")) return false;
  const catalog::Data& recurse = parameters["recurse"];
  if (recurse.is_boolean()) return recurse.get<bool>();
  return recurse.is_string() && (recurse == "true" || recurse == "remote");
}

MetadataOptions options_for(const catalog::Data& parameters, const std::string& checksum_type,
                            bool recurse) {
  MetadataOptions options;
  options.links = text_of(parameters, "links") == "follow" ? "follow" : "manage";
  std::string checksum = text_of(parameters, "checksum");
  options.checksum_type = checksum.empty() ? checksum_type : checksum;
  std::string permissions = text_of(parameters, "source_permissions");
  options.use_source_permissions = permissions == "use" || permissions == "use_when_creating";
  options.recurse = recurse;
  if (recurse && parameters.contains("recurselimit")) {
    const catalog::Data& limit = parameters["recurselimit"];
    if (limit.is_number_integer()) options.recurselimit = limit.get<int>();
    if (limit.is_string()) {
      try {
        options.recurselimit = std::stoi(limit.get<std::string>());
      } catch (const std::exception&) {
      }
    }
  }
  if (recurse && parameters.contains("ignore")) options.ignore = strings_of(parameters["ignore"]);
  return options;
}

/// Ruby's to_s of the source parameter, as Puppet's error quotes it.
std::string source_text(const catalog::Data& source) {
  if (source.is_string()) return source.get<std::string>();
  std::string out = "[";
  for (const std::string& each : strings_of(source))
    out += (out.size() > 1 ? ", " : "") + nlohmann::json(each).dump();
  return out + "]";
}

}  // namespace

std::optional<std::string> common_checksum_type(const std::string& agent_types) {
  for (const std::string& type : split(agent_types, '.'))
    for (const char* known : kKnownChecksumTypes)
      if (type == known) return type;
  return std::nullopt;
}

std::string known_checksum_types_text() {
  std::string out = "[";
  for (const char* known : kKnownChecksumTypes)
    out += std::string(out.size() > 1 ? ", :" : ":") + known;
  return out + "]";
}

bool valid_static_file_path(const std::string& path) {
  std::vector<std::string> parts = split(path, '/');
  if (parts.size() < 4 || parts[2] != "files") return false;
  for (const std::string& part : parts)
    if (part.empty() || part == "." || part == "..") return false;
  return true;
}

InlinedMetadata inline_metadata(const catalog::Catalog& catalog, const FileMounts& mounts,
                                const fs::path& env_dir, const std::string& checksum_type) {
  InlinedMetadata inlined;
  ResolvedDirs resolved_dirs;
  std::optional<std::optional<fs::path>> resolved_env;  // the environment's directory, resolved
  auto env = [&]() -> const std::optional<fs::path>& {
    if (!resolved_env) {
      std::error_code error;
      fs::path resolved = fs::weakly_canonical(env_dir, error);
      resolved_env = error ? std::nullopt : std::optional<fs::path>(std::move(resolved));
    }
    return *resolved_env;
  };
  for (const catalog::Resource& resource : catalog.resources) {
    if (resource.type != "File" || !resource.parameters.contains("source")) continue;
    const catalog::Data& parameters = resource.parameters;
    std::vector<std::string> sources = strings_of(parameters["source"]);
    if (text_of(parameters, "ensure") == "absent" || sources.empty()) continue;
    bool all_puppet = true, all_here = true;
    for (const std::string& source : sources) {
      all_puppet = all_puppet && source.starts_with("puppet:");
      std::optional<std::string> path = local_mount_path(normalized_source(source));
      all_here = all_here && path && known_mount(*path);
    }
    // Sources on another server or a mount this server does not have are left to the agent.
    if (!all_puppet || !all_here) continue;
    const bool recurse = recursive(parameters);
    MetadataOptions options = options_for(parameters, checksum_type, recurse);

    if (recurse) {
      nlohmann::ordered_json by_source = nlohmann::ordered_json::object();
      bool in_environment = true;
      const bool select_all = text_of(parameters, "sourceselect") == "all";
      for (const std::string& given : sources) {
        std::string source = normalized_source(given);
        std::string mount_path = *local_mount_path(source);
        std::optional<FileMounts::Roots> roots = mounts.search_roots(mount_path);
        if (!roots) continue;
        std::optional<std::string> base;
        if (mount_path.starts_with("modules/") && roots->dirs.size() == 1)
          base = inside_environment(roots->dirs.front(), env(), resolved_dirs);
        if (!base) {
          in_environment = false;
          break;
        }
        nlohmann::ordered_json list = file_metadatas(roots->dirs, options);
        for (auto& entry : list) {
          std::string relative = entry["relative_path"].get<std::string>();
          entry["content_uri"] = "puppet:///" + *base + (relative == "." ? "" : "/" + relative);
        }
        by_source[source] = std::move(list);
        if (!select_all) break;
      }
      if (in_environment && !by_source.empty())
        inlined.recursive_metadata[resource.title] = std::move(by_source);
      continue;
    }

    std::optional<fs::path> found;
    std::string found_source;
    for (const std::string& given : sources) {
      std::string source = normalized_source(given);
      if ((found = mounts.find(*local_mount_path(source)))) {
        found_source = source;
        break;
      }
    }
    if (!found)
      throw MissingSourceMetadata("Could not get metadata for " +
                                  source_text(parameters["source"]));
    std::optional<std::string> inside;
    if (local_mount_path(found_source)->starts_with("modules/"))
      inside = inside_environment(*found, env(), resolved_dirs);
    if (!inside) continue;
    nlohmann::ordered_json metadata = file_metadata(*found, options);
    metadata["content_uri"] = "puppet:///" + *inside;
    metadata["source"] = found_source;
    inlined.metadata[resource.title] = std::move(metadata);
  }
  return inlined;
}

std::string static_code_id(const std::string& environment, const InlinedMetadata& inlined) {
  return digest::hex(digest::Algorithm::sha256, environment + "\n" + inlined.metadata.dump() +
                                                    "\n" + inlined.recursive_metadata.dump());
}

std::string with_inlined_metadata(std::string catalog_json, const InlinedMetadata& inlined) {
  if (inlined.metadata.empty() && inlined.recursive_metadata.empty()) return catalog_json;
  if (catalog_json.empty() || catalog_json.back() != '}') return catalog_json;
  catalog_json.pop_back();
  if (!inlined.metadata.empty()) catalog_json += ",\"metadata\":" + inlined.metadata.dump();
  if (!inlined.recursive_metadata.empty())
    catalog_json += ",\"recursive_metadata\":" + inlined.recursive_metadata.dump();
  catalog_json += '}';
  return catalog_json;
}

}  // namespace marionette::server
