#pragma once

#include <string>

#include "ral/host.hpp"

namespace marionette::ral {

/// Stores `content` (what `path` held) in Puppet's local filebucket layout under `bucket_dir`:
/// <h0>/<h1>/…/<h7>/<sha256>/contents, and the file's path on a line of …/paths. Sets `sum` to
/// the sha256 hex.
IoResult backup_to_filebucket(FileSystem& files, const std::string& bucket_dir,
                              const std::string& path, const std::string& content,
                              std::string& sum);

}  // namespace marionette::ral
