#pragma once

#include <chrono>
#include <random>

namespace marionette::daemon {

/// Puppet's splay: a random delay of 0 to `limit` seconds, both included, drawn once when the
/// agent starts (the daemon waits it before its first run only, then runs every run interval).
std::chrono::seconds splay_delay(std::chrono::seconds limit, std::mt19937_64& random);

/// The same with a generator seeded from std::random_device, so agents started together spread.
std::chrono::seconds splay_delay(std::chrono::seconds limit);

}  // namespace marionette::daemon
