#pragma once

#include <atomic>
#include <chrono>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "ca/autosign.hpp"
#include "ca/certificate_authority.hpp"
#include "daemon/run_settings.hpp"
#include "facts/facts.hpp"
#include "http/http_message.hpp"
#include "server/address_ranges.hpp"
#include "server/file_serving.hpp"
#include "server/metrics_endpoint.hpp"
#include "server/server_metrics.hpp"
#include "server/server_options.hpp"
#include "server/tls.hpp"

namespace marionette::catalog {
struct Catalog;
}

namespace marionette::puppetdb {
class FleetData;
class Store;
class StorePool;
}  // namespace marionette::puppetdb

namespace marionette::server {

// The HTTP messages the server reads and writes (core/http, shared with the HTTPS client).
using http::HttpLimits;
using http::HttpReader;
using http::HttpReadError;
using http::HttpRequest;
using http::HttpResponse;
using http::parse_form;
using http::percent_decode;
using http::serialize;

/// What `marionette server` serves and how: what its own options set (ServerOptions), and what
/// the settings and the host give.
struct ServerSettings : ServerOptions {
  std::filesystem::path ssldir;
  std::string certname;
  std::vector<std::string> alt_names;  ///< of the server's own certificate ("DNS:x", "IP:y")
  std::string bind_address = "0.0.0.0";
  int port = 8140;
  bool reuse_port = false;         ///< SO_REUSEPORT: servers started with it share the port
  std::string autosign = "false";  ///< Puppet's autosign: true, false or a file
  /// A compile server's CA server (Puppet's ca_server and ca_port), whose CRL it refreshes.
  std::string ca_server;
  int ca_port = 8140;
  /// The environment, module path, state dir, Redis: what a compile and the report store use.
  /// An agent asking for another environment gets it from environmentpath.
  daemon::RunSettings run;
  compiler::EnvironmentSettings environments;
  std::filesystem::path reportdir;  ///< reports as JSON: REPORTDIR/NODE/YYYYMMDDHHMMSS.json
  /// Puppet's fileserverconfig: fileserver.conf's custom mounts (none when it is missing).
  std::filesystem::path fileserverconfig;
  HttpLimits limits;  ///< message_timeout bounds a whole request, its body included
  /// The server's own facts every compile gets as $server_facts (serverversion, servername,
  /// serverip, serverip6), found once at start as Puppet's catalog compiler finds them.
  facts::Facts server_facts = facts::Facts::object();
};

/// The settings a SIGHUP reads again without a restart (Api::reload_settings): the autosign
/// policy (the setting, and the autosign.conf or executable it names, read at each CSR anyway),
/// static_catalogs, and metrics_anonymous_from.
struct ReloadableSettings {
  std::string autosign = "false";
  bool static_catalogs = true;
  std::string metrics_anonymous_from;
};

/// Puppet 7's agent API: dispatches one request, after authorization, to the CA, catalog, node,
/// report, file serving and status endpoints. Thread-safe: workers call it at once.
class Api {
 public:
  explicit Api(const ServerSettings& settings);
  ~Api();
  HttpResponse handle(const HttpRequest& request, const PeerIdentity& peer,
                      const std::string& client_ip);
  ServerMetrics& metrics() { return metrics_; }
  /// Takes `settings` for the requests that follow (requests being served keep the ones they
  /// started with). Throws std::invalid_argument (the old ones kept) for a value it refuses.
  void reload_settings(const ReloadableSettings& settings);
  /// The fleet /metrics exposes per node (a server with Redis); set before serving.
  void set_fleet(const metrics::FleetRegistry* fleet) { fleet_ = fleet; }
  /// PuppetDB's garbage collection of the API's data, now: node-ttl, node-purge-ttl and
  /// report-ttl as the settings give them. Failures are logged to stderr, never fatal.
  void collect_puppetdb_garbage();
  /// Hands the memory freed by the PuppetDB requests served and the catalogs stored since the
  /// last call back to the system (malloc_trim); nothing when there were none. The server calls it
  /// every second, so that an idle server holds what it keeps, not its largest query's peak.
  /// Whether it trimmed.
  bool give_back_freed_memory();

