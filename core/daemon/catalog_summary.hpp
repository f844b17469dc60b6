#pragma once

#include <filesystem>

#include "catalog/catalog.hpp"
#include "daemon/run_once.hpp"

namespace marionette::daemon {

/// Puppet's write_catalog_summary, before the catalog is applied: STATEDIR/classes.txt (the
/// catalog's classes, one a line) and STATEDIR/resources.txt (the managed resources as
/// lower-cased references, `file[/etc/motd]`, in catalog order), both mode 0640. A resource is
/// managed when it sets a property of its type (Puppet's Type#managed?), so classes, stages
/// and defined types are left out. A file that cannot be written is an err, as in Puppet
/// ("Could not create class file PATH: WHY"); the run goes on.
void write_catalog_summary(const catalog::Catalog& catalog, const std::filesystem::path& state_dir,
                           const RunLog& log);

}  // namespace marionette::daemon
