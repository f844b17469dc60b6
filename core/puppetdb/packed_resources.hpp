#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace marionette::puppetdb {

/// A catalog's resources as the store keeps them: grouped by type (a query by type reads only
/// its group), each resource a tuple [title, tags, exported, file, line, parameters] (the type
/// and the field names are not repeated per resource).
std::map<std::string, std::string> pack_by_type(const nlohmann::json& resources);

/// The resources of one packed group (those of `title` only, when given), each {type, title,
/// tags, exported, file, line, parameters} as the catalog document held them; appended to
/// `into`.
void unpack_resources(const std::string& type, const std::string& packed, nlohmann::json& into,
                      const std::optional<std::string>& title = std::nullopt);

}  // namespace marionette::puppetdb
