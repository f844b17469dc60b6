#pragma once

#include <string>

#include "transaction/report.hpp"

namespace marionette::cli {

/// The summary `puppet apply --summarize` prints after a run: Application, Changes, Events,
/// Resources, Time and Version, each with its non-zero values.
std::string run_summary(const transaction::Report& report, double config_retrieval_seconds,
                        double catalog_application_seconds, std::int64_t last_run_unix_seconds);

}  // namespace marionette::cli
