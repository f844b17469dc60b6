#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "catalog/catalog.hpp"

namespace marionette::puppetdb {

/// What the store keeps of a catalog marionette server compiled, written straight from the
/// compiled catalog: the same JSON texts that FleetData::replace_catalog hashes and packs for
/// the command catalog_command(catalog) builds, without building that command or the stored
/// resources' documents (a large catalog's are tens of MiB of JSON nodes, built, dumped and
/// freed on every compile).
///
/// The texts are those of nlohmann::json::dump() of the stored documents: objects' keys sorted
/// (as a parse of the catalog's text gives), strings escaped as dump() escapes them, a float
/// written by dump() and a non-finite one as null, a resource's tags sorted and unique, its file
/// and line null unless it has both.
struct CompiledCatalogText {
  /// PuppetDB's catalog hash: the SHA-1 of [resources, edges, environment].
  std::string hash;
  /// The edges (relationship metaparameters' first, then the containment edges), as stored.
  std::string edges;
};

/// The hash and edges of the catalog; nullopt when one of its strings is not UTF-8 (the
/// catalog's JSON has such sequences replaced: the caller stores what that JSON gives).
std::optional<CompiledCatalogText> compiled_catalog_text(const catalog::Catalog& catalog);

/// The catalog's resources as pack_by_type packs them, by type. Only for a catalog that
/// compiled_catalog_text accepted.
std::map<std::string, std::string> packed_compiled_resources(const catalog::Catalog& catalog);

/// A resource's tags as the store keeps them: sorted, each once (views of the resource's).
std::vector<std::string_view> stored_tags(const catalog::Resource& resource);

}  // namespace marionette::puppetdb
