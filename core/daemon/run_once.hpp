#pragma once

#include <functional>
#include <optional>
#include <string>

#include "catalog/catalog.hpp"
#include "daemon/run_settings.hpp"
#include "transaction/report.hpp"

namespace marionette::daemon {

/// What one run (facts → compile → apply → summary) did. A failed compile is an outcome, not an
/// exception: the run reports it and the agent keeps going.
struct RunOutcome {
  std::string node_name;
  bool compiled = false;
  std::string compile_error;  ///< rendered, caret included, when !compiled
  double compile_seconds = 0;
  double parse_seconds = 0;         ///< the part of compile_seconds spent parsing manifests
  bool catalog_from_cache = false;  ///< compiling failed and the cached catalog was applied
  std::size_t catalog_resources = 0, catalog_edges = 0, catalog_classes = 0;
  std::size_t catalog_bytes = 0;              ///< the catalog's size as Puppet's JSON
  std::optional<transaction::Report> report;  ///< absent when nothing was applied
  double apply_seconds = 0;
  /// Set when the run never started (the run lock could not be written): why, "Could not run:
  /// …". Such a run is a failed run that did not compile.
  std::optional<std::string> could_not_run;

  bool failed() const { return !compiled || (report && report->status == "failed"); }
};

/// Log sink for a run: (level, message) with Puppet's levels (debug, info, notice, warning, err),
/// plus "diagnostic" for an error already rendered with its file, line and caret.
using RunLog = std::function<void(const std::string& level, const std::string& message)>;

/// One run through the indirector, as Puppet's configurer: facts, node and catalog found through
/// the routes' termini (routes_for()), the compiled catalog saved in the catalog cache (not in
/// noop), the catalog applied, last_run_summary.yaml written and the report saved through the
/// report route. When compiling fails and use_cache_on_failure is set, the cached catalog is
/// applied ("Using cached catalog from environment 'production'", catalog_from_cache, the
/// report's cached_catalog_status on_failure) and the failure stays in compile_error.
/// `before_apply` is told when compiling is over.
RunOutcome run_once(const RunSettings& settings, const RunLog& log,
                    const std::function<void()>& before_apply = {});

/// The second half of a run: applies a catalog (compiled, or read from a file), writes
/// last_run_summary.yaml in the state dir and saves the report through the report route; fills
/// the outcome's catalog, report and apply figures.
void apply_catalog(const catalog::Catalog& catalog, const RunSettings& settings, const RunLog& log,
                   RunOutcome& outcome);

}  // namespace marionette::daemon
