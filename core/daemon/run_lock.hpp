#pragma once

#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>

namespace marionette::daemon {

/// Puppet's agent_catalog_run.lock: held while a run compiles and applies, so that runs never
/// overlap. The file holds the holder's pid while it exists; the lock itself is an flock on it,
/// so a process that dies releases it and a stale file (dead pid) is simply taken over.
class RunLock {
 public:
  RunLock(RunLock&& other) noexcept;
  RunLock& operator=(RunLock&& other) noexcept;
  RunLock(const RunLock&) = delete;
  ~RunLock();  ///< removes the file, then releases the lock

  /// Takes the lock at `path` once, without waiting. When another process holds it, nullopt,
  /// and `holder` gets that process's pid (nullopt when the file does not say).
  /// Throws std::runtime_error when the file cannot be created.
  static std::optional<RunLock> try_acquire(const std::filesystem::path& path,
                                            std::optional<pid_t>* holder = nullptr);

  const std::filesystem::path& path() const { return path_; }

 private:
  RunLock(std::filesystem::path path, int fd) : path_(std::move(path)), fd_(fd) {}
  void release();
  std::filesystem::path path_;
  int fd_ = -1;
};

/// STATE_DIR/agent_catalog_run.lock, as Puppet names it.
std::filesystem::path run_lock_path(const std::filesystem::path& state_dir);

/// "Run of marionette already in progress (pid 42); skipping  (/x/agent_catalog_run.lock exists)"
std::string lock_busy_message(const std::filesystem::path& path, std::optional<pid_t> holder);

/// Puppet's waitforlock/maxwaitforlock: tries, and while another run holds the lock, says so and
/// tries again every `retry_every` until `max_wait` has passed. A zero `retry_every` gives up at
/// once, as Puppet does by default. Messages go to `log(level, message)`; `interrupted` (when
/// given) is polled while waiting and ends the wait early.
std::optional<RunLock> acquire_run_lock(
    const std::filesystem::path& path, std::chrono::seconds retry_every,
    std::chrono::seconds max_wait,
    const std::function<void(const std::string&, const std::string&)>& log,
    const std::function<bool()>& interrupted = {});

}  // namespace marionette::daemon
