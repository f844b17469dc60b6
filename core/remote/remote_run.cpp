#include "remote/remote_run.hpp"

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "indirector/error.hpp"
#include "indirector/registry.hpp"
#include "indirector/report_json.hpp"
#include "remote/agent_requests.hpp"
#include "remote/file_sources.hpp"
#include "remote/pluginsync.hpp"

namespace marionette::remote {

namespace fs = std::filesystem;

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

std::int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

/// The agent's run, step by step, with the outcome it fills.
class RemoteRun {
 public:
  RemoteRun(const RemoteSettings& remote, const daemon::RunSettings& run, const daemon::RunLog& log)
      : remote_(remote),
        run_(run),
        outer_log_(log),
        log_([this](const std::string& level, const std::string& message) {
          // Every line of the run goes to the report too, as Puppet's agent's do.
          said_.push_back({level == "diagnostic" ? "err" : level, "Puppet", message, now_ns()});
          outer_log_(level, message);
        }),
        say_([this](const std::string& level, const std::string& message) {
          if (level == "plain") {
            std::fputs((message + "\n").c_str(), stdout);
            std::fflush(stdout);
          } else {
            log_(level, message);
          }
        }) {}

  daemon::RunOutcome operator()(const std::function<void()>& before_apply) {
    outcome_.node_name = remote_.certificate.certname;
    std::optional<catalog::Catalog> catalog;
    auto retrieval_start = Clock::now();
    try {
      https_client::ClientOptions options;
      options.host = remote_.server;
      options.port = remote_.port;
      options.tls = ensure_host_certificate(remote_.certificate, say_);
      options.connect_timeout = remote_.connect_timeout;
      options.read_timeout = remote_.read_timeout;
      client_ = std::make_unique<https_client::HttpsClient>(options);
      RetrySettings retries = remote_.retries;
      if (!retries.stop_requested) retries.stop_requested = remote_.certificate.stop_requested;
      retries_ = std::make_unique<ServerRetries>(
          *client_, "https://" + remote_.server + ":" + std::to_string(remote_.port), retries,
          say_);
    } catch (const CertificateError& e) {
      outcome_.compile_error = e.what();  // said already, as Puppet's state machine says it
      return outcome_;
    } catch (const https_client::HttpsError& e) {
      outcome_.compile_error = e.what();
      log_("err", e.what());
      return outcome_;
    }
    identity_ = {remote_.certificate.certname, run_.environment, make_uuid(), run_.compat};
    catalog = retrieve_catalog();
    outcome_.compile_seconds = seconds_since(retrieval_start);
    if (!catalog) catalog = cached_catalog();
    if (before_apply) before_apply();
    if (!catalog) {
      log_("err", "Could not retrieve catalog; skipping run");
      send_failed_report();
      client_->close();
      return outcome_;
    }
    apply(*catalog);
    send_report(*catalog);
    client_->close();
    return outcome_;
  }

 private:
  /// The response whatever its status, Retry-After and a restarting server ridden out;
  /// throws RequestFailed with Puppet's HTTP client's words.
  http::HttpResponse send(const Request& request) { return retries_->send(request); }

  http::HttpResponse send_ok(const Request& request) {
    http::HttpResponse response = send(request);
    if (response.status / 100 != 2)
      throw RequestFailed(server_error(response.status, response.content_type, response.body));
    return response;
  }

  /// The node's environment, as the classifier says, wins over the agent's; without an
  /// answer the run goes on in the agent's, as Puppet's does.
  void find_node() {
    nlohmann::json parsed;
    try {
      parsed = nlohmann::json::parse(send_ok(node_request(identity_)).body, nullptr, false);
    } catch (const RequestFailed& e) {
      log_("warning", "Unable to fetch my node definition, but the agent run will continue:");
      log_("warning", e.what());
      return;
    }
    if (!parsed.is_object() || !parsed.contains("environment") ||
        !parsed["environment"].is_string())
      return;
    std::string wanted = parsed["environment"].get<std::string>();
    if (wanted == identity_.environment) return;
    log_("notice", "Local environment: '" + identity_.environment +
                       "' doesn't match server specified node environment '" + wanted +
                       "', switching agent to '" + wanted + "'.");
    identity_.environment = wanted;
  }

  std::optional<catalog::Catalog> retrieve_catalog() {
    try {
      find_node();
      // Pluginsync, then the facts with what it brought, as Puppet's agent.
      PluginDirs plugins = plugin_dirs_under(run_.statedir);
      try {
        pluginsync([this](const Request& r) { return send(r); }, identity_.environment, run_.compat,
                   plugins, say_);
      } catch (const RequestFailed&) {
        throw;
      } catch (const std::exception& e) {
        log_("err", std::string("Failed to retrieve plugins: ") + e.what());
      }
      daemon::RunSettings with_plugins = run_;
      with_plugins.synced_custom_fact_dirs = {plugins.facter()};
      with_plugins.synced_external_fact_dirs = {plugins.facts_d};
      facts::Facts facts = daemon::load_facts(with_plugins);
      http::HttpResponse response =
          send_ok(catalog_request(identity_, facts_document(facts, identity_, run_.noop)));
      catalog::Catalog catalog = catalog::from_json(response.body);
      inlined_ = inlined_files_of(response.body);
      outcome_.compiled = true;
      cache(catalog);
      return catalog;
    } catch (const RequestFailed& e) {
      fail_retrieval(e.what());
    } catch (const catalog::CatalogError& e) {
      fail_retrieval(e.what());
    } catch (const std::exception& e) {  // the facts could not be loaded
      fail_retrieval(e.what());
    }
    return std::nullopt;
  }

