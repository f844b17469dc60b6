#pragma once

#include <cstdint>
#include <filesystem>
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

/// Fetches every `puppet:///modules/` source of the catalog's resources from the server
/// (file_content; for a recursive source, file_metadatas and then each file's content) into
/// DIR/MODULE/files/PATH, the layout the RAL resolves such sources in (ral/file_source.hpp), so
/// the catalog applies as if the modules were here. Metadata first, as Puppet's agent: when the
/// file resource's own path already holds a file, file_metadata (or the recursive source's
/// file_metadatas entry) is compared with its checksum, and when they agree the host's bytes
/// stand for the source and no file_content is asked. A source the server does not have is left
/// out (the resource then fails as Puppet's does). Requests go through `send`; throws what it
/// throws when the server cannot be reached and std::runtime_error past the limits.
FetchCounts fetch_file_sources(const catalog::Catalog& catalog, const SendRequest& send,
                               const std::string& environment, PuppetCompat compat,
                               const std::filesystem::path& dir, const Say& say,
                               FetchLimits limits = {});

}  // namespace marionette::remote
