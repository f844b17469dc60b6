#pragma once

#include <memory>
#include <set>
#include <string>
#include <vector>

#include "ral/host.hpp"

namespace marionette::ral {

/// Puppet's mountinstances for mount_core's parsed provider: what is mounted, from the output of
/// `mount` run without arguments (Linux: "DEVICE on DIR type FSTYPE (OPTIONS)"), listed once per
/// run and then kept up to date by the run's own mount and umount, as Puppet's prefetch and
/// property hash do.
class MountTable {
 public:
  explicit MountTable(Host host) : host_(host) {}

  /// Lists the mounts on first use; false with `error` in Puppet's words when `mount` fails
  /// ("Execution of '/usr/bin/mount' returned 1: …") or prints a line it cannot read
  /// ("Could not understand line LINE from mount output").
  bool load(std::string& error);
  bool mounted(const std::string& name) const { return mounted_.count(name) > 0; }
  /// After the run mounted or unmounted `name`.
  void set_mounted(const std::string& name, bool mounted);
  /// The mount points, sorted.
  std::vector<std::string> names() const { return {mounted_.begin(), mounted_.end()}; }

  /// The table of the current run: shared while any mount resource holds it.
  static std::shared_ptr<MountTable> shared(Host host);

 private:
  Host host_;
  bool loaded_ = false;
  std::set<std::string> mounted_;
};

/// The mount points in `mount`'s output; false with `error` at the first line it cannot read.
bool parse_mount_listing(const std::string& output, std::vector<std::string>& names,
                         std::string& error);

}  // namespace marionette::ral
