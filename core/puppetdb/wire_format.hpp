#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "catalog/catalog.hpp"

namespace marionette::puppetdb {

/// What marionette server knows, put in the wire formats puppet-terminus-puppetdb 7 sends, so
/// that the server's own compiles and the reports it receives are stored as PuppetDB's
/// commands store them. `producer` is the server's certname, `now` the producer_timestamp.

/// The member `name` of a document, or an empty array when it has none: read in place, where
/// json::value() would copy it (a catalog's resources are megabytes of nodes).
const nlohmann::json& member_or_empty(const nlohmann::json& document, const char* name);
/// The same, writable: what a consumer of the document moves its members out of.
nlohmann::json& member_or_empty(nlohmann::json& document, const char* name);
/// The member `name` moved out of `document` (left null there), or `fallback` when it has none:
/// what json::value() gives, without the copy.
nlohmann::json take_member(nlohmann::json& document, const char* name, nlohmann::json fallback);

/// replace facts v5.
nlohmann::json facts_command(const std::string& certname, const std::string& environment,
                             const nlohmann::json& values, const std::string& producer,
                             const std::string& now);

/// replace catalog v9 from Puppet's catalog JSON: edges as {type, title} pairs, the
/// relationship metaparameters (before, require, notify, subscribe) as edges too. The
/// resources' parameters and tags are moved out of `catalog`.
nlohmann::json catalog_command(nlohmann::json catalog, const std::string& producer,
                               const std::string& now);

/// The same from the compiled catalog itself, without writing its JSON and reading it back:
/// equal to catalog_command(parse(catalog::to_json(catalog))), its strings moved in. nullopt when
/// one of its strings is not UTF-8 (catalog::to_json replaces such sequences): the caller stores
/// its JSON instead.
std::optional<nlohmann::json> catalog_command(catalog::Catalog catalog, const std::string& producer,
                                              const std::string& now);

/// The header of the replace-catalog command for a compiled catalog (no resources, no edges):
/// certname, version, environment, uuids, code_id, producer and producer_timestamp.
nlohmann::json catalog_command_header(const catalog::Catalog& catalog, const std::string& producer,
                                      const std::string& producer_timestamp);

/// store report v8 from the report an agent sends (Puppet's report JSON, format 12): metrics
/// flattened, resource statuses with events (or skipped) as resources with their events.
nlohmann::json report_command(const nlohmann::json& report, const std::string& producer,
                              const std::string& now);

}  // namespace marionette::puppetdb
