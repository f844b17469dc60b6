#pragma once

#include <algorithm>
#include <chrono>

namespace marionette::retry {

/// When to try reconnecting to a server that went away (Redis, the AgentX master): the first
/// retry `initial` after a failure, each further failure doubling the wait up to `cap`; a
/// success starts over. Header-only: the counters (Redis) and the subagent (AgentX) use the same
/// schedule.
class Backoff {
 public:
  using Clock = std::chrono::steady_clock;

  Backoff(std::chrono::milliseconds initial, std::chrono::milliseconds cap)
      : initial_(initial), cap_(std::max(cap, initial)), delay_(initial) {}

  /// An attempt failed at `now`: the next one is due after the current delay, which doubles.
  void failed(Clock::time_point now) {
    next_attempt_ = now + delay_;
    delay_ = std::min(delay_ * 2, cap_);
    ++failures_;
  }
  /// An attempt succeeded: the next failure is retried after `initial` again.
  void succeeded() {
    delay_ = initial_;
    failures_ = 0;
    next_attempt_ = {};
  }
  /// Whether an attempt may be made at `now` (always, until something failed).
  bool due(Clock::time_point now) const { return now >= next_attempt_; }
  /// Makes the next attempt due at once, keeping the schedule of the failures after it.
  void allow_now() { next_attempt_ = {}; }
  /// Failures since the last success; 0 while all is well.
  unsigned failures() const { return failures_; }
  /// How long the next failure will make the caller wait.
  std::chrono::milliseconds next_delay() const { return delay_; }
  Clock::time_point next_attempt() const { return next_attempt_; }

 private:
  std::chrono::milliseconds initial_, cap_, delay_;
  Clock::time_point next_attempt_{};
  unsigned failures_ = 0;
};

}  // namespace marionette::retry
