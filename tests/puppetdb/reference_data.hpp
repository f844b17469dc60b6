// What the tests of marionette's PuppetDB API against PuppetDB 7.12's recorded answers share:
// the recordings (tests/puppetdb/reference, written by bench/puppetdb_reference.py), the
// commands replayed into a fleet, and the rules by which answers are compared.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <string>
#include <vector>

#include "http/http_message.hpp"
#include "puppetdb/fleet_data.hpp"
#include "puppetdb/http_api.hpp"

namespace marionette::puppetdb {

using nlohmann::json;

inline const std::string kReference =
    std::string(MARIONETTE_SOURCE_DIR) + "/tests/puppetdb/reference/";

inline json read_json(const std::string& name) {
  std::ifstream in(kReference + name);
  if (!in) return nullptr;
  return json::parse(in);
}

inline json normalized(const json& value, bool ordered_top, bool top = true) {
  static const std::regex hash("^[0-9a-f]{40}$");
  static const std::regex time(R"(^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:?\d\d)$)");
  static const std::regex hash_in_path("/[0-9a-f]{40}/");
  if (value.is_object()) {
    json out = json::object();
    for (const auto& [key, member] : value.items()) {
      out[key] = normalized(member, false, false);
      // a resource's tags are a set: PuppetDB answers them in no particular order
      if (key == "tags" && member.is_array()) std::sort(out[key].begin(), out[key].end());
    }
    return out;
  }
  if (value.is_array()) {
    std::vector<json> items;
    bool all_objects = true;
    for (const json& member : value) {
      items.push_back(normalized(member, false, false));
      all_objects = all_objects && member.is_object();
    }
    if ((top && !ordered_top) || (!top && all_objects))
      std::sort(items.begin(), items.end(),
                [](const json& a, const json& b) { return a.dump() < b.dump(); });
    return json(items);
  }
  if (value.is_string()) {
    const std::string text = value;
    if (std::regex_match(text, hash)) return "<hash>";
    if (std::regex_match(text, time) && !text.starts_with("2026-11-28")) return "<received>";
    return std::regex_replace(text, hash_in_path, "/<hash>/");
  }
  return value;
}

/// PuppetDB's client in the recordings: the server, which submits for every node.
inline Submitter reference_submitter() {
  return {"puppetdb.example.com", true};
}

/// The commands bench/puppetdb_reference.py sent to PuppetDB, sent to marionette's handler.
inline void replay_commands(const json& commands, FleetData& fleet) {
  for (const json& command : commands) {
    http::HttpRequest request;
    request.method = "POST";
    request.path = "/pdb/cmd/v1";
    std::string name = command["command"];
    std::replace(name.begin(), name.end(), ' ', '_');
    request.query = {{"command", name},
                     {"version", std::to_string(command["version"].get<int>())},
                     {"certname", command["payload"]["certname"]}};
    request.body = command["payload"].dump();
    http::HttpResponse response = handle_puppetdb(request, fleet, reference_submitter());
    ASSERT_EQ(response.status, 200) << name << ": " << response.body;
  }
}

}  // namespace marionette::puppetdb
