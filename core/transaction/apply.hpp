#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <string>

#include "catalog/catalog.hpp"
#include "transaction/report.hpp"

namespace marionette::transaction {

struct ApplyOptions {
  bool noop = false;
  /// Called for every log line of the run, Puppet-shaped: ("notice", "/Stage[main]/Main/File[/x]/ensure: created").
  std::function<void(const std::string& level, const std::string& message)> log;
};

/// Applies a catalog to this node: orders resources by the relationship graph, syncs each one,
/// propagates refresh events and failures. Never throws for a resource's failure: it is reported.
Report apply(const catalog::Catalog& catalog, const ApplyOptions& options);

/// Writes Puppet's last_run_summary.yaml (version, resources, time, changes, events).
void write_last_run_summary(const Report& report, const std::filesystem::path& path,
                            double config_retrieval_seconds);

}  // namespace marionette::transaction
