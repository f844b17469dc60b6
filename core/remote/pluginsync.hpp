#pragma once

// Puppet's pluginsync: before its facts, the agent mirrors the server's `pluginfacts` mount
// (every module's facts.d) into $vardir/facts.d and its `plugins` mount (every module's lib:
// lib/facter's custom facts, lib/puppet's types and providers) into $vardir/lib.

#include <cstdint>
#include <filesystem>
#include <string>

#include "marionette/version.hpp"
#include "remote/host_certificate.hpp"
#include "remote/server_retries.hpp"

namespace marionette::remote {

/// Where pluginsync puts what it fetches, under the agent's vardir.
struct PluginDirs {
  std::filesystem::path lib;      ///< Puppet's plugindest, $vardir/lib
  std::filesystem::path facts_d;  ///< Puppet's pluginfactdest, $vardir/facts.d
  std::filesystem::path facter() const { return lib / "facter"; }
};

PluginDirs plugin_dirs_under(const std::filesystem::path& vardir);

/// How much pluginsync may fetch of one mount.
struct PluginsyncLimits {
  std::size_t max_files = 10'000;
  std::uint64_t max_bytes = 256ULL << 20;
};

/// "Retrieving pluginfacts", then "Retrieving plugin", as Puppet's agent: each mount's
/// file_metadatas (recurse, links follow, Puppet's pluginsignore), each file whose checksum
/// differs from the local copy fetched with file_content and replaced atomically (pluginfacts
/// with the server's mode, source_permissions use; plugins 0644), directories made, and what
/// the server no longer has purged; each change said as Puppet's File resource says it. A mount
/// the server cannot describe leaves the local copy as it is, with a warning. Throws what
/// `send` throws when the server cannot be reached.
void pluginsync(const SendRequest& send, const std::string& environment, PuppetCompat compat,
                const PluginDirs& dirs, const Say& say, PluginsyncLimits limits = {});

}  // namespace marionette::remote
