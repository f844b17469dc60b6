#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "catalog/catalog.hpp"
#include "ral/host.hpp"
#include "transaction/report.hpp"

namespace marionette::transaction {

struct ApplyOptions {
  bool noop = false;
  /// Puppet's --tags (lower-case): only resources with one of these tags are applied; the others
  /// are skipped. Empty: all resources.
  std::vector<std::string> tags;
  /// Puppet's --skip_tags (lower-case): resources with one of these tags are skipped, whatever
  /// --tags says.
  std::vector<std::string> skip_tags;
  /// Puppet's show_diff: a file whose content changes (or would, in noop) logs a unified diff.
  bool show_diff = false;
  /// Called for every log line of the run, Puppet-shaped: ("notice",
  /// "/Stage[main]/Main/File[/x]/ensure: created"). Levels: debug, info, notice, warning, err.
  std::function<void(const std::string& level, const std::string& message)> log;
  /// The node's files, accounts and processes; null means the real host (tests pass fakes).
  const ral::Host* host = nullptr;
  /// Where `puppet:///modules/<module>/<path>` sources are found: the environment's module dirs
  /// (each holds <module>/files/<path>).
  std::vector<std::filesystem::path> module_dirs;
  /// The local filebucket files are backed up to (Puppet's clientbucketdir,
  /// STATE_DIR/clientbucket); empty: backups to a filebucket fail.
  std::filesystem::path clientbucket_dir;
  /// Asked before each resource; once it says true (SIGTERM), the resource being synced has
  /// finished and the rest are skipped ("Transaction canceled, skipping"), as Puppet's
  /// stop_processing? does. Empty: never stop.
  std::function<bool()> stop_requested;
  /// Puppet's --graph: where resources.dot, relationships.dot and expanded_relationships.dot
  /// are written (graphdir); none: no graphs.
  std::optional<std::filesystem::path> graph_dir;
  /// Puppet's --evaltrace: info lines "PATH: Starting to evaluate the resource (N of M)" and
  /// "PATH: Evaluated in 0.01 seconds" around each resource.
  bool evaltrace = false;
  /// Puppet 8's Deferred values (preprocess_deferred = false): when set, a resource whose
  /// parameters hold a Deferred ({"__ptype": "Deferred", ...}) gets them through this just
  /// before its turn (the calls made), and only then is checked and applied; what it throws
  /// stops the run there ("Failed to apply catalog: MESSAGE"), after what was applied before.
  /// Unset: a Deferred is applied as its printed call.
  std::function<catalog::Data(const catalog::Data& parameters)> resolve_deferred;
};

/// Applies a catalog to this node: orders resources by the relationship graph, syncs each one,
/// propagates refresh events and failures. Never throws for a resource's failure: it is reported.
/// A catalog that cannot be applied at all (dependency cycle, missing relationship target,
/// invalid resource) gives a report with transaction_completed == false and status "failed".
Report apply(const catalog::Catalog& catalog, const ApplyOptions& options);

/// Writes Puppet's last_run_summary.yaml (version, application, resources, time, changes,
/// events) atomically. Throws std::runtime_error when the file cannot be written.
void write_last_run_summary(const Report& report, const std::filesystem::path& path,
                            double config_retrieval_seconds);

/// Writes Puppet's last_run_report.yaml (a Puppet::Transaction::Report: status, metrics,
/// resource_statuses with their events, logs) atomically. Throws std::runtime_error on failure.
void write_last_run_report(const Report& report, const std::filesystem::path& path,
                           const std::string& host);

}  // namespace marionette::transaction
