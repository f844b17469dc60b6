#include "puppetdb/packed_resources.hpp"

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
  Json group = Json::parse(packed, nullptr, false);
  if (!group.is_array()) throw StoreError("the resources of type " + type + " are not JSON");
  for (Json& tuple : group) {
    if (!tuple.is_array() || tuple.size() != 6)
      throw StoreError("a packed resource of type " + type + " is not a 6-tuple");
    if (title && tuple[0] != *title) continue;
    into.push_back({{"type", type},
                    {"title", std::move(tuple[0])},
                    {"tags", std::move(tuple[1])},
                    {"exported", std::move(tuple[2])},
                    {"file", std::move(tuple[3])},
                    {"line", std::move(tuple[4])},
                    {"parameters", std::move(tuple[5])}});
  }
}

}  // namespace marionette::puppetdb
