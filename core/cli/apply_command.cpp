#include <unistd.h>

#include <cctype>
#include <chrono>
#include <fstream>
#include <iostream>

#include "catalog/catalog.hpp"
#include "cli/apply_log.hpp"
#include "cli/catalog_file.hpp"
#include "cli/command.hpp"
#include "cli/graphdir.hpp"
#include "cli/lock_options.hpp"
#include "cli/manifest_text.hpp"
#include "cli/run_flags.hpp"
#include "cli/run_log.hpp"
#include "cli/run_summary.hpp"
#include "cli/settings_from_arguments.hpp"
#include "daemon/run_lock.hpp"
#include "daemon/run_once.hpp"
#include "marionette/version.hpp"

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

/// Puppet's short flags of `puppet apply`.
const std::map<std::string, std::string> kApplyShortFlags = {
    {"e", "execute"}, {"v", "verbose"}, {"d", "debug"}, {"t", "test"}, {"l", "logdest"}};

/// -v, -d, --logdest and --color as `puppet apply` takes them; -t implies --verbose.
ApplyLogSettings log_settings_from(const Arguments& args) {
  ApplyLogSettings settings;
  if (args.flag("verbose") || args.flag("test")) settings.level = "info";
  if (args.flag("debug")) settings.level = "debug";
  if (auto logdest = args.value("logdest")) settings.destinations = log_destinations(*logdest);
  settings.color = use_color(args.value("color"), isatty(STDOUT_FILENO) == 1);
  return settings;
}

}  // namespace

int run_apply(const std::vector<std::string>& words) {
  std::set<std::string> valued = kRunOptions;
  valued.insert({"catalog", "execute", "color"});
  valued.insert(kLockOptions.begin(), kLockOptions.end());
  valued.insert(kRunFlagValued.begin(), kRunFlagValued.end());
  std::set<std::string> flags = setting_switches();
  flags.insert(
      {"detailed-exitcodes", "debug", "verbose", "test", "trace", "evaltrace", "summarize"});
  flags.insert(kRunFlagSwitches.begin(), kRunFlagSwitches.end());
  Arguments args(words, valued, flags, kApplyShortFlags);
  // As Puppet: with -e, the code is the manifest and a file named too is ignored; of several
  // files the first is applied, each other one skipped with a warning.
  std::vector<std::string> skipped_files;
  if (!args.value("execute") && args.positionals().size() > 1)
    skipped_files.assign(args.positionals().begin() + 1, args.positionals().end());
  config::AgentConfig config = config_from(args, config::RunMode::user);
  auto catalog_file = args.value("catalog");
  const bool file_named = !args.value("execute") && !args.positionals().empty();
  if (file_named) {
    if (args.value("manifest")) throw UsageError("give either MANIFEST or --manifest, not both");
    config.manifest.reset();  // the command line's manifest wins over the setting's
  }
  if (catalog_file && (file_named || args.value("manifest") || args.value("env-dir")))
    throw UsageError("give a manifest or --catalog, not both");
  daemon::RunSettings settings = run_settings_from(config);
  settings.application = "apply";  // no catalog cache, never a cached catalog: Puppet's apply
  end_with_ruby_exit();
  settings.usecacheonfailure = false;
  settings.evaltrace = args.flag("evaltrace");
  settings.trace = args.flag("trace");
  if (args.flag("test")) settings.show_diff = true;  // Puppet's -t turns show_diff on
  apply_run_flags(args, settings);
  const bool detailed_exitcodes = args.flag("detailed-exitcodes") || args.flag("test");
  std::optional<ManifestText> code;
  if (auto execute = args.value("execute")) {
    code.emplace(ManifestText::from_code(*execute));
  } else if (file_named) {
    settings.manifest = args.positionals().front();
  } else if (!catalog_file && !settings.manifest && !settings.env_dir &&
             isatty(STDIN_FILENO) != 1) {
    code.emplace(ManifestText::from_stdin());  // as `echo 'notice(1)' | puppet apply`
  }
  if (code) {
    if (args.value("manifest") || args.value("env-dir") || catalog_file)
      throw UsageError(
          "give -e CODE (or code on stdin), --manifest, --env-dir or --catalog, "
          "only one");
    settings.manifest = code->path();
  }
  if (!catalog_file && !settings.manifest && !settings.env_dir)
    throw UsageError("give a MANIFEST, -e CODE, --env-dir DIR or --catalog FILE");

  // As Puppet's settings, before anything: the state dir, and graphdir in it (or where given).
  std::error_code missing;
  std::filesystem::create_directories(settings.statedir, missing);
  if (!prepare_graphdir(*settings.graphdir)) return 1;
  if (file_named && !std::filesystem::is_regular_file(*settings.manifest, missing)) {
    print_error("Could not run: Could not find file " + settings.manifest->string());  // exit 1
    return 1;
  }

  daemon::RunLog log;
  try {
    log = make_apply_log(log_settings_from(args));
  } catch (const std::runtime_error& e) {
    print_error(e.what());
    return 1;
  }
  for (const std::string& file : skipped_files)
    log("warning", "Only one file can be applied per run.  Skipping " + file);
  if (code) log = code->naming_no_file(std::move(log));
  log("debug", std::string("Runtime environment: marionette_version=") + kVersion +
                   ", puppet_version=" + puppet_version_of(settings.compat) +
                   ", run_mode=user, default_encoding=UTF-8");
  std::optional<daemon::RunLock> lock;
  try {
    lock = take_run_lock(args, settings.statedir, log);
  } catch (const std::runtime_error& e) {
    print_error(e.what());
    return 1;
  }
  if (!lock) return 1;
  daemon::RunOutcome outcome;
  if (catalog_file) {  // an error (a file that is not JSON: at its place) goes to run_command
    catalog::Catalog catalog = read_catalog_file(*catalog_file);
    outcome.compiled = true;
    outcome.node_name = catalog.name;
    daemon::apply_catalog(catalog, settings, log, outcome);
  } else {
    outcome = daemon::run_once(settings, log);
    if (!outcome.compiled) return 1;
  }
  if (args.flag("summarize")) std::cout << run_summary(outcome) << std::flush;
  // As Puppet: a catalog that could not be applied at all (a dependency cycle, an invalid or
  // duplicate resource, a missing relationship target) exits 1 with or without
  // --detailed-exitcodes; failed resources only show in the detailed exit code (4, 6).
  if (!outcome.report || !outcome.report->transaction_completed) return 1;
  if (detailed_exitcodes) return outcome.report->detailed_exit_code();
  return 0;
}

}  // namespace marionette::cli
