#pragma once

#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

namespace marionette::daemon {

/// What the agent tells `marionette status` through STATE_DIR/agent_state.json: written
/// atomically by the agent at every step, read by anyone.
struct DaemonState {
  pid_t pid = 0;
  std::string state = "idle";   ///< starting | splaying | idle | compiling | applying | stopped
  std::int64_t started_at = 0;  ///< unix seconds
  std::int64_t updated_at = 0;  ///< unix seconds of this write
  std::optional<std::int64_t> last_run;  ///< when the last run ended
  std::string last_status;               ///< unchanged | changed | failed; empty before
  std::string catalog_source;            ///< compiled | cache | none (nothing applied)
  std::optional<std::int64_t> next_run;  ///< when the next scheduled run starts
  std::int64_t run_interval_s = 0;
  bool noop = false;
  std::string last_error;  ///< why the last run could not run at all; empty otherwise
};

/// STATE_DIR/agent_state.json.
std::filesystem::path daemon_state_path(const std::filesystem::path& state_dir);

/// Replaces the file atomically (a temporary file renamed over it); when the state dir is full,
/// overwrites the file in place. Throws std::runtime_error naming the file when neither works.
void write_daemon_state(const std::filesystem::path& path, const DaemonState& state);

/// The state in the file; nullopt with an empty `error` when there is no file, nullopt with
/// `error` saying what is wrong when it cannot be read or is not a state file.
std::optional<DaemonState> read_daemon_state(const std::filesystem::path& path, std::string& error);

/// Whether a process with this pid exists (it may belong to another user).
bool process_alive(pid_t pid);

}  // namespace marionette::daemon
