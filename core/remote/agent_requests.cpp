#include "remote/agent_requests.hpp"

#include <chrono>
#include <cstdio>
#include <ctime>
#include <random>

#include "http/http_message.hpp"
#include "marionette/version.hpp"
#include "text/time_text.hpp"

namespace marionette::remote {

namespace {

using http::percent_encode;

// What the agent accepts: Puppet's JSON (rich_data off: plain JSON values only) or PSON.
constexpr const char* kAccept = "application/json, text/pson";

/// Puppet's http_user_agent names its version: the one whose behaviour the run follows.
Headers base_headers(const char* accept, PuppetCompat compat) {
  return {{"Accept", accept},
          {"User-Agent", std::string("Puppet/") + puppet_version_of(compat) + " marionette"}};
}

std::string query(const std::vector<std::pair<std::string, std::string>>& fields) {
  std::string out;
  for (const auto& [name, value] : fields)
    out += (out.empty() ? "" : "&") + name + "=" + percent_encode(value);
  return out;
}

/// Puppet's Time#iso8601(9) in UTC: 2026-11-26T08:00:00.123456789+00:00.
std::string iso8601(std::chrono::system_clock::time_point when) {
  return text::iso8601_nanoseconds(
      std::chrono::duration_cast<std::chrono::nanoseconds>(when.time_since_epoch()).count());
}

std::string file_target(const char* kind, const std::string& mount_path,
                        const std::vector<std::pair<std::string, std::string>>& fields) {
  return std::string("/puppet/v3/") + kind + "/" + percent_encode(mount_path, true) + "?" +
         query(fields);
}

}  // namespace

std::string make_uuid() {
  thread_local std::mt19937_64 random(
      std::random_device{}() ^
      static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count()));
  std::uint64_t high = random(), low = random();
  high = (high & 0xFFFFFFFFFFFF0FFFULL) | 0x0000000000004000ULL;  // version 4
  low = (low & 0x3FFFFFFFFFFFFFFFULL) | 0x8000000000000000ULL;    // RFC 4122 variant
  char text[40];
  std::snprintf(text, sizeof text, "%08llx-%04llx-%04llx-%04llx-%012llx",
                static_cast<unsigned long long>(high >> 32),
                static_cast<unsigned long long>((high >> 16) & 0xFFFF),
                static_cast<unsigned long long>(high & 0xFFFF),
                static_cast<unsigned long long>(low >> 48),
                static_cast<unsigned long long>(low & 0xFFFFFFFFFFFFULL));
  return text;
}

Request node_request(const RunIdentity& run) {
  return {"GET",
          "/puppet/v3/node/" + percent_encode(run.certname) + "?" +
              query({{"environment", run.environment},
                     {"configured_environment", run.environment},
                     {"transaction_uuid", run.transaction_uuid}}),
          base_headers(kAccept, run.compat), ""};
}

std::string facts_document(const facts::Facts& values, const RunIdentity& run, bool noop) {
  facts::Facts document = facts::Facts::object();
  document["name"] = run.certname;
  facts::Facts sent = values.is_object() ? values : facts::Facts::object();
  sent["clientcert"] = run.certname;
  sent["clientversion"] = puppet_version_of(run.compat);
  sent["clientnoop"] = noop;
  document["values"] = std::move(sent);
  auto now = std::chrono::system_clock::now();
  document["timestamp"] = iso8601(now);
  document["expiration"] = iso8601(now + std::chrono::minutes(30));  // Puppet's facts ttl
  return document.dump();
}

Request catalog_request(const RunIdentity& run, const std::string& facts_json) {
  // The facts are encoded once on their own, then again as a form value, as Puppet's agent
  // does.
  std::string body = query({{"facts_format", "application/json"},
                            {"facts", percent_encode(facts_json)},
                            {"environment", run.environment},
                            {"configured_environment", run.environment},
                            {"check_environment", "false"},
                            {"transaction_uuid", run.transaction_uuid},
                            {"job_uuid", ""},
                            {"static_catalog", "true"},
                            {"checksum_type", "sha256.sha384.sha512.sha224.md5"}});
  Headers headers = base_headers(kAccept, run.compat);
  headers.emplace_back("Content-Type", "application/x-www-form-urlencoded");
  return {"POST",
          "/puppet/v3/catalog/" + percent_encode(run.certname) + "?" +
              query({{"environment", run.environment}}),
          std::move(headers), std::move(body)};
}

Request report_request(const RunIdentity& run, const std::string& report_json) {
  Headers headers = base_headers(kAccept, run.compat);
  headers.emplace_back("Content-Type", "application/json");
  return {"PUT",
          "/puppet/v3/report/" + percent_encode(run.certname) + "?" +
              query({{"environment", run.environment}}),
          std::move(headers), report_json};
}

Request file_metadatas_request(const std::string& environment, PuppetCompat compat,
                               const std::string& mount_path, bool recurse,
                               const std::string& links, const std::string& ignore) {
  std::vector<std::pair<std::string, std::string>> fields = {
      {"environment", environment},
      {"links", links},
      {"recurse", recurse ? "true" : "false"},
      {"source_permissions", "ignore"},
      {"checksum_type", "sha256"}};
  if (!ignore.empty()) fields.emplace_back("ignore", ignore);
  return {"GET", file_target("file_metadatas", mount_path, fields), base_headers(kAccept, compat),
          ""};
}

Request pluginsync_metadatas_request(const std::string& environment, PuppetCompat compat,
                                     const std::string& mount,
                                     const std::string& source_permissions) {
  return {"GET",
          file_target("file_metadatas", mount,
                      {{"environment", environment},
                       {"links", "follow"},
                       {"recurse", "true"},
                       {"source_permissions", source_permissions},
                       {"ignore", ".svn"},
                       {"ignore", "CVS"},
                       {"ignore", ".git"},
                       {"ignore", ".hg"},
                       {"checksum_type", "sha256"}}),
          base_headers(kAccept, compat), ""};
}

Request file_metadata_request(const std::string& environment, PuppetCompat compat,
                              const std::string& mount_path) {
  return {"GET",
          file_target("file_metadata", mount_path,
                      {{"environment", environment},
                       {"links", "manage"},
                       {"checksum_type", "sha256"},
                       {"source_permissions", "ignore"}}),
          base_headers(kAccept, compat), ""};
}

Request file_content_request(const std::string& environment, PuppetCompat compat,
                             const std::string& mount_path) {
  return {"GET", file_target("file_content", mount_path, {{"environment", environment}}),
          base_headers("application/octet-stream", compat), ""};
}

Request static_file_content_request(const std::string& environment, PuppetCompat compat,
                                    const std::string& path, const std::string& code_id) {
  return {"GET",
          file_target("static_file_content", path,
                      {{"environment", environment}, {"code_id", code_id}}),
          base_headers("application/octet-stream", compat), ""};
}

}  // namespace marionette::remote
