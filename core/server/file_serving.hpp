#pragma once

#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "server/fileserver_config.hpp"

namespace marionette::server {

/// Puppet's file server mounts over a module path: `modules/MODULE/PATH` (MODULE's files/),
/// `plugins/PATH` (every module's lib/, merged), `pluginfacts/PATH` (every module's
/// facts.d/) and `locales/PATH` (every module's locales/), the first module directory having
/// a name winning as in the compiler; and fileserver.conf's own mounts (`NAME/PATH` under its
/// directory, expanded for the client's certname).
class FileMounts {
 public:
  explicit FileMounts(std::vector<std::filesystem::path> modulepath,
                      std::map<std::string, DirectoryMount> custom = {}, std::string certname = "")
      : modulepath_(std::move(modulepath)),
        custom_(std::move(custom)),
        certname_(std::move(certname)) {}

  /// The file a mount path names (`modules/ntp/ntp.conf`); nullopt when there is none, the path
  /// climbs out (`..`) or the mount is unknown.
  std::optional<std::filesystem::path> find(const std::string& mount_path) const;

  /// The roots a search of `mount_path` walks (several for plugins). For plugins and
  /// pluginfacts with no module providing any, Puppet's answer: the first modulepath entry,
  /// searched without recursion (an empty tree).
  struct Roots {
    std::vector<std::filesystem::path> dirs;
    bool recursion_allowed = true;
  };
  std::optional<Roots> search_roots(const std::string& mount_path) const;

 private:
  std::optional<std::filesystem::path> module_dir(const std::string& name) const;
  std::vector<std::filesystem::path> merged(const std::string& subdir) const;

  std::optional<std::filesystem::path> custom_path(const std::vector<std::string>& parts) const;

  std::vector<std::filesystem::path> modulepath_;
  std::map<std::string, DirectoryMount> custom_;
  std::string certname_;
  /// module_dir's answers: a request's mounts (a static catalog's sources, one request's
  /// search) ask for the same few modules again and again.
  mutable std::map<std::string, std::optional<std::filesystem::path>, std::less<>> module_dirs_;
};

/// How metadata is asked for (the query of file_metadata(s)).
struct MetadataOptions {
  std::string links = "manage";          ///< manage | follow
  std::string checksum_type = "sha256";  ///< md5, sha1, sha256, …, mtime, ctime, none
  bool recurse = false;
  std::optional<int> recurselimit;
  std::vector<std::string> ignore;  ///< globs of names to leave out
  /// source_permissions=use (or use_when_creating): the file's own owner, group and mode;
  /// otherwise (ignore, Puppet's default) the server's euid and egid and mode 0644, as
  /// Puppet's file server answers.
  bool use_source_permissions = false;
};

MetadataOptions metadata_options_from(
    const std::vector<std::pair<std::string, std::string>>& query);

/// How many times a regular file's content has been hashed for its checksum rather than taken
/// from the process's cache (tests): a file is hashed again when its inode, size, mtime or ctime
/// changed.
std::size_t file_content_hashes();

/// Puppet's file_metadata of one file (relative_path null).
nlohmann::ordered_json file_metadata(const std::filesystem::path& path,
                                     const MetadataOptions& options);

/// Puppet's file_metadatas: the root (relative_path ".") and, recursing, every entry below it
/// by relative path (each entry's "path" is its root's, as Puppet's), several roots merged with the
/// first having a path winning. Bounded: at most `max_entries`, then std::runtime_error.
nlohmann::ordered_json file_metadatas(const std::vector<std::filesystem::path>& roots,
                                      const MetadataOptions& options,
                                      std::size_t max_entries = 100'000);

}  // namespace marionette::server
