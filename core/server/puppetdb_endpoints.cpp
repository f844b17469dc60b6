// PuppetDB's API in marionette server (core/puppetdb over the fleet's store), and what the
// server itself stores there: the facts and catalog of each compile and each report received,
// as puppet-terminus-puppetdb would send them to PuppetDB.
#include <malloc.h>

#include <atomic>
#include <chrono>
#include <fstream>
#include <nlohmann/json.hpp>

#include "catalog/catalog.hpp"
#include "http/answer_buffers.hpp"
#include "puppetdb/fleet_data.hpp"
#include "puppetdb/http_api.hpp"
#include "puppetdb/store.hpp"
#include "puppetdb/store_pool.hpp"
#include "puppetdb/timestamp.hpp"
#include "puppetdb/wire_format.hpp"
#include "server/api.hpp"
#include "text/text.hpp"
#include "text/whole_line.hpp"

namespace marionette::server {

Api::~Api() = default;

void Api::init_puppetdb() {
  if (!settings_.run.redis) {
    puppetdb_memory_ = std::make_unique<puppetdb::MemoryStore>();
  } else {
    // a connection per worker, and one for the timer's garbage collection and trims
    const std::string url = *settings_.run.redis;
    puppetdb_pool_ = std::make_unique<puppetdb::StorePool>(
        [url] { return puppetdb::make_redis_store(url, std::chrono::milliseconds(2000)); },
        settings_.workers + 1);
  }
  if (settings_.puppetdb_allowlist) {
    std::ifstream in(*settings_.puppetdb_allowlist);
    if (!in)
      throw std::runtime_error("cannot read the certificate allowlist " +
                               settings_.puppetdb_allowlist->string());
    std::set<std::string> names;
    std::string line;
    while (std::getline(in, line)) {
      std::string name(text::trimmed(line, " \t\r"));
      if (!name.empty() && name[0] != '#') names.insert(name);
    }
    puppetdb_allowlist_ = std::move(names);
  }
}

void Api::with_puppetdb(const std::function<void(puppetdb::FleetData&)>& use) {
  const std::string& prefix = settings_.run.redis_prefix;
  if (puppetdb_memory_) {
    puppetdb::FleetData fleet(*puppetdb_memory_, prefix);
    use(fleet);
    return;
  }
  puppetdb::StorePool::Lease store = puppetdb_pool_->take();
  puppetdb::FleetData fleet(*store, prefix);
  use(fleet);
}

HttpResponse Api::puppetdb_endpoint(const HttpRequest& request, const PeerIdentity& peer) {
  const bool listed = puppetdb_allowlist_ && puppetdb_allowlist_->count(peer.certname) > 0;
  if (puppetdb_allowlist_ && !listed) return puppetdb::permission_denied(peer.certname);
  // A node submits commands only for itself; the server and the allowlist for any node.
  const puppetdb::Submitter submitter{peer.certname, listed || peer.certname == settings_.certname};
  HttpResponse response;
  with_puppetdb([&](puppetdb::FleetData& fleet) {
    response = puppetdb::handle_puppetdb(request, fleet, submitter);
  });
  memory_to_give_back_ = true;
  return response;
}

bool Api::give_back_freed_memory() {
  // A query over many nodes' documents allocates tens of MiB for a moment; glibc keeps what is
  // freed in its per-thread arenas. Trimming from the server's timer rather than after each
  // request keeps it out of the requests' time and catches the last request of a burst too.
  // the kept answer buffers (http::AnswerBuffers) too: an idle server holds none
  const bool buffers_released = http::AnswerBuffers::process().release();
  if (!memory_to_give_back_.exchange(false) && !buffers_released) return false;
  malloc_trim(0);
  return true;
}

void Api::collect_puppetdb_garbage() {
  const puppetdb::Retention retention{settings_.run.node_ttl, settings_.run.node_purge_ttl,
                                      settings_.run.report_ttl};
  try {
    const std::int64_t now = *puppetdb::parse_timestamp(puppetdb::now_timestamp());
    with_puppetdb([&](puppetdb::FleetData& fleet) { fleet.collect_garbage(retention, now); });
  } catch (const std::exception& e) {
    text::write_whole_line(stderr, std::string("Warning: PuppetDB's garbage collection (node-ttl, "
                                               "node-purge-ttl, report-ttl) failed: ") +
                                       e.what());
  }
}

void Api::store_compiled(const std::string& node, const facts::Facts& facts,
                         const facts::Facts& trusted, const std::string& environment,
                         catalog::Catalog&& catalog, const std::string& catalog_json) {
  try {
    const std::string now = puppetdb::now_timestamp();
    nlohmann::json values = nlohmann::json::parse(facts.dump());
    if (values.is_object()) values["trusted"] = nlohmann::json::parse(trusted.dump());
    with_puppetdb([&](puppetdb::FleetData& fleet) {
      fleet.replace_facts(
          puppetdb::facts_command(node, environment, values, settings_.certname, now), now);
      // From the compiled catalog itself; its JSON read back only when a string of it is not
      // UTF-8 (the JSON has those sequences replaced).
      if (!fleet.replace_compiled_catalog(catalog, settings_.certname, now))
        fleet.replace_catalog(
            puppetdb::catalog_command(nlohmann::json::parse(catalog_json), settings_.certname, now),
            now);
    });
  } catch (const std::exception& e) {
    text::write_whole_line(stderr, "Warning: could not store the facts and catalog of " + node +
                                       " for the PuppetDB API: " + e.what());
  }
  // A compile and its storing leave tens of MiB free in this thread's arena: without this, a
  // server that compiles on two threads keeps both arenas at their largest catalog's peak. The
  // server's timer gives it back within a second, outside the request's time.
  memory_to_give_back_ = true;
}

void Api::store_report(const std::string& report_json) {
  try {
    const std::string now = puppetdb::now_timestamp();
    nlohmann::json report = nlohmann::json::parse(report_json);
    with_puppetdb([&](puppetdb::FleetData& fleet) {
      fleet.store_report(puppetdb::report_command(report, settings_.certname, now), now);
    });
  } catch (const std::exception& e) {
    text::write_whole_line(
        stderr, std::string("Warning: could not store a report for the PuppetDB API: ") + e.what());
  }
}

}  // namespace marionette::server
