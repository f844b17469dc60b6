#pragma once

#include <string>

namespace marionette::fleet_status {

/// A report as Puppet 7's agent sends it (fields and metrics block in Puppet's shape; trimmed
/// to what matters here, with a resource status and a log line a summary must drop).
inline std::string report_text(const std::string& status, int changed = 0, int failed = 0,
                               const std::string& environment = "production") {
  return R"({"host":"node","time":"2026-11-29T12:00:00.000000000+00:00",)"
         R"("configuration_version":"1764417600","report_format":12,"puppet_version":"7.23.0",)"
         R"("status":")" +
         status +
         R"(","transaction_completed":true,"noop":false,)"
         R"("noop_pending":false,"environment":")" +
         environment +
         R"(",)"
         R"("logs":[{"level":"notice","message":"Applied catalog","source":"Puppet"}],)"
         R"("metrics":{"resources":{"name":"resources","label":"Resources","values":[)"
         R"(["total","Total",7],["skipped","Skipped",0],["failed","Failed",)" +
         std::to_string(failed) + R"(],["changed","Changed",)" + std::to_string(changed) +
         R"(],["out_of_sync","Out of sync",)" + std::to_string(changed + failed) +
         R"(]]},)"
         R"("time":{"name":"time","label":"Time","values":[["file","File",0.0123],)"
         R"(["config_retrieval","Config retrieval",0.25],["total","Total",1.5]]},)"
         R"("changes":{"name":"changes","label":"Changes","values":[["total","Total",)" +
         std::to_string(changed) +
         R"(]]},)"
         R"("events":{"name":"events","label":"Events","values":[["total","Total",)" +
         std::to_string(changed + failed) + R"(],["failure","Failure",)" + std::to_string(failed) +
         R"(]]}},)"
         R"("resource_statuses":{"File[/tmp/x]":{"title":"/tmp/x","failed":false}},)"
         R"("cached_catalog_status":"not_used"})";
}

}  // namespace marionette::fleet_status
