#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace marionette::load {

/// What a run needs of the catalog it got: its top-level `version` when it is an integer (else
/// 0), or nullopt when the body is not a JSON object with `resources` (then the run failed).
/// The whole text is parsed, as the agent parses every catalog, but no document is built: the
/// load tool runs on the server's cores, and a medium catalog's tree cost it as much as a third
/// of the server's CPU for the catalog.
std::optional<std::int64_t> catalog_version(std::string_view body);

}  // namespace marionette::load
