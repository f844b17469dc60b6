#pragma once

#include <cstddef>
#include <deque>
#include <vector>

#include "subagent/run_notifier.hpp"

namespace marionette::subagent {

/// Notifications waiting for an AgentX master to send them through, oldest first. Bounded:
/// past kCapacity the oldest are dropped (and counted), so an snmpd that stays away costs a
/// fixed amount of memory.
class NotificationQueue {
 public:
  static constexpr std::size_t kCapacity = 64;

  void push(const PendingNotification& notification);
  /// Everything waiting, oldest first; the queue is empty afterwards.
  std::vector<PendingNotification> take_all();
  bool empty() const { return waiting_.empty(); }
  std::size_t size() const { return waiting_.size(); }
  /// How many were dropped since the last take_all().
  std::size_t dropped() const { return dropped_; }

 private:
  std::deque<PendingNotification> waiting_;
  std::size_t dropped_ = 0;
};

}  // namespace marionette::subagent
