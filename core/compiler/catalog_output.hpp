#pragma once

#include <string>

#include "catalog/catalog.hpp"
#include "compiler/resource_table.hpp"

namespace marionette::compiler {

/// The catalog as Puppet's JSON: the header's fields (name, version, tags, classes, ...), then
/// the table's resources and edges. A large catalog is written in two parts side by side, on
/// two threads; the bytes are the same either way.
std::string catalog_json(const catalog::Catalog& header, const ResourceTable& resources);

}  // namespace marionette::compiler
