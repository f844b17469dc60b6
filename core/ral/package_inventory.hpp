#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ral/host.hpp"

namespace marionette::ral {

/// What dpkg says about one package: "installed" with a version, "config-files" (removed, its
/// configuration kept) or absent from the map (purged, never installed).
struct InstalledPackage {
  std::string status;  ///< the third word of dpkg's Status: installed, config-files, half-…
  std::string version;
};

/// Puppet's prefetch for dpkg/apt: every package's state from one dpkg-query call, shared by the
/// package resources of one run and read again only after a change.
class PackageInventory {
 public:
  explicit PackageInventory(CommandRunner& commands) : commands_(commands) {}

  /// The package's state; sets `error` when dpkg-query could not run.
  std::optional<InstalledPackage> find(const std::string& name, std::string& error);
  /// Every package dpkg knows (installed or with its configuration kept), sorted; sets `error`
  /// when dpkg-query could not run.
  std::vector<std::string> names(std::string& error);
  /// After an install or removal: the next find asks dpkg again.
  void invalidate() { loaded_ = false; }
  std::size_t queries() const { return queries_; }

  /// The inventory of the current run: shared while any package resource holds it.
  static std::shared_ptr<PackageInventory> shared(CommandRunner& commands);

 private:
  bool load(std::string& error);

  CommandRunner& commands_;
  bool loaded_ = false;
  std::size_t queries_ = 0;
  std::map<std::string, InstalledPackage> packages_;
};

/// Parses dpkg-query lines "<want> <flag> <status>\t<package>\t<version>".
std::map<std::string, InstalledPackage> parse_dpkg_query(const std::string& output);

}  // namespace marionette::ral
