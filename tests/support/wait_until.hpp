#pragma once

#include <chrono>
#include <thread>

namespace marionette::testing {

/// Waits for an event instead of guessing its time: checks `happened` (a predicate on what the
/// test can observe: a line in an output, a file, a port, a value read back) until it holds or
/// `timeout` passes, looking again every `every`. True when it held, so a test asserts on it:
///     ASSERT_TRUE(wait_until([&] { return agent.output().find("ready") != npos; }, 10s));
template <typename Predicate>
bool wait_until(Predicate happened, std::chrono::milliseconds timeout,
                std::chrono::milliseconds every = std::chrono::milliseconds(20)) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (true) {
    if (happened()) return true;
    if (std::chrono::steady_clock::now() >= deadline) return false;
    std::this_thread::sleep_for(every);
  }
}

}  // namespace marionette::testing