 private:
  void log_server_error(const HttpRequest& request, const HttpResponse& response);
  HttpResponse ca_endpoint(const HttpRequest& request, const std::string& rest);
  HttpResponse set_certificate_status(const HttpRequest& request, const std::string& name);
  HttpResponse node_endpoint(const HttpRequest& request, const std::string& name);
  HttpResponse catalog_endpoint(const HttpRequest& request, const std::string& name,
                                const PeerIdentity& peer);
  HttpResponse report_endpoint(const HttpRequest& request, const std::string& name);
  HttpResponse file_endpoint(const HttpRequest& request, const PeerIdentity& peer,
                             const std::string& kind, const std::string& mount_path);
  /// GET /puppet/v3/static_file_content/PATH?environment=E&code_id=C: a static catalog's
  /// content_uri (a file of a module in the environment), as puppetserver answers it.
  HttpResponse static_file_content_endpoint(const HttpRequest& request, const std::string& path);
  /// The file server's mounts over the module path of a request's environment, and
  /// fileserver.conf's, expanded for the client `certname`.
  FileMounts mounts_for(const daemon::RunSettings& run, const std::string& certname = "") const;
  /// PuppetDB's API (/pdb/…, core/puppetdb) over the fleet's store, for the clients the
  /// certificate allowlist names.
  HttpResponse puppetdb_endpoint(const HttpRequest& request, const PeerIdentity& peer);
  /// Runs `use` with the PuppetDB data: in Redis when the server has one (a connection leased
  /// from puppetdb_pool_), else in this process's memory.
  void with_puppetdb(const std::function<void(puppetdb::FleetData&)>& use);
  void init_puppetdb();
  /// Stores what the server itself learns as PuppetDB's commands would: the facts and the
  /// catalog of a compile, a report received. Failures are logged to stderr, never fatal.
  /// The facts get `trusted` (the compile's $trusted), as puppet-terminus-puppetdb adds it.
  /// The catalog's command is built from `catalog` (moved from), or from `catalog_json`, its
  /// text, when the model cannot give it.
  void store_compiled(const std::string& node, const facts::Facts& facts,
                      const facts::Facts& trusted, const std::string& environment,
                      catalog::Catalog&& catalog, const std::string& catalog_json);
  void store_report(const std::string& report_json);
  /// The run settings of the request's environment (?environment=), resolved from
  /// environmentpath when it is not the configured one; throws std::runtime_error.
  daemon::RunSettings settings_for(const HttpRequest& request) const;
  bool static_catalogs_in(const daemon::RunSettings& run) const;

  /// The reloadable settings in force: a request takes them once (current()).
  struct Reloadable {
    ca::AutosignPolicy autosign;
    bool static_catalogs;
    AddressRanges metrics_anonymous;
  };
  std::shared_ptr<const Reloadable> current() const;

  const ServerSettings& settings_;
  ca::CertificateAuthority ca_;
  mutable std::mutex reloadable_mutex_;
  std::shared_ptr<const Reloadable> reloadable_;
  ServerMetrics metrics_;
  std::unique_ptr<puppetdb::Store> puppetdb_memory_;  ///< without Redis
  /// With Redis: the connections kept between requests, one per worker and for the timer.
  std::unique_ptr<puppetdb::StorePool> puppetdb_pool_;
  std::optional<std::set<std::string>> puppetdb_allowlist_;
  std::atomic<bool> memory_to_give_back_{false};  ///< since give_back_freed_memory trimmed
  MetricsEndpoint metrics_endpoint_;
  std::unique_ptr<FileServerConfig> fileserver_;  ///< fileserver.conf, read again when changed
  const metrics::FleetRegistry* fleet_ = nullptr;
};

/// A request refused with the answer Puppet gives (400 for an environment name it refuses, 404
/// for an environment it cannot find), thrown from deep in an endpoint to Api::handle.
struct RequestError : std::runtime_error {
  RequestError(HttpResponse answer)
      : std::runtime_error("refused with " + std::to_string(answer.status)),
        response(std::move(answer)) {}
  HttpResponse response;
};

/// Puppet's JSON error body for /puppet/v3: {"message": …, "issue_kind": …}.
HttpResponse puppet_error(int status, const std::string& message, const std::string& issue_kind);
/// A text/plain answer (the CA's errors, 403s).
HttpResponse text_response(int status, const std::string& body);
/// The 404 of a path no endpoint serves, as puppetserver's web server writes it:
/// {"message":"Not Found","url":PATH,"status":"404"}, one member a line.
HttpResponse no_handler(const std::string& path);

}  // namespace marionette::server
