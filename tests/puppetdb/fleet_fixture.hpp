#pragma once

#include <nlohmann/json.hpp>

#include "puppetdb/fleet_data.hpp"
#include "puppetdb/query_engine.hpp"
#include "puppetdb/store.hpp"

namespace marionette::puppetdb::testing {

/// Three nodes as puppet-terminus-puppetdb would send them: web1 and web2 (Debian, with
/// catalogs exporting and tagging resources, reports), db1 (RedHat, facts only).
class FleetFixture : public ::testing::Test {
 public:
  FleetFixture() : fleet(store, "test") {
    fleet.replace_facts(facts("web1.example.com", "Debian", 12, 3600, {"eth0", "lo"}),
                        "2026-11-29T10:00:00.000Z");
    fleet.replace_facts(facts("web2.example.com", "Debian", 11, 7200, {"eth0"}),
                        "2026-11-29T10:00:01.000Z");
    fleet.replace_facts(facts("db1.example.com", "RedHat", 9, 60, {"ens3"}),
                        "2026-11-29T10:00:02.000Z");
    fleet.replace_catalog(catalog("web1.example.com", "80"), "2026-11-29T10:01:00.000Z");
    fleet.replace_catalog(catalog("web2.example.com", "8080"), "2026-11-29T10:01:01.000Z");
    fleet.store_report(report("web1.example.com", "changed"), "2026-11-29T10:02:00.000Z");
    fleet.store_report(report("web2.example.com", "unchanged"), "2026-11-29T10:02:01.000Z");
  }

  static nlohmann::json facts(const std::string& certname, const std::string& family, int major,
                              int uptime, const std::vector<std::string>& interfaces) {
    nlohmann::json ifaces = nlohmann::json::object();
    for (const auto& name : interfaces) ifaces[name] = {{"mtu", 1500}};
    return {{"certname", certname},
            {"environment", "production"},
            {"producer_timestamp", "2026-11-29T09:59:00.000Z"},
            {"producer", "puppet.example.com"},
            {"values",
             {{"os", {{"family", family}, {"release", {{"major", std::to_string(major)}}}}},
              {"uptime_seconds", uptime},
              {"is_virtual", family == "Debian"},
              {"load", 0.5 * major},
              {"networking", {{"interfaces", ifaces}}},
              {"trusted", {{"certname", certname}, {"authenticated", "remote"}}},
              {"kernel", "Linux"}}}};
  }

  static nlohmann::json catalog(const std::string& certname, const std::string& port) {
    return {{"certname", certname},
            {"version", "1700000000"},
            {"environment", "production"},
            {"transaction_uuid", "11111111-1111-4111-8111-111111111111"},
            {"catalog_uuid", "22222222-2222-4222-8222-222222222222"},
            {"code_id", nullptr},
            {"job_id", nullptr},
            {"producer_timestamp", "2026-11-29T09:59:30.000Z"},
            {"producer", "puppet.example.com"},
            {"resources",
             {{{"type", "Class"},
               {"title", "Main"},
               {"tags", {"class"}},
               {"exported", false},
               {"parameters", nlohmann::json::object()}},
              {{"type", "Class"},
               {"title", "Apache"},
               {"tags", {"class", "apache"}},
               {"exported", false},
               {"file", "/etc/puppet/code/site.pp"},
               {"line", 3},
               {"parameters", {{"port", port}}}},
              {{"type", "File"},
               {"title", "/etc/motd"},
               {"tags", {"file", "class", "motd"}},
               {"exported", false},
               {"file", "/etc/puppet/code/site.pp"},
               {"line", 7},
               {"parameters", {{"ensure", "file"}, {"content", "hello"}}}},
              {{"type", "Host"},
               {"title", certname},
               {"tags", {"host", "exported"}},
               {"exported", true},
               {"parameters", {{"ip", "10.0.0.1"}, {"ensure", "present"}}}}}},
            {"edges",
             {{{"source", {{"type", "Class"}, {"title", "Main"}}},
               {"target", {{"type", "Class"}, {"title", "Apache"}}},
               {"relationship", "contains"}},
              {{"source", {{"type", "Class"}, {"title", "Apache"}}},
               {"target", {{"type", "File"}, {"title", "/etc/motd"}}},
               {"relationship", "contains"}}}}};
  }

  static nlohmann::json report(const std::string& certname, const std::string& status) {
    nlohmann::json events = nlohmann::json::array();
    if (status == "changed")
      events.push_back({{"status", "success"},
                        {"timestamp", "2026-11-29T09:59:50.000Z"},
                        {"name", "content"},
                        {"property", "content"},
                        {"new_value", "{md5}a"},
                        {"old_value", "{md5}b"},
                        {"corrective_change", false},
                        {"message", "content changed"}});
    return {{"certname", certname},
            {"environment", "production"},
            {"puppet_version", "7.23.0"},
            {"report_format", 12},
            {"configuration_version", "1700000000"},
            {"start_time", "2026-11-29T09:59:40.000Z"},
            {"end_time", "2026-11-29T09:59:55.000Z"},
            {"producer_timestamp", "2026-11-29T09:59:56.000Z"},
            {"producer", "puppet.example.com"},
            {"corrective_change", false},
            {"noop", false},
            {"noop_pending", false},
            {"transaction_uuid", "11111111-1111-4111-8111-111111111111"},
            {"catalog_uuid", "22222222-2222-4222-8222-222222222222"},
            {"code_id", nullptr},
            {"job_id", nullptr},
            {"cached_catalog_status", "not_used"},
            {"status", status},
            {"resources",
             {{{"timestamp", "2026-11-29T09:59:50.000Z"},
               {"resource_type", "File"},
               {"resource_title", "/etc/motd"},
               {"skipped", false},
               {"file", "/etc/puppet/code/site.pp"},
               {"line", 7},
               {"containment_path", {"Stage[main]", "Apache", "File[/etc/motd]"}},
               {"corrective_change", false},
               {"events", events}}}},
            {"metrics", {{{"category", "time"}, {"name", "total"}, {"value", 1.5}}}},
            {"logs",
             {{{"file", nullptr},
               {"line", nullptr},
               {"level", "info"},
               {"message", "Applied"},
               {"source", "Puppet"},
               {"tags", {"info"}},
               {"time", "2026-11-29T09:59:55.000Z"}}}}};
  }

  nlohmann::json rows(const std::string& entity, const nlohmann::json& query, Paging paging = {}) {
    QueryEngine engine(fleet);
    return engine.entity_query(entity, query, paging).rows;
  }

  std::vector<std::string> certnames(const std::string& entity, const nlohmann::json& query) {
    std::vector<std::string> names;
    for (const auto& row : rows(entity, query)) names.push_back(row["certname"]);
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());
    return names;
  }

  MemoryStore store;
  FleetData fleet;
};

}  // namespace marionette::puppetdb::testing
