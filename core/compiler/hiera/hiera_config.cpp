#include "compiler/hiera/hiera_config.hpp"

#include <sys/stat.h>

#include <cstdint>
#include <mutex>
#include <stdexcept>
#include <unordered_map>

#include "compiler/hiera/file_stamp.hpp"
#include "facts/facts.hpp"
#include "lang/diagnostic.hpp"
#include "rubyish/psych_error.hpp"

namespace marionette::compiler::hiera {

namespace fs = std::filesystem;

namespace {

[[noreturn]] void fail(const fs::path& file, const std::string& message) {
  throw std::runtime_error(file.string() + ": error: " + message);
}

std::vector<std::string> strings_of(const catalog::Data& data, const fs::path& file,
                                    const char* what) {
  std::vector<std::string> out;
  if (data.is_string()) return {data.get<std::string>()};
  if (!data.is_array()) fail(file, std::string("'") + what + "' must be a string or an array");
  for (const auto& item : data) {
    if (!item.is_string()) fail(file, std::string("'") + what + "' must hold strings");
    out.push_back(item.get<std::string>());
  }
  return out;
}

HierarchyLevel read_level(const catalog::Data& entry, const fs::path& dir,
                          const std::string& default_datadir, const std::string& default_data_hash,
                          const fs::path& file) {
  if (!entry.is_object()) fail(file, "each hierarchy entry must be a hash");
  HierarchyLevel level;
  level.name = entry.value("name", std::string());
  level.datadir = dir / entry.value("datadir", default_datadir);
  level.data_hash = entry.value("data_hash", default_data_hash);
  if (level.data_hash.empty() && !entry.contains("lookup_key") && !entry.contains("data_dig"))
    fail(file,
         "One of data_hash, lookup_key, data_dig, or hiera3_backend must be defined in "
         "hierarchy '" +
             level.name + "'");
  for (const char* unsupported : {"lookup_key", "data_dig"})
    if (entry.contains(unsupported))
      fail(file, std::string("hierarchy level '") + level.name + "': " + unsupported +
                     " backends are not supported yet (only yaml_data and json_data)");
  if (level.data_hash != "yaml_data" && level.data_hash != "json_data" &&
      level.data_hash != "hocon_data")
    fail(file, "hierarchy level '" + level.name + "': data_hash '" + level.data_hash +
                   "' is not supported (only yaml_data, json_data and hocon_data)");
  if (entry.contains("path")) level.paths = strings_of(entry["path"], file, "path");
  if (entry.contains("paths")) level.paths = strings_of(entry["paths"], file, "paths");
  if (entry.contains("glob")) level.globs = strings_of(entry["glob"], file, "glob");
  if (entry.contains("globs")) level.globs = strings_of(entry["globs"], file, "globs");
  if (entry.contains("uri") || entry.contains("uris"))
    fail(file, "hierarchy level '" + level.name + "': uri/uris need a lookup_key backend");
  if (entry.contains("mapped_paths")) {
    level.mapped_paths = strings_of(entry["mapped_paths"], file, "mapped_paths");
    if (level.mapped_paths.size() != 3)
      fail(file, "hierarchy level '" + level.name + "': mapped_paths needs 3 strings");
  }
  if (level.paths.empty() && level.globs.empty() && level.mapped_paths.empty())
    level.paths = {level.name};  // Puppet uses the name as the path when none is given
  return level;
}

}  // namespace

std::optional<HieraConfig> load_config(const fs::path& dir, bool use_default) {
  fs::path file = dir / "hiera.yaml";
  if (!fs::exists(file)) {
    if (!use_default) return std::nullopt;
    HieraConfig config;
    config.hierarchy.push_back({"Common", dir / "data", "yaml_data", {"common.yaml"}, {}, {}});
    return config;
  }
  return load_config_file(file);
}

namespace {

struct CachedConfig {
  FileStamp stamp;
  HieraConfig config;
};

std::mutex configs_mutex;
std::unordered_map<std::string, CachedConfig> configs;  // guarded by configs_mutex

HieraConfig read_config_file(const fs::path& file);

}  // namespace

HieraConfig load_config_file(const fs::path& given) {
  fs::path file = fs::absolute(given);
  struct stat info {};
  if (::stat(file.c_str(), &info) != 0 || !S_ISREG(info.st_mode))
    fail(file, "no such Hiera configuration");
  // Each compile reads the configurations again: the process keeps the last reading of each
  // while the file is unchanged.
  const FileStamp stamp = FileStamp::of(info);
  {
    std::lock_guard lock(configs_mutex);
    auto found = configs.find(file.native());
    if (found != configs.end() && found->second.stamp == stamp) return found->second.config;
  }
  HieraConfig config = read_config_file(file);
  if (stamp.settled()) {
    std::lock_guard lock(configs_mutex);
    if (configs.size() >= 4096) configs.clear();
    configs[file.native()] = CachedConfig{stamp, config};
  }
  return config;
}

namespace {

HieraConfig read_config_file(const fs::path& file) {
  fs::path dir = file.parent_path();
  HieraConfig config;
  config.file = file;
  catalog::Data data;
  try {
    data = facts::load_yaml_file(file, facts::RubyDates::Refused);
  } catch (const lang::SourceError& e) {  // placed in hiera.yaml, worded as Psych words it
    throw lang::SourceError(rubyish::psych_message(e, file.string()), e.where());
  }
  if (!data.contains("version") || data["version"] != 5)
    fail(file, "only Hiera 5 configurations (version: 5) are supported");
  // As in Puppet, yaml_data is the backend only when there are no `defaults` at all: defaults
  // that name none leave each hierarchy entry to name its own.
  std::string datadir = "data", data_hash = "yaml_data";
  if (data.contains("defaults")) {
    const catalog::Data& defaults = data["defaults"];
    datadir = defaults.value("datadir", datadir);
    data_hash = defaults.value("data_hash", std::string());
  }
  if (data.contains("hierarchy")) {
    if (!data["hierarchy"].is_array()) fail(file, "'hierarchy' must be an array");
    for (const auto& entry : data["hierarchy"])
      config.hierarchy.push_back(read_level(entry, dir, datadir, data_hash, file));
  } else {
    config.hierarchy.push_back({"Common", dir / datadir, data_hash, {"common.yaml"}, {}, {}});
  }
  return config;
}

}  // namespace

}  // namespace marionette::compiler::hiera
