#pragma once

#include <chrono>
#include <set>
#include <string>

#include "cli/arguments.hpp"

namespace marionette::cli {

/// Puppet's --waitforlock and --maxwaitforlock, for apply and agent --onetime.
inline const std::set<std::string> kLockOptions = {"waitforlock", "maxwaitforlock"};

struct LockWait {
  std::chrono::seconds retry_every{0};  ///< 0: give up at once when another run holds the lock
  std::chrono::seconds max_wait{60};
};

/// The two options as durations (30, 30s, 5m, 2h, 1d); UsageError when one is not.
LockWait lock_wait_from(const Arguments& args);

}  // namespace marionette::cli
