// /puppet/v3/node, /puppet/v3/catalog and /puppet/v3/report: a compile through the indirector's
// catalog/compiler terminus (as a run's), with the facts the agent sent and $trusted from its
// certificate; reports kept as the agent sent them.
#include <chrono>
#include <ctime>
#include <nlohmann/json.hpp>

#include "compiler/module_path.hpp"
#include "compiler/node_variables.hpp"
#include "facts/json_facts.hpp"
#include "fleet_status/fleet_refresher.hpp"
#include "indirector/document_store.hpp"
#include "indirector/error.hpp"
#include "indirector/registry.hpp"
#include "puppetdb/compiler_queries.hpp"
#include "server/api.hpp"
#include "server/static_catalog.hpp"
#include "storage/durable_file.hpp"
#include "text/time_text.hpp"
#include "text/whole_line.hpp"

namespace marionette::server {

namespace {

indirector::Routes server_routes(const daemon::RunSettings& run) {
  if (run.route_file) return indirector::load_routes(*run.route_file, "server", false);
  return indirector::default_routes(false, "server");
}

/// The node as the node terminus (plain, or an ENC) classifies it.
indirector::Node find_node(const daemon::RunSettings& run, const std::string& name) {
  auto nodes = indirector::node_indirection(server_routes(run), daemon::terminus_settings_for(run));
  std::optional<indirector::Node> node = nodes.find({name});
  if (!node) throw indirector::Error("node", "server", name, "cannot find", "no such node");
  return *node;
}

std::string timestamp_name() {
  auto now = std::chrono::system_clock::now();
  std::time_t seconds = std::chrono::system_clock::to_time_t(now);
  auto micros =
      std::chrono::duration_cast<std::chrono::microseconds>(now.time_since_epoch()).count() %
      1'000'000;
  return text::utc_time_text(seconds, "%Y%m%d%H%M%S") + "-" + std::to_string(micros);
}

}  // namespace

/// Puppet's static_catalogs for the request's environment: its environment.conf's, else the
/// server's setting.
bool Api::static_catalogs_in(const daemon::RunSettings& run) const {
  if (run.env_dir)
    if (auto conf = compiler::environment_conf_setting(*run.env_dir, "static_catalogs")) {
      if (*conf == "false") return false;
      if (*conf == "true") return true;
    }
  return current()->static_catalogs;
}

HttpResponse Api::node_endpoint(const HttpRequest& request, const std::string& name) {
  indirector::check_key(name);
  daemon::RunSettings run = settings_for(request);
  indirector::Node node = find_node(run, name);
  nlohmann::ordered_json body;
  body["name"] = name;
  body["environment"] = node.environment.value_or(run.environment);
  if (!node.classes.empty()) {
    nlohmann::ordered_json classes = nlohmann::ordered_json::object();
    for (const auto& [klass, parameters] : node.classes) classes[klass] = parameters;
    body["classes"] = classes;
  }
  if (!node.parameters.empty()) body["parameters"] = node.parameters;
  return {200, "application/json", body.dump(), {}};
}

HttpResponse Api::catalog_endpoint(const HttpRequest& request, const std::string& name,
                                   const PeerIdentity& peer) {
  indirector::check_key(name);
  // The agent POSTs a form (facts_format, facts, environment, transaction_uuid, …); a GET has
  // the same fields in its query.
  std::map<std::string, std::string> fields = request.query;
  if (request.method == "POST")
    for (auto& [key, value] : parse_form(request.body)) fields[key] = std::move(value);
  HttpRequest scoped = request;
  if (fields.count("environment")) scoped.query["environment"] = fields["environment"];
  daemon::RunSettings run = settings_for(scoped);

  facts::Facts facts = facts::Facts::object();
  if (auto text = fields.find("facts"); text != fields.end()) {
    const std::string format = fields.count("facts_format") ? fields["facts_format"] : "";
    if (format != "application/json" && format != "pson" && !format.empty())
      return puppet_error(400, "Unsupported facts format " + format, "RUNTIME_ERROR");
    facts::Facts sent;
    try {
      // The agent escapes the rendered facts (CGI.escape) before the form escapes them again;
      // Puppet's catalog terminus unescapes them once more.
      sent = facts::parse_json_facts(percent_decode(text->second, true));
    } catch (const std::exception& e) {
      return puppet_error(400, std::string("Could not read the facts: ") + e.what(),
                          "RUNTIME_ERROR");
    }
    if (sent.is_object() && sent.contains("values") && sent["values"].is_object())
      facts = sent["values"];
  }

  if (run.redis) {
    // As Puppet's catalog terminus saves the facts an agent sent: the fleet's Redis keeps each
    // node's last ones (PREFIX:facts:NODE, what the facts/redis terminus reads).
    try {
      indirector::RedisDocumentStore store(daemon::terminus_settings_for(run), "facts");
      store.put(name, facts.dump() + "\n");
    } catch (const std::exception& e) {
      return puppet_error(500, std::string("Server Error: cannot store the facts: ") + e.what(),
                          "RUNTIME_ERROR");
    }
  }
  indirector::Node node = find_node(run, name);
  node.trusted_authenticated = peer.authenticated ? "remote" : "false";
  node.trusted_extensions = peer.extensions;
  // $trusted, $clientcert and $server_facts come from the certificate and the server alone.
  if (peer.authenticated) node.trusted_certname = peer.certname;
  node.server_facts = settings_.server_facts;
  if (node.environment) run.environment = *node.environment;
  // Puppet's static catalogs: asked for by the agent, checked before the compile.
  std::optional<std::string> checksum_type;
  if (static_catalogs_in(run) && fields["static_catalog"] == "true") {
    checksum_type = common_checksum_type(fields["checksum_type"]);
    if (!checksum_type)
      return puppet_error(500,
                          "Server Error: Unable to find a common checksum type between agent '" +
                              fields["checksum_type"] + "' and master '" +
                              known_checksum_types_text() + "'.",
                          "RUNTIME_ERROR");
  }
  auto catalogs =
      indirector::catalog_indirection(server_routes(run), daemon::terminus_settings_for(run));
  const auto compile_started = std::chrono::steady_clock::now();
  auto compiled = [&](bool ok) {
    metrics_.compile_finished(std::chrono::duration_cast<std::chrono::microseconds>(
                                  std::chrono::steady_clock::now() - compile_started),
                              ok);
  };
  try {
    // puppetdb_query() answers from the fleet's store, as this server's /pdb API does.
    puppetdb::CompilerQueries queries([this](const auto& use) { with_puppetdb(use); });
    indirector::Request compile{name, &facts, &node, nullptr, &queries};
    std::optional<catalog::Catalog> catalog =
        catalogs.find(compile, {.ignore_cache = true, .ignore_cache_save = true});
    compiled(catalog.has_value());
    if (!catalog)
      return puppet_error(404, "Not Found: no catalog for " + name, "RESOURCE_NOT_FOUND");
    InlinedMetadata inlined;
    if (checksum_type) {
      try {
        inlined =
            inline_metadata(*catalog, mounts_for(run), run.env_dir.value_or(""), *checksum_type);
      } catch (const MissingSourceMetadata& e) {
        return puppet_error(500, std::string("Server Error: ") + e.what(), "RUNTIME_ERROR");
      }
      catalog->code_id = static_code_id(catalog->environment, inlined);
    }
    std::string json = with_inlined_metadata(catalog::to_json(*catalog), inlined);
    // as puppet-terminus-puppetdb would; the catalog is given up to the store. Not with
    // storeconfigs written false: puppetserver stores them only with storeconfigs on (and
    // PuppetDB's termini), and an operator who turns it off wants none of it.
    if (!run.storeconfigs_written || run.storeconfigs)
      store_compiled(
          name, facts,
          compiler::trusted_information(
              node.trusted_authenticated,
              peer.authenticated ? std::optional<std::string>(peer.certname) : std::nullopt,
              node.trusted_extensions),
          run.environment, std::move(*catalog), json);
    catalog.reset();
    return {200, "application/json", std::move(json), {}};
  } catch (const indirector::Error& e) {
    compiled(false);
    return puppet_error(500, "Server Error: " + (e.why().empty() ? std::string(e.what()) : e.why()),
                        "RUNTIME_ERROR");
  } catch (...) {
    compiled(false);  // Api::handle answers 500
    throw;
  }
}

HttpResponse Api::report_endpoint(const HttpRequest& request, const std::string& name) {
  indirector::check_key(name);
  if (!nlohmann::json::accept(request.body))
    return puppet_error(400, "Could not read the report of " + name + ": not JSON",
                        "RUNTIME_ERROR");
  const daemon::RunSettings& run = settings_.run;
  std::filesystem::path dir = settings_.reportdir / name;
  std::error_code ignored;
  std::filesystem::create_directories(dir, ignored);
  std::string error;
  // As Puppet's report store (Puppet::Util.replace_file): the file fsync'd, then renamed; no
  // fsync of the directory. A server killed after the 200 leaves the report whole on disk.
  if (!storage::write_file_atomically(dir / (timestamp_name() + ".json"), request.body, &error,
                                      storage::Durability::file_data))
    return puppet_error(500, "Server Error: cannot store the report: " + error, "RUNTIME_ERROR");
  // The report is stored by now: as Puppet's report processors, a failing one (Redis's
  // history, the fleet summary) is logged and the agent still hears 200 (a 500 would only have
  // it believe its report was lost).
  if (run.redis) {
    indirector::TerminusSettings termini = daemon::terminus_settings_for(run);
    try {
      indirector::RedisDocumentStore store(termini, "report");
      store.push_bounded(name, request.body, termini.report_history);
    } catch (const std::exception& e) {
      text::write_whole_line(
          stderr, "Warning: could not store " + name + "'s report in Redis: " + e.what());
    }
    // The node's summary for the fleet table (server/fleet_view.hpp), beside its reports.
    std::string error;
    auto fleet = fleet_status::make_redis_fleet_store(
        {*termini.redis, termini.redis_prefix, termini.redis_timeout});
    if (!fleet_status::record_report(*fleet, name, request.body, &error))
      text::write_whole_line(
          stderr, "Warning: could not store the fleet summary of " + name + "'s report: " + error);
  }
  store_report(request.body);  // for the PuppetDB API, as puppet-terminus-puppetdb would
  metrics_.report_stored();
  return {200, "application/json", "[\"store\"]", {}};
}

}  // namespace marionette::server
