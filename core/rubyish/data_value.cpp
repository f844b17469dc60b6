#include "rubyish/data_value.hpp"

#include <cstdint>
#include <string>

namespace marionette::rubyish {

RubyValue from_data(const nlohmann::ordered_json& data) {
  switch (data.type()) {
    case nlohmann::ordered_json::value_t::boolean:
      return data.get<bool>();
    case nlohmann::ordered_json::value_t::number_integer:
    case nlohmann::ordered_json::value_t::number_unsigned:
      return data.get<std::int64_t>();
    case nlohmann::ordered_json::value_t::number_float:
      return data.get<double>();
    case nlohmann::ordered_json::value_t::string:
      return data.get<std::string>();
    case nlohmann::ordered_json::value_t::array: {
      RubyArray items;
      items.reserve(data.size());
      for (const auto& item : data) items.push_back(from_data(item));
      return items;
    }
    case nlohmann::ordered_json::value_t::object: {
      RubyHash pairs;
      pairs.reserve(data.size());
      for (const auto& [key, item] : data.items()) pairs.emplace_back(key, from_data(item));
      return pairs;
    }
    default:
      return {};
  }
}

}  // namespace marionette::rubyish
