#pragma once

#include <string>

#include "catalog/catalog.hpp"

namespace marionette::cli {

/// Reads `apply --catalog FILE` as Puppet does before applying anything: the JSON, then each
/// resource as its type takes it. Throws std::runtime_error with Puppet's text ("Could not read
/// catalog FILE: …", "Duplicate declaration: …", "Could not run: no parameter named 'x'").
catalog::Catalog read_catalog_file(const std::string& path);

}  // namespace marionette::cli
