#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace marionette::testing {

/// The differences between two catalogs (Puppet's JSON), compared as shared/tools/catalog-diff
/// compares them, plus resource order: version, catalog_uuid and code_id are ignored, and so is
/// the directory part of `file`; tags, edges and classes compare as sets. Empty when they match.
std::vector<std::string> compare_catalogs(const nlohmann::json& expected,
                                          const nlohmann::json& actual);

}  // namespace marionette::testing