  void fail_retrieval(const std::string& why) {
    outcome_.compile_error = "Could not retrieve catalog from remote server: " + why;
    log_("err", outcome_.compile_error);
  }

  indirector::Indirection<catalog::Catalog> catalogs() const {
    return indirector::catalog_indirection(daemon::routes_for(run_),
                                           daemon::terminus_settings_for(run_));
  }

  void cache(const catalog::Catalog& catalog) {
    if (run_.noop) return;
    try {
      auto indirection = catalogs();
      if (!indirection.cache()) return;
      log_("info", "Caching catalog for " + identity_.certname);
      indirection.cache()->save({identity_.certname}, catalog);
    } catch (const std::exception& e) {
      log_("warning", e.what());
    }
  }

  std::optional<catalog::Catalog> cached_catalog() {
    if (!run_.usecacheonfailure) {
      log_("warning", "Not using cache on failed catalog");
      return std::nullopt;
    }
    try {
      auto indirection = catalogs();
      if (!indirection.cache()) return std::nullopt;
      std::optional<catalog::Catalog> cached = indirection.cache()->find({identity_.certname});
      if (!cached) return std::nullopt;
      log_("info", "Using cached catalog from environment '" + cached->environment + "'");
      outcome_.catalog_from_cache = true;
      return cached;
    } catch (const std::exception& e) {
      log_("err", std::string("Could not retrieve catalog from cache: ") + e.what());
      return std::nullopt;
    }
  }

  void apply(const catalog::Catalog& catalog) {
    // The catalog's puppet:/// sources, fetched into a module tree the RAL reads them from.
    fs::path sources = run_.statedir / ("remote_sources." + std::to_string(::getpid()));
    std::error_code ignored;
    fs::remove_all(sources, ignored);
    daemon::RunSettings settings = run_;
    settings.env_dir.reset();
    settings.manifest.reset();
    settings.modulepath = std::vector<fs::path>{sources};
    settings.environment = catalog.environment;
    if (!outcome_.catalog_from_cache) {
      try {
        fetch_file_sources(
            catalog, [this](const Request& r) { return send(r); }, catalog.environment, run_.compat,
            sources, say_, inlined_);
      } catch (const std::exception& e) {
        log_("err", std::string("Could not retrieve the catalog's files: ") + e.what());
      }
    }
    const std::vector<transaction::LogEntry> before = said_;
    daemon::apply_catalog(catalog, settings, log_, outcome_);
    fs::remove_all(sources, ignored);
    // The report has the run's lines from before the transaction too, as Puppet's.
    if (outcome_.report)
      outcome_.report->logs.insert(outcome_.report->logs.begin(), before.begin(), before.end());
  }

  void send_report(const catalog::Catalog& catalog) {
    if (!outcome_.report) return;
    put_report(*outcome_.report, &catalog);
  }

  /// No catalog: Puppet's agent still reports the run, failed, with its log.
  void send_failed_report() {
    transaction::Report report;
    report.status = "failed";
    report.catalog_name = identity_.certname;
    report.environment = identity_.environment;
    report.run_mode = "agent";
    report.noop = run_.noop;
    report.transaction_completed = false;
    report.logs = said_;
    put_report(report, nullptr);
  }

  void put_report(const transaction::Report& run_report, const catalog::Catalog* catalog) {
    nlohmann::json report =
        nlohmann::json::parse(indirector::report_to_json(run_report, identity_.certname));
    report["transaction_uuid"] = identity_.transaction_uuid;
    if (catalog) report["catalog_uuid"] = catalog->catalog_uuid;
    if (catalog && catalog->code_id) report["code_id"] = *catalog->code_id;
    report["master_used"] = remote_.server + ":" + std::to_string(remote_.port);
    try {
      send_ok(report_request(identity_, report.dump()));
    } catch (const RequestFailed& e) {
      log_("err", std::string("Could not send report: ") + e.what());
    }
  }

  const RemoteSettings& remote_;
  const daemon::RunSettings& run_;
  const daemon::RunLog& outer_log_;
  std::vector<transaction::LogEntry> said_;
  daemon::RunLog log_;
  Say say_;
  std::unique_ptr<https_client::HttpsClient> client_;
  std::unique_ptr<ServerRetries> retries_;
  RunIdentity identity_;
  InlinedFiles inlined_;  ///< what the catalog, when static, says of its files
  daemon::RunOutcome outcome_;
};

}  // namespace

std::string server_error(int status, const std::string& content_type, const std::string& body) {
  std::string message = body;
  if (body.empty()) {
    message = http::reason_phrase(status);
  } else if (content_type.find("json") != std::string::npos) {
    nlohmann::json parsed = nlohmann::json::parse(body, nullptr, false);
    if (parsed.is_object() && parsed.contains("message") && parsed["message"].is_string())
      message = parsed["message"].get<std::string>();
  }
  return "Error " + std::to_string(status) + " on SERVER: " + message;
}

daemon::RunOutcome remote_run(const RemoteSettings& remote, const daemon::RunSettings& run,
                              const daemon::RunLog& log,
                              const std::function<void()>& before_apply) {
  return RemoteRun(remote, run, log)(before_apply);
}

}  // namespace marionette::remote
