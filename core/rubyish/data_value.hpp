#pragma once

#include <nlohmann/json.hpp>

#include "rubyish/value.hpp"

namespace marionette::rubyish {

/// The Ruby object JSON.parse or Psych gives for the data: null nil, objects Hashes (keys as
/// strings, in order), arrays Arrays, numbers Integers or Floats, strings and booleans themselves.
RubyValue from_data(const nlohmann::ordered_json& data);

}  // namespace marionette::rubyish
