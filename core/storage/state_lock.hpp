#pragma once

#include <filesystem>

namespace marionette::storage {

/// Holds an exclusive flock() on a lock file for its lifetime, so that two processes sharing a
/// state dir (the daemon and a one-off `marionette apply`) never interleave journal rewrites.
/// A lock that cannot be taken (read-only dir) is not fatal: the journal write reports it.
class StateLock {
 public:
  explicit StateLock(const std::filesystem::path& lock_file);
  ~StateLock();
  StateLock(const StateLock&) = delete;
  StateLock& operator=(const StateLock&) = delete;

 private:
  int fd_ = -1;
};

}  // namespace marionette::storage
