// `marionette status`: the daemon's state and the last run, for people (SNMP is for tools).

#include <yaml-cpp/yaml.h>

#include <cstdio>
#include <ctime>
#include <fstream>
#include <iostream>
#include <sstream>

#include "cli/arguments.hpp"
#include "cli/command.hpp"
#include "cli/run_log.hpp"
#include "cli/settings_from_arguments.hpp"
#include "config/agent_config.hpp"
#include "daemon/daemon_state.hpp"
#include "daemon/run_lock.hpp"
#include "daemon/run_settings.hpp"
#include "text/time_text.hpp"

namespace marionette::cli {

namespace {

namespace fs = std::filesystem;

/// The exit codes, LSB's for `status`; 150 (in LSB's range for applications) when the agent runs
/// but its last run failed, or could not run at all.
enum Exit : int { kRunning = 0, kDead = 1, kNotRunning = 3, kUnknown = 4, kLastRunFailed = 150 };

std::int64_t unix_now() {
  return static_cast<std::int64_t>(std::time(nullptr));
}

std::string span(std::int64_t seconds) {
  if (seconds < 120) return std::to_string(seconds) + (seconds == 1 ? " second" : " seconds");
  if (seconds < 7200) return std::to_string(seconds / 60) + " minutes";
  if (seconds < 172800) return std::to_string(seconds / 3600) + " hours";
  return std::to_string(seconds / 86400) + " days";
}

/// "2026-11-22 07:30:00 UTC (5 seconds ago)" or "(in 25 seconds)".
std::string when(std::int64_t at) {
  std::int64_t now = unix_now();
  return text::utc_time_text(static_cast<std::time_t>(at), "%Y-%m-%d %H:%M:%S UTC") +
         (at <= now ? " (" + span(now - at) + " ago)" : " (in " + span(at - now) + ")");
}

fs::path state_dir_of(const Arguments& args) {
  config::AgentConfig config = config_from(args, config::RunMode::agent);
  return config.statedir.empty() ? daemon::default_state_dir() : config.statedir;
}

/// The daemon's part; returns the exit code it calls for.
int print_daemon(const fs::path& state_dir, std::ostream& out) {
  std::string error;
  const fs::path path = daemon::daemon_state_path(state_dir);
  std::optional<daemon::DaemonState> state = daemon::read_daemon_state(path, error);
  if (!state && !error.empty()) {
    out << "Agent: unknown: " << path.string() << " is corrupt (" << error
        << "); the agent replaces it when it starts\n";
    return kUnknown;
  }
  if (!state) {
    out << "Agent: not running (no " << path.string() << ")\n";
    return kNotRunning;
  }
  const std::string pid = std::to_string(state->pid);
  if (state->state == "stopped") {
    out << "Agent: not running; pid " << pid << " stopped at " << when(state->updated_at) << "\n";
    return kNotRunning;
  }
  if (!daemon::process_alive(state->pid)) {
    out << "Agent: dead; pid " << pid << " is gone, it was " << state->state << " at "
        << when(state->updated_at) << "\n";
    return kDead;
  }
  out << "Agent: running (pid " << pid << "), " << state->state << ", started "
      << when(state->started_at) << "\n";
  out << "  run interval: " << state->run_interval_s << " seconds" << (state->noop ? ", noop" : "")
      << "\n";
  if (state->next_run) out << "  next run: " << when(*state->next_run) << "\n";
  if (state->last_run) {
    out << "  last run: " << when(*state->last_run) << ", " << state->last_status;
    if (!state->last_error.empty())
      out << " (" << state->last_error << ")";
    else if (state->catalog_source == "cache")
      out << " (compiling failed; the cached catalog was applied)";
    else if (state->catalog_source == "none")
      out << " (nothing was applied)";
    out << "\n";
    if (state->last_status == "failed") return kLastRunFailed;
  }
  return kRunning;
}

/// `map[key]` when `map` is a mapping that has it; else an undefined node. yaml-cpp throws when
/// a missing or scalar node is indexed, and a summary edited by hand may be anything.
YAML::Node field(const YAML::Node& map, const char* key) {
  if (!map.IsMap()) return YAML::Node(YAML::NodeType::Undefined);
  YAML::Node value = map[key];
  return value ? value : YAML::Node(YAML::NodeType::Undefined);
}

std::string number_at(const YAML::Node& map, const char* group, const char* key) {
  const YAML::Node value = field(field(map, group), key);
  if (!value.IsDefined()) return "0";  // Puppet leaves out some zero counts (events: noop)
  return value.IsScalar() ? value.Scalar() : "?";
}

std::string seconds_text(const YAML::Node& time, const char* key) {
  const YAML::Node value = field(time, key);
  if (!value.IsDefined() || !value.IsScalar()) return "?";
  char text[32];
  std::snprintf(text, sizeof text, "%.2f", value.as<double>(0.0));
  return text;
}

/// The sections a summary of an applied catalog has that this one lacks or has malformed:
/// "resources:, events:"; empty when it is whole.
std::string missing_sections(const YAML::Node& summary) {
  std::string missing;
  for (const char* section : {"resources", "time", "changes", "events"}) {
    if (field(summary, section).IsMap()) continue;
    missing += (missing.empty() ? "" : ", ") + std::string(section) + ":";
  }
  return missing;
}

/// The last run's part (last_run_summary.yaml); false when there is none or it is unreadable.
bool print_last_run(const fs::path& state_dir, std::ostream& out) {
  const fs::path path = state_dir / "last_run_summary.yaml";
  std::ifstream in(path);
  if (!in) {
    out << "Last run: none (no " << path.string() << ")\n";
    return false;
  }
  std::stringstream text;
  text << in.rdbuf();
  YAML::Node summary;
  try {
    summary = YAML::Load(text.str());
  } catch (const YAML::Exception& e) {
    out << "Last run: unknown: " << path.string() << " is corrupt (not valid YAML: " << e.msg
        << "); the next run replaces it\n";
    return false;
  }
  if (!summary.IsMap() || !field(summary, "version").IsMap()) {
    out << "Last run: unknown: " << path.string()
        << " is corrupt (not a run summary); the next run replaces it\n";
    return false;
  }
  const YAML::Node time = field(summary, "time");
  if (!time.IsDefined()) {
    out << "Last run: the catalog could not be applied (" << path.string() << ")\n";
    return true;
  }
  if (std::string missing = missing_sections(summary); !missing.empty()) {
    out << "Last run: unknown: " << path.string() << " is corrupt (" << missing
        << " missing or not a mapping); the next run replaces it\n";
    return false;
  }
  const std::int64_t last_run = field(time, "last_run").as<std::int64_t>(0);
  const YAML::Node config = field(field(summary, "version"), "config");
  out << "Last run: " << when(last_run) << ", config version "
      << (config.IsDefined() && config.IsScalar() ? config.Scalar() : "?") << "\n";
  out << "  resources: " << number_at(summary, "resources", "total") << " total, "
      << number_at(summary, "resources", "changed") << " changed, "
      << number_at(summary, "resources", "failed") << " failed, "
      << number_at(summary, "resources", "skipped") << " skipped, "
      << number_at(summary, "resources", "out_of_sync") << " out of sync\n";
  out << "  events: " << number_at(summary, "events", "success") << " success, "
      << number_at(summary, "events", "failure") << " failure, "
      << number_at(summary, "events", "noop") << " noop\n";
  out << "  time: " << seconds_text(time, "config_retrieval") << " s compiling, "
      << seconds_text(time, "catalog_application") << " s applying\n";
  return true;
}

/// "Run in progress: pid 42" while a run (the agent's, or an apply's) holds the run lock.
void print_run_lock(const fs::path& state_dir, std::ostream& out) {
  std::ifstream in(daemon::run_lock_path(state_dir));
  long pid = 0;
  if (in >> pid && pid > 0 && daemon::process_alive(static_cast<pid_t>(pid)))
    out << "Run in progress: pid " << pid << " holds " << daemon::run_lock_path(state_dir).string()
        << "\n";
}

}  // namespace

int run_status(const std::vector<std::string>& words) {
  Arguments args(words, {"statedir", "config"}, {});
  if (!args.positionals().empty())
    throw UsageError("unexpected argument '" + args.positionals().front() + "'");
  fs::path state_dir;
  try {
    state_dir = state_dir_of(args);
  } catch (const config::ConfigError& e) {
    print_error(e.what());
    return kUnknown;
  }
  std::cout << "State dir: " << state_dir.string() << "\n";
  int code = print_daemon(state_dir, std::cout);
  print_run_lock(state_dir, std::cout);
  bool ran = print_last_run(state_dir, std::cout);
  if (code == kRunning && !ran) code = kUnknown;
  if (code == kLastRunFailed) std::cout << "The last run failed\n";
  return code;
}

}  // namespace marionette::cli
