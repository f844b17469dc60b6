#pragma once

#include <cstddef>
#include <deque>
#include <vector>

#include "metrics/fleet_snapshot.hpp"
#include "subagent/run_notifier.hpp"

namespace marionette::subagent {

/// Notifications waiting for an AgentX master to send them through, oldest first. Bounded:
/// past kCapacity the oldest are dropped (and counted), so an snmpd that stays away costs a
/// fixed amount of memory.
template <class Notification>
class BoundedNotificationQueue {
 public:
  static constexpr std::size_t kCapacity = 64;

  void push(const Notification& notification) {
    if (waiting_.size() == kCapacity) {
      waiting_.pop_front();
      ++dropped_;
    }
    waiting_.push_back(notification);
  }
  /// Everything waiting, oldest first; the queue is empty afterwards.
  std::vector<Notification> take_all() {
    std::vector<Notification> all(waiting_.begin(), waiting_.end());
    waiting_.clear();
    dropped_ = 0;
    return all;
  }
  bool empty() const { return waiting_.empty(); }
  std::size_t size() const { return waiting_.size(); }
  /// How many were dropped since the last take_all().
  std::size_t dropped() const { return dropped_; }

 private:
  std::deque<Notification> waiting_;
  std::size_t dropped_ = 0;
};

/// The agent's run notifications.
using NotificationQueue = BoundedNotificationQueue<PendingNotification>;
/// The server's fleet notifications.
using FleetNotificationQueue = BoundedNotificationQueue<metrics::FleetEvent>;

}  // namespace marionette::subagent
