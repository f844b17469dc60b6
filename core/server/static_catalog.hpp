#pragma once

// Puppet's static catalogs (static_catalogs, on by default): the file resources whose
// puppet:///modules/ sources lie in the environment's modules get their metadata inlined in
// the catalog ("metadata" by title, "recursive_metadata" by title then source), each with the
// content_uri the agent fetches through /puppet/v3/static_file_content, and the catalog gets a
// code_id, so that an agent whose files are in sync asks the server for none of them.

#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>

#include "catalog/catalog.hpp"
#include "server/file_serving.hpp"

namespace marionette::server {

/// The first of the agent's checksum types ("sha256.sha384.sha512.sha224.md5") that the server
/// knows (sha256, sha384, sha512, sha224, md5), as Puppet's catalog compiler picks it; nullopt
/// when there is none.
std::optional<std::string> common_checksum_type(const std::string& agent_types);

/// The server's checksum types, dot-free, as Puppet's error lists them ("[:sha256, …]").
std::string known_checksum_types_text();

/// The inlined metadata of one catalog.
struct InlinedMetadata {
  nlohmann::ordered_json metadata = nlohmann::ordered_json::object();
  nlohmann::ordered_json recursive_metadata = nlohmann::ordered_json::object();
};

/// A file resource whose sources the server cannot describe: Puppet's compile fails with
/// "Could not get metadata for SOURCE".
class MissingSourceMetadata : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Puppet's inline_metadata: for each File resource not ensure => absent whose sources are all
/// puppet: URIs, the metadata of the first source found (recursing, as file_metadatas, when
/// recurse is true or remote: the first source found, or all with sourceselect => all), with
/// the resource's links, checksum (else `checksum_type`), source_permissions, recurselimit and
/// ignore; kept only when the source is a `modules` mount path whose file lies in
/// ENV_DIR/*/*/files/. Throws MissingSourceMetadata when no source of a plain (not recursive)
/// resource exists.
InlinedMetadata inline_metadata(const catalog::Catalog& catalog, const FileMounts& mounts,
                                const std::filesystem::path& env_dir,
                                const std::string& checksum_type);

/// The code_id of a static catalog: a digest of its environment and its inlined metadata, so
/// that the same code gives the same id.
std::string static_code_id(const std::string& environment, const InlinedMetadata& inlined);

/// The catalog's JSON (catalog::to_json, which ends with its "classes") with "metadata" and
/// "recursive_metadata" after "classes", as Puppet writes them (each left out when empty).
std::string with_inlined_metadata(std::string catalog_json, const InlinedMetadata& inlined);

/// /puppet/v3/static_file_content's path check, as puppetserver's: MOUNT/MODULE/files/REST
/// with no "." or ".." segment.
bool valid_static_file_path(const std::string& path);

}  // namespace marionette::server
