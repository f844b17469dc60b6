#include <fstream>
#include <iostream>

#include "catalog/catalog.hpp"
#include "cli/catalog_file.hpp"
#include "cli/command.hpp"
#include "cli/graphdir.hpp"
#include "cli/lock_options.hpp"
#include "cli/run_flags.hpp"
#include "cli/run_log.hpp"
#include "cli/settings_from_arguments.hpp"
#include "daemon/run_lock.hpp"
#include "daemon/run_once.hpp"

namespace marionette::cli {

namespace {

/// The run lock the agent holds too, so that an apply never overlaps an agent's run; nullopt
/// (after saying why) when another run holds it and --waitforlock did not outwait it.
std::optional<daemon::RunLock> take_run_lock(const Arguments& args,
                                             const std::filesystem::path& state_dir,
                                             const daemon::RunLog& log) {
  std::error_code ignored;
  std::filesystem::create_directories(state_dir, ignored);
  LockWait wait = lock_wait_from(args);
  return daemon::acquire_run_lock(daemon::run_lock_path(state_dir), wait.retry_every, wait.max_wait,
                                  log);
}

}  // namespace

int run_apply(const std::vector<std::string>& words) {
  std::set<std::string> valued = kRunOptions;
  valued.insert("catalog");
  valued.insert("tags");
  valued.insert("graphdir");
  valued.insert(kLockOptions.begin(), kLockOptions.end());
  valued.insert(kRunFlagValued.begin(), kRunFlagValued.end());
  std::set<std::string> switches = {"noop", "detailed-exitcodes", "debug", "graph"};
  switches.insert(kRunFlagSwitches.begin(), kRunFlagSwitches.end());
  Arguments args(words, valued, switches);
  if (args.positionals().size() > 1)
    throw UsageError("unexpected argument '" + args.positionals()[1] + "'");
  daemon::RunSettings settings = settings_from(args);
  if (auto tags = args.value("tags")) settings.tags = split_tags(*tags);
  try {
    apply_run_flags(args, settings);
  } catch (const std::invalid_argument& e) {
    print_error(e.what());  // as Puppet: a bad setting value exits 1
    return 1;
  }
  // Puppet's graphdir defaults to $statedir/graphs; the graphs are written with --graph only.
  const std::filesystem::path graphdir =
      args.value("graphdir").value_or((settings.state_dir / "graphs").string());
  if (args.flag("graph")) settings.graph_dir = graphdir;
  if (!args.positionals().empty()) {
    if (args.value("manifest")) throw UsageError("give either MANIFEST or --manifest, not both");
    settings.manifest = args.positionals().front();
  }
  auto catalog_file = args.value("catalog");
  if (catalog_file && (!args.positionals().empty() || args.value("manifest") || args.value("env-dir")))
    throw UsageError("give a manifest or --catalog, not both");
  if (!catalog_file && !settings.manifest && !settings.env_dir)
    throw UsageError("give a MANIFEST, --env-dir DIR or --catalog FILE");

  // As Puppet's settings, before anything: the state dir, and graphdir in it (or where given).
  std::error_code missing;
  std::filesystem::create_directories(settings.state_dir, missing);
  if (!prepare_graphdir(graphdir)) return 1;
  if (!args.positionals().empty() && !std::filesystem::is_regular_file(*settings.manifest, missing)) {
    print_error("Could not find file " + settings.manifest->string());  // Puppet exits 1 here
    return 1;
  }

  daemon::RunLog log = make_run_log(false, args.flag("debug"));
  std::optional<daemon::RunLock> lock;
  try {
    lock = take_run_lock(args, settings.state_dir, log);
  } catch (const std::runtime_error& e) {
    print_error(e.what());
    return 1;
  }
  if (!lock) return 1;
  daemon::RunOutcome outcome;
  if (catalog_file) {
    try {
      catalog::Catalog catalog = read_catalog_file(*catalog_file);
      outcome.compiled = true;
      outcome.node_name = catalog.name;
      daemon::apply_catalog(catalog, settings, log, outcome);
    } catch (const std::exception& e) {
      print_error(e.what());
      return 1;
    }
  } else {
    outcome = daemon::run_once(settings, log);
    if (!outcome.compiled) return 1;
  }
  // As Puppet: a catalog that could not be applied at all (a dependency cycle, an invalid or
  // duplicate resource, a missing relationship target) exits 1 with or without
  // --detailed-exitcodes; failed resources only show in the detailed exit code (4, 6).
  if (!outcome.report || !outcome.report->transaction_completed) return 1;
  if (args.flag("detailed-exitcodes")) return outcome.report->detailed_exit_code();
  return 0;
}

}  // namespace marionette::cli
