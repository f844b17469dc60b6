#include "puppetdb/packed_resources.hpp"

#include "puppetdb/json_scan.hpp"
#include "puppetdb/store.hpp"

namespace marionette::puppetdb {

using Json = nlohmann::json;

std::map<std::string, std::string> pack_by_type(const Json& resources) {
  std::map<std::string, Json> groups;
  for (const Json& resource : resources) {
    Json& group = groups[resource["type"].get<std::string>()];
    if (group.is_null()) group = Json::array();
    group.push_back(Json::array({resource["title"], resource["tags"], resource["exported"],
                                 resource["file"], resource["line"], resource["parameters"]}));
  }
  std::map<std::string, std::string> packed;
  for (const auto& [type, group] : groups) packed[type] = group.dump();
  return packed;
}

void unpack_resources(const std::string& type, const std::string& packed, Json& into,
                      const std::optional<std::string>& title) {
  auto add = [&](Json& tuple) {
    if (!tuple.is_array() || tuple.size() != 6)
      throw StoreError("a packed resource of type " + type + " is not a 6-tuple");
    into.push_back({{"type", type},
                    {"title", std::move(tuple[0])},
                    {"tags", std::move(tuple[1])},
                    {"exported", std::move(tuple[2])},
                    {"file", std::move(tuple[3])},
                    {"line", std::move(tuple[4])},
                    {"parameters", std::move(tuple[5])}});
  };
  if (title) {  // only the tuples of that title are parsed: their first element read first
    const std::string quoted = Json(*title).dump();
    for_each_json_element(packed, [&](std::string_view tuple) {
      std::size_t at = tuple.find_first_not_of(" \n\r\t", 1);
      if (at == std::string_view::npos || tuple[0] != '[')
        throw StoreError("a packed resource of type " + type + " is not a 6-tuple");
      std::string_view first = tuple.substr(at, skip_json_value(tuple, at) - at);
      // the title as dumped, or (an escape written otherwise) as parsed
      if (first != quoted && (first.find('\\') == std::string_view::npos ||
                              Json::parse(first, nullptr, false) != *title))
        return true;
      Json parsed = Json::parse(tuple, nullptr, false);
      add(parsed);
      return true;
    });
    return;
  }
  Json group = Json::parse(packed, nullptr, false);
  if (!group.is_array()) throw StoreError("the resources of type " + type + " are not JSON");
  for (Json& tuple : group) add(tuple);
}

}  // namespace marionette::puppetdb
