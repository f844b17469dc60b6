#include "daemon/run_once.hpp"

#include <chrono>
#include <cstdio>
#include <filesystem>

#include "compiler/compiler.hpp"
#include "lang/diagnostic.hpp"
#include "transaction/apply.hpp"

namespace marionette::daemon {

namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

std::string fixed(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f", seconds);
  return text;
}

}  // namespace

RunOutcome run_once(const RunSettings& settings, const RunLog& log,
                    const std::function<void()>& before_apply) {
  RunOutcome outcome;
  catalog::Catalog compiled;
  auto compile_start = std::chrono::steady_clock::now();
  try {
    compiler::CompileRequest request;
    request.facts = load_facts(settings);
    request.node_name = outcome.node_name = node_name_for(settings, request.facts);
    request.env_dir = settings.env_dir;
    request.manifest = settings.manifest;
    request.environment = settings.environment;
    compiled = compiler::compile(request);
    outcome.compiled = true;
  } catch (const lang::SourceError& e) {
    outcome.compile_error = lang::render(e);
    log("diagnostic", outcome.compile_error);
  } catch (const std::exception& e) {
    outcome.compile_error = e.what();
    log("err", outcome.compile_error);
  }
  outcome.compile_seconds = seconds_since(compile_start);
  if (before_apply) before_apply();
  if (!outcome.compiled) return outcome;
  log("notice", "Compiled catalog for " + outcome.node_name + " in environment " +
                    compiled.environment + " in " + fixed(outcome.compile_seconds) + " seconds");
  apply_catalog(compiled, settings, log, outcome);
  return outcome;
}

void apply_catalog(const catalog::Catalog& catalog, const RunSettings& settings, const RunLog& log,
                   RunOutcome& outcome) {
  outcome.catalog_resources = catalog.resources.size();
  outcome.catalog_edges = catalog.edges.size();
  outcome.catalog_classes = catalog.classes.size();
  outcome.catalog_bytes = catalog::to_json(catalog).size();
  auto apply_start = std::chrono::steady_clock::now();
  transaction::ApplyOptions options;
  options.noop = settings.noop;
  options.tags = settings.tags;
  options.log = log;
  outcome.report = transaction::apply(catalog, options);
  outcome.apply_seconds = seconds_since(apply_start);
  log("notice", "Applied catalog in " + fixed(outcome.apply_seconds) + " seconds");

  std::error_code ignored;
  std::filesystem::create_directories(settings.state_dir, ignored);
  try {
    transaction::write_last_run_summary(
        *outcome.report, settings.state_dir / "last_run_summary.yaml", outcome.compile_seconds);
  } catch (const std::exception& e) {
    log("warning", std::string("Could not write last_run_summary.yaml: ") + e.what());
  }
  try {
    transaction::write_last_run_report(*outcome.report, settings.state_dir / "last_run_report.yaml",
                                       outcome.report->catalog_name);
  } catch (const std::exception& e) {
    log("warning", std::string("Could not write last_run_report.yaml: ") + e.what());
  }
}

}  // namespace marionette::daemon
