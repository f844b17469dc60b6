#include "daemon/run_once.hpp"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <memory>

#include "catalog/plain_data.hpp"
#include "compiler/compile_log.hpp"
#include "compiler/compiler.hpp"
#include "compiler/deferred_calls.hpp"
#include "daemon/catalog_summary.hpp"
#include "facts/custom_facts.hpp"
#include "indirector/registry.hpp"
#include "lang/diagnostic.hpp"
#include "lang/puppet_stack.hpp"
#include "transaction/apply.hpp"

namespace marionette::daemon {

namespace {

using CatalogIndirection = indirector::Indirection<catalog::Catalog>;

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

std::string fixed(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f", seconds);
  return text;
}

std::int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

/// Log lines said before the transaction started that belong in the report too (Puppet's
/// report receives every log line of the run).
using Prelude = std::vector<transaction::LogEntry>;

/// Logs a failure of the run before applying; a rendered diagnostic as is, else as an err.
void log_failure(const std::string& text, bool rendered, const RunLog& log) {
  log(rendered ? "diagnostic" : "err", text);
}

/// The text the user sees for an indirector error: a rendered compile diagnostic as is.
std::string text_of(const indirector::Error& e) {
  return e.rendered() && !e.why().empty() ? e.why() : e.what();
}

/// Compiling failed: Puppet's configurer retrieve_catalog. The cached catalog when the settings
/// allow it and it is for this environment; nullopt otherwise, after saying why.
std::optional<catalog::Catalog> cached_catalog(CatalogIndirection* catalogs,
                                               const RunSettings& settings,
                                               const std::string& environment,
                                               const std::string& key, const RunLog& log,
                                               Prelude& prelude) {
  auto say = [&](const char* level, const std::string& message) {
    log(level, message);
    prelude.push_back({level, "Puppet", message, now_ns()});
  };
  if (!settings.usecacheonfailure) {
    say("warning", "Not using cache on failed catalog");
    return std::nullopt;
  }
  if (!catalogs || !catalogs->cache()) return std::nullopt;
  std::optional<catalog::Catalog> cached;
  try {
    cached = catalogs->cache()->find({key});
  } catch (const indirector::Error& e) {
    say("err", e.what());
    return std::nullopt;
  }
  if (!cached) return std::nullopt;
  if (cached->environment != environment) {
    say("err", "Not using cached catalog because its environment '" + cached->environment +
                   "' does not match '" + environment + "'");
    return std::nullopt;
  }
  say("info", "Using cached catalog from environment '" + cached->environment + "'");
  return cached;
}

void save_report(const transaction::Report& report, const RunSettings& settings,
                 const std::string& host, const RunLog& log) {
  try {
    auto reports =
        indirector::report_indirection(routes_for(settings), terminus_settings_for(settings));
    reports.save({host}, report);
  } catch (const std::exception& e) {
    log("warning", std::string("Could not save the report: ") + e.what());
  }
}

/// Puppet 7's preprocess_deferred: every Deferred of the catalog called before anything is
/// applied. A call that fails fails the run with nothing applied, as Puppet's apply says it
/// (its error alone: apply resolves before its configurer runs, so no report is made) or its
/// agent's configurer ("Failed to apply catalog: ..."; the run's report is the one returned,
/// and goes where every report goes).
std::optional<transaction::Report> call_deferred(catalog::Catalog& catalog,
                                                 compiler::DeferredCalls& calls,
                                                 const RunSettings& settings, const RunLog& log) {
  try {
    for (catalog::Resource& resource : catalog.resources)
      if (catalog::holds_deferred(resource.parameters))
        resource.parameters = calls.resolve(resource.parameters);
    return std::nullopt;
  } catch (const std::exception& e) {
    const std::string message = e.what();
    const std::string shown =
        settings.application == "apply" ? message : "Failed to apply catalog: " + message;
    log("err", shown);
    transaction::Report report;
    report.noop = settings.noop;
    report.catalog_name = catalog.name;
    report.catalog_version = catalog.version;
    report.environment = catalog.environment;
    report.transaction_completed = false;
    report.error = message;
    report.logs.push_back({"err", "Puppet", shown, now_ns()});
    report.finalize();
    return report;
  }
}

/// The catalog applied: the run's report in `outcome`, and what Puppet's configurer says.
void apply_now(const catalog::Catalog& catalog, const RunSettings& settings, const RunLog& log,
               RunOutcome& outcome, compiler::DeferredCalls* calls) {
  outcome.catalog_resources = catalog.resources.size();
  outcome.catalog_edges = catalog.edges.size();
  outcome.catalog_classes = catalog.classes.size();
  outcome.catalog_bytes = catalog::to_json(catalog).size();
  if (settings.write_catalog_summary) write_catalog_summary(catalog, settings.statedir, log);
  auto apply_start = std::chrono::steady_clock::now();
  transaction::ApplyOptions options;
  options.noop = settings.noop;
  options.tags = settings.tags;
  options.skip_tags = settings.skip_tags;
  options.show_diff = settings.show_diff;
  if (settings.graph) options.graph_dir = settings.graphdir;
  options.log = log;
  options.stop_requested = settings.stop_requested;
  options.evaltrace = settings.evaltrace;
  if (calls && settings.compat != PuppetCompat::puppet7)  // Puppet 8: each at its resource's turn
    options.resolve_deferred = [calls](const catalog::Data& parameters) {
      return calls->resolve(parameters);
    };
  if (settings.modulepath)
    options.module_dirs = *settings.modulepath;
  else if (settings.env_dir)
    options.module_dirs = {*settings.env_dir / "modules"};
  options.clientbucket_dir = settings.statedir / "clientbucket";
  // As Puppet's configurer says before applying (seen with --verbose).
  log("info", "Using environment '" + catalog.environment + "'");
  log("info", "Applying configuration version '" + std::to_string(catalog.version) + "'");
  outcome.report = transaction::apply(catalog, options);
  outcome.apply_seconds = seconds_since(apply_start);
  // Puppet says so only when the transaction ran (not after a cycle or an invalid resource).
  if (outcome.report->transaction_completed)
    log("notice", "Applied catalog in " + fixed(outcome.apply_seconds) + " seconds");
}

void apply_with(const catalog::Catalog& given, const RunSettings& settings, const RunLog& log,
                RunOutcome& outcome, const Prelude& prelude,
                compiler::DeferredCalls* calls = nullptr) {
  if (calls && settings.compat == PuppetCompat::puppet7 && catalog::holds_deferred(given)) {
    catalog::Catalog called = given;
    outcome.report = call_deferred(called, *calls, settings, log);
    if (outcome.report && settings.application == "apply") return;
    if (!outcome.report) apply_now(called, settings, log, outcome, calls);
  } else {
    apply_now(given, settings, log, outcome, calls);
  }
  transaction::Report& report = *outcome.report;
  if (outcome.catalog_from_cache) report.cached_catalog_status = "on_failure";
  report.run_mode = settings.application == "apply" ? "user" : "agent";  // Puppet's run mode
  report.puppet_version = puppet_version_of(settings.compat);
  report.exclude_unchanged_resources = settings.exclude_unchanged_resources;
  report.logs.insert(report.logs.begin(), prelude.begin(), prelude.end());

  std::error_code ignored;
  std::filesystem::create_directories(settings.statedir, ignored);
  try {
    transaction::write_last_run_summary(report, settings.statedir / "last_run_summary.yaml",
                                        outcome.compile_seconds);
  } catch (const std::exception& e) {
    log("warning", std::string("Could not write last_run_summary.yaml: ") + e.what());
  }
  save_report(report, settings, report.catalog_name, log);
}

}  // namespace

RunOutcome run_once(const RunSettings& settings, const RunLog& log,
                    const std::function<void()>& before_apply) {
  RunOutcome outcome;
  Prelude prelude;
  std::optional<catalog::Catalog> catalog;
  std::unique_ptr<CatalogIndirection> catalogs;
  std::string environment = settings.environment;
  compiler::CompileTimings timings;
  std::optional<facts::Facts> facts;
  std::shared_ptr<facts::LazyCustomFacts> lazy_custom_facts;  // resolved as the compile reads
  auto compile_start = std::chrono::steady_clock::now();
  try {
    // notice(), warning() and the compiler's other messages are lines of the run's log.
    compiler::ScopedCompileLog compile_messages(log);
    const indirector::Routes routes = routes_for(settings);
    indirector::TerminusSettings termini = terminus_settings_for(settings);
    termini.applied_here = true;
    catalogs =
        std::make_unique<CatalogIndirection>(indirector::catalog_indirection(routes, termini));
    outcome.node_name = node_name_for(settings, facts::Facts::object());
    facts = load_facts(settings, lazy_custom_facts);
    outcome.node_name = node_name_for(settings, *facts);
    auto nodes = indirector::node_indirection(routes, termini);
    std::optional<indirector::Node> node = nodes.find({outcome.node_name});
    if (!node)
      throw indirector::Error("node", routes.node.terminus, outcome.node_name, "cannot find",
                              "the classifier knows no such node; cannot compile");
    if (node->environment) environment = *node->environment;
    indirector::Request request{outcome.node_name, &*facts, &*node, &timings};
    request.lazy_custom_facts = lazy_custom_facts;
    catalog = catalogs->find(request, {.ignore_cache = true, .ignore_cache_save = true});
    if (!catalog)
      throw indirector::Error("catalog", routes.catalog.terminus, outcome.node_name, "cannot find",
                              "no catalog");
    outcome.compiled = true;
  } catch (const indirector::Error& e) {
    outcome.compile_error = text_of(e) + (settings.trace ? e.trace() : "");
    log_failure(outcome.compile_error, e.rendered(), log);
  } catch (const lang::SourceError& e) {
    outcome.compile_error = lang::render(e) + (settings.trace ? lang::render_stack(e) : "");
    log_failure(outcome.compile_error, true, log);
  } catch (const std::exception& e) {
    outcome.compile_error = e.what();
    log_failure(outcome.compile_error, false, log);
  }
  outcome.compile_seconds = seconds_since(compile_start);
  outcome.parse_seconds = timings.parse_seconds;
  if (outcome.compiled) {
    log("notice", "Compiled catalog for " + outcome.node_name + " in environment " +
                      catalog->environment + " in " + fixed(outcome.compile_seconds) + " seconds");
    if (catalogs->cache() && !settings.noop) {
      log("info", "Caching catalog for " + outcome.node_name);
      try {
        catalogs->cache()->save({outcome.node_name}, *catalog);
      } catch (const indirector::Error& e) {
        log("warning", e.what());
      }
    }
  } else if (settings.application != "apply") {  // puppet apply says the error and stops
    prelude.push_back({"err", "Puppet", outcome.compile_error, now_ns()});
    catalog =
        cached_catalog(catalogs.get(), settings, environment, outcome.node_name, log, prelude);
    outcome.catalog_from_cache = catalog.has_value();
    if (!catalog) log("err", "Could not retrieve catalog; skipping run");
  }
  if (lazy_custom_facts && facts) {
    // The Deferred values are resolved with every fact (their functions read any).
    if (catalog && catalog::holds_deferred(*catalog)) lazy_custom_facts->resolve_all();
    facts = lazy_custom_facts->node_facts();
  }
  if (before_apply) before_apply();
  if (!catalog) return outcome;
  compiler::CompileRequest caller;  // the node whose agent calls the Deferred functions
  static_cast<compiler::CompileSettings&>(caller) = settings;
  caller.environment = catalog->environment;
  caller.node_name = outcome.node_name;
  if (facts) caller.facts = *facts;
  compiler::DeferredCalls calls(std::move(caller));
  apply_with(*catalog, settings, log, outcome, prelude, &calls);
  return outcome;
}

void apply_catalog(const catalog::Catalog& catalog, const RunSettings& settings, const RunLog& log,
                   RunOutcome& outcome) {
  if (!catalog::holds_deferred(catalog)) {
    apply_with(catalog, settings, log, outcome, {});
    return;
  }
  // Puppet's apply --catalog and its agent resolve a given catalog's Deferred values as they do
  // a compiled one's (before applying under 7, at each resource's turn under 8), in an empty
  // compile of the catalog's environment with this node's facts.
  compiler::CompileRequest caller;
  static_cast<compiler::CompileSettings&>(caller) = settings;
  caller.environment = catalog.environment;
  caller.node_name = catalog.name;
  caller.facts = load_facts(settings);
  compiler::DeferredCalls calls(std::move(caller));
  apply_with(catalog, settings, log, outcome, {}, &calls);
}

}  // namespace marionette::daemon
