#include "simulated_node.hpp"

#include <atomic>
#include <chrono>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "catalog_summary.hpp"
#include "indirector/report_json.hpp"
#include "remote/agent_requests.hpp"
#include "remote/host_certificate.hpp"

namespace marionette::load {

namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

/// A run's step failed: the kind is the HTTPS error's or "http_STATUS".
struct StepFailure {
  std::string kind;
  std::string why;
};

http::HttpResponse send(https_client::HttpsClient& client, const remote::Request& request) {
  http::HttpResponse response;
  try {
    response = client.request(request.method, request.target, request.body, request.headers);
  } catch (const https_client::HttpsError& e) {
    throw StepFailure{e.kind_name(), e.what()};
  }
  if (response.status / 100 != 2)
    throw StepFailure{"http_" + std::to_string(response.status),
                      request.method + " " + request.target.substr(0, request.target.find('?')) +
                          ": " + std::to_string(response.status) + " " +
                          response.body.substr(0, 200)};
  return response;
}

/// An unchanged run's report, as the agent would send after applying the catalog.
std::string report_for(const SimulatedNode& node, const remote::RunIdentity& run,
                       std::int64_t version) {
  transaction::Report report;
  report.catalog_name = node.certname;
  report.catalog_version = version;
  report.environment = run.environment;
  report.run_mode = "agent";
  report.finalize();
  nlohmann::json document =
      nlohmann::json::parse(indirector::report_to_json(report, node.certname));
  document["transaction_uuid"] = run.transaction_uuid;
  document["master_used"] = nullptr;
  return document.dump();
}

}  // namespace

std::vector<std::string> node_names(const LoadOptions& options, const std::string& domain) {
  std::size_t width = std::to_string(options.nodes).size();
  if (width < 4) width = 4;
  std::vector<std::string> names;
  for (unsigned i = 1; i <= options.nodes; ++i) {
    std::string number = std::to_string(i);
    names.push_back(options.node_prefix + "-" + std::string(width - number.size(), '0') + number +
                    "." + domain);
  }
  return names;
}

facts::Facts facts_for(const facts::Facts& base, const std::string& certname) {
  facts::Facts values = base.is_object() ? base : facts::Facts::object();
  std::string hostname = certname.substr(0, certname.find('.'));
  values["hostname"] = hostname;
  values["fqdn"] = certname;
  if (values.contains("networking") && values["networking"].is_object()) {
    values["networking"]["hostname"] = hostname;
    values["networking"]["fqdn"] = certname;
  }
  return values;
}

std::vector<SimulatedNode> prepare_nodes(const LoadOptions& options, const facts::Facts& base) {
  std::string domain = options.domain;
  if (domain.empty() && base.contains("domain") && base["domain"].is_string())
    domain = base["domain"].get<std::string>();
  if (domain.empty()) domain = "load.test";
  std::vector<std::string> names = node_names(options, domain);
  std::vector<SimulatedNode> nodes(names.size());
  std::mutex failure_mutex;
  std::string failure;
  std::atomic<bool> failed{false};
  auto prepare_one = [&](std::size_t i) {
    SimulatedNode& node = nodes[i];
    node.certname = names[i];
    node.values = facts_for(base, node.certname);
    remote::HostCertificateSettings settings;
    settings.ssldir = options.ssldir;
    settings.certname = node.certname;
    settings.ca_host = options.server;
    settings.ca_port = options.port;
    settings.key_bits = options.key_bits;
    settings.waitforcert = std::chrono::seconds(0);
    settings.connect_timeout = options.timeout;
    settings.read_timeout = options.timeout;
    std::string said;
    remote::Say say = [&said](const std::string& level, const std::string& message) {
      if (level == "err") said = message;
    };
    try {
      https_client::ClientOptions client;
      client.host = options.server;
      client.port = options.port;
      client.tls = remote::ensure_host_certificate(settings, say);
      client.connect_timeout = options.timeout;
      client.read_timeout = options.timeout;
      node.client = std::make_unique<https_client::HttpsClient>(client);
    } catch (const std::exception& e) {
      std::lock_guard<std::mutex> lock(failure_mutex);
      if (failure.empty())
        failure = "cannot get a certificate for " + node.certname + ": " +
                  (said.empty() ? e.what() : said);
      failed = true;  // stop the others
    }
  };
  // The first node alone: it fetches the CA's certificate and CRL the others then share.
  prepare_one(0);
  std::atomic<std::size_t> next{1};
  auto prepare = [&] {
    for (std::size_t i = next++; i < names.size() && !failed; i = next++) prepare_one(i);
  };
  std::vector<std::thread> workers;
  for (unsigned i = 0; i < options.concurrency && !failed; ++i) workers.emplace_back(prepare);
  for (std::thread& worker : workers) worker.join();
  if (!failure.empty()) throw std::runtime_error(failure);
  return nodes;
}

RunResult simulate_run(SimulatedNode& node, unsigned index, const LoadOptions& options) {
  RunResult result;
  result.node = index;
  remote::RunIdentity run{node.certname, options.environment, remote::make_uuid()};
  result.transaction_uuid = run.transaction_uuid;
  auto start = Clock::now();
  try {
    send(*node.client, remote::node_request(run));
    if (options.pluginsync) {
      send(*node.client, remote::file_metadatas_request(run.environment, run.compat, "plugins",
                                                        true, "follow", ".git"));
      send(*node.client, remote::file_metadatas_request(run.environment, run.compat, "pluginfacts",
                                                        true, "follow", ".git"));
    }
    std::string facts = remote::facts_document(node.values, run, false);
    auto catalog_start = Clock::now();
    http::HttpResponse catalog = send(*node.client, remote::catalog_request(run, facts));
    result.catalog_ms = ms_since(catalog_start);
    std::optional<std::int64_t> version = catalog_version(catalog.body);
    if (!version)
      throw StepFailure{"bad_catalog", "the catalog of " + node.certname + " is not a catalog"};
    result.got_catalog = true;
    if (options.report) {
      send(*node.client, remote::report_request(run, report_for(node, run, *version)));
      result.report_acknowledged = true;
    }
    result.ok = true;
  } catch (const StepFailure& failure) {
    result.error_kind = failure.kind;
    result.error = node.certname + ": " + failure.why;
  }
  node.client->close();  // an agent's run ends its connection
  result.run_ms = ms_since(start);
  return result;
}

}  // namespace marionette::load
