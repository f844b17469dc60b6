#pragma once

#include <functional>
#include <string>
#include <vector>

#include "catalog/catalog.hpp"
#include "ral/file_spec.hpp"
#include "ral/host.hpp"

namespace marionette::ral {

/// Whether a file path is managed by a resource of the catalog itself.
using DeclaredPath = std::function<bool(const std::string& path)>;

/// Puppet's recursion of a directory (File's eval_generate): one File resource per entry below
/// `spec.path` (local entries unless recurse => remote) and below its source, to `recurselimit`
/// levels, skipping `ignore` patterns and whatever the catalog declares itself (with what lies
/// under it). A child inherits the parent's parameters except ensure, recurse, recurselimit,
/// target, source and content; one from the source gets that entry's source and ensure; with
/// purge, one the source does not have gets ensure => absent. Sorted by path.
std::vector<catalog::Resource> recursive_children(const catalog::Resource& parent,
                                                  const FileSpec& spec, Host host,
                                                  const DeclaredPath& declared);

}  // namespace marionette::ral
