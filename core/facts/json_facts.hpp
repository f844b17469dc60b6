#pragma once

#include <string_view>

#include "facts/facts.hpp"

namespace marionette::facts {

/// Parses JSON into Facts keeping key order, as Facts::parse does, but in linear time: Facts'
/// own key lookup is a linear search, so Facts::parse of an object of 50,000 keys took half a
/// minute. A later duplicate key replaces the value and keeps the first one's place. Throws
/// std::runtime_error for text that is not JSON or nests deeper than Ruby's JSON.parse allows
/// (rubyish/json_nesting.hpp).
Facts parse_json_facts(std::string_view text);

/// Sets each entry of the object `from` in the object `into` (a name already there keeps its
/// place), in linear time; `rename` (lowercase, say) may change the names on the way.
void set_all(Facts& into, const Facts& from, std::string (*rename)(std::string) = nullptr);

}  // namespace marionette::facts
