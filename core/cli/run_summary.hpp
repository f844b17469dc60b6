#pragma once

#include <string>

#include "daemon/run_once.hpp"
#include "transaction/report.hpp"

namespace marionette::cli {

/// The summary `puppet apply --summarize` prints after a run: Application, Changes, Events,
/// Resources, Time and Version, each with its non-zero values.
std::string run_summary(const transaction::Report& report, double config_retrieval_seconds,
                        double catalog_application_seconds, std::int64_t last_run_unix_seconds);

/// The summary of a run that applied a catalog, as --summarize prints it after the run (apply's
/// and the agent's); "" when the run applied nothing.
std::string run_summary(const daemon::RunOutcome& outcome);

}  // namespace marionette::cli
