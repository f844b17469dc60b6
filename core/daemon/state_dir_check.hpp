#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace marionette::daemon {

/// Looks at the state files a run reads or rewrites (last_run_summary.yaml,
/// last_run_report.yaml, agent_state.json, facts_cache.json). One that cannot be parsed is
/// renamed to NAME.corrupt, so the next run writes a fresh one and nothing ever reads the bad
/// one again; returns one message per file set aside, naming it and saying what was wrong.
std::vector<std::string> set_aside_corrupt_state(const std::filesystem::path& state_dir);

/// Removes the temporaries a write killed before its rename left in the state dir and its
/// catalog cache (NAME.tmp.PID whose PID is gone, agent_state.json.tmp): on a small state dir
/// they hold the space the next runs need. Returns how many were removed.
std::size_t remove_stale_temporaries(const std::filesystem::path& state_dir);

}  // namespace marionette::daemon
