#pragma once

#include <functional>
#include <nlohmann/json.hpp>
#include <string>

namespace marionette::puppetdb {

/// Each leaf of a fact (a scalar: PuppetDB keeps no path for an empty map or array) with its
/// path: [name, key or index, …]; a scalar fact is its own leaf at [name].
void for_each_leaf(
    const std::string& name, const nlohmann::json& value,
    const std::function<void(const nlohmann::json& path, const nlohmann::json& leaf)>& visit);
/// The same, stepping over every path (and what is below it) `may_continue` refuses.
void for_each_leaf(
    const std::string& name, const nlohmann::json& value,
    const std::function<void(const nlohmann::json& path, const nlohmann::json& leaf)>& visit,
    const std::function<bool(const nlohmann::json& path)>& may_continue);

/// PuppetDB's name of a fact value's type: string, integer, float, boolean, null, map, array.
std::string fact_type_name(const nlohmann::json& value);

}  // namespace marionette::puppetdb
