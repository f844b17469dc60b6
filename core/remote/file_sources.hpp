#pragma once

#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "catalog/catalog.hpp"
#include "https_client/https_client.hpp"
#include "marionette/version.hpp"
#include "remote/host_certificate.hpp"
#include "remote/server_retries.hpp"

namespace marionette::remote {

/// How much a run may fetch: nothing the server sends is trusted to be small.
struct FetchLimits {
  std::size_t max_files = 10'000;
  std::uint64_t max_bytes = 1ULL << 30;
};

struct FetchCounts {
  std::size_t files = 0;
  std::uint64_t bytes = 0;
};

/// "puppet:///modules/ntp/a/b" or "puppet://server/modules/ntp/a/b" → "modules/ntp/a/b": the
/// mount path a file server request names; "" for any other source.
std::string module_mount_path(const std::string& source);

/// "a//b/./c/" → "a/b/c"; "" when a segment climbs out ("..").
std::string normalized_relative(const std::string& path);

/// Whether `bytes` have the checksum a file metadata gives ({"type": "file", "checksum":
/// {"value": "{sha256}…"}}).
bool matches_checksum(const std::string& bytes, const nlohmann::json& metadata);

/// What a static catalog carries beside its resources (Puppet's static_catalogs): the file
/// metadata the server inlined, by resource title ("metadata"), and by title then source for
/// recursive sources ("recursive_metadata"), and the code_id its content_uris are asked with.
struct InlinedFiles {
  nlohmann::json metadata = nlohmann::json::object();
  nlohmann::json recursive_metadata = nlohmann::json::object();
  std::string code_id;
};

/// The inlined metadata of a catalog's JSON; empty when it has none or is not JSON.
InlinedFiles inlined_files_of(const std::string& catalog_json);

/// Fetches every `puppet:///modules/` source of the catalog's resources from the server into
/// DIR/MODULE/files/PATH, the layout the RAL resolves such sources in (ral/file_source.hpp), so
/// the catalog applies as if the modules were here. Metadata first, as Puppet's agent: the
/// file resource's metadata is the static catalog's (`inlined`), else file_metadata for each
/// source in turn until one is found (file_metadatas for a recursive source); when the
/// resource's own path already holds a file whose checksum is the metadata's, the host's bytes
/// stand for the source and nothing more is asked; otherwise the content is fetched, through
/// static_file_content with the catalog's code_id when the metadata has a content_uri, else
/// file_content. A source the server does not have is left out (the resource then fails as
/// Puppet's does). Requests go through `send`; throws what it throws when the server cannot be
/// reached and std::runtime_error past the limits.
FetchCounts fetch_file_sources(const catalog::Catalog& catalog, const SendRequest& send,
                               const std::string& environment, PuppetCompat compat,
                               const std::filesystem::path& dir, const Say& say,
                               const InlinedFiles& inlined = {}, FetchLimits limits = {});

}  // namespace marionette::remote
