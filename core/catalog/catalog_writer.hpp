#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "catalog/catalog.hpp"
#include "catalog/json_writer.hpp"

namespace marionette::catalog {

/// Pieces of a catalog's JSON for writers whose resources are held in another form (the
/// compiler writes its resources straight from what it compiled): the bytes are to_json's.

/// A resource's keys before "parameters", in Puppet's order: `{"type":…,"title":…,"tags":[…],
/// "file":…,"line":…,"exported":…,"kind":…`. The caller then writes `,"parameters":{…}` when
/// there are any, and `}`.
void write_resource_start(JsonWriter& json, std::string_view type, std::string_view title,
                          const std::vector<std::string>& tags, const std::string* file,
                          std::optional<int> line, bool exported, std::string_view kind);

/// The same in two pieces, for a writer that writes the tags array itself in between:
/// `{"type":…,"title":…,"tags":`, then `,"file":…,"line":…,"exported":…,"kind":…`.
void write_resource_head(JsonWriter& json, std::string_view type, std::string_view title);
void write_resource_tail(JsonWriter& json, const std::string* file, std::optional<int> line,
                         bool exported, std::string_view kind);

/// A containment edge: `{"source":…,"target":…}`.
void write_edge(JsonWriter& json, std::string_view source, std::string_view target);
/// The same from the two resources' types and titles (`Type[title]` written without a copy).
/// `source_written` holds the source as an earlier call wrote it, copied instead of written
/// again (a container is the source of an edge to each resource it holds); when empty, it
/// is set to what this call writes.
void write_edge(JsonWriter& json, std::string_view source_type, std::string_view source_title,
                std::string_view target_type, std::string_view target_title,
                std::string& source_written);

/// The whole document around the resources and edges: `resources` and `edges` write their
/// items, comma separated, without the brackets; `header`'s own resources and edges are unused.
void write_catalog(JsonWriter& json, const Catalog& header,
                   const std::function<void(JsonWriter&)>& resources,
                   const std::function<void(JsonWriter&)>& edges);

}  // namespace marionette::catalog
