#include "subagent/notification_queue.hpp"

namespace marionette::subagent {

void NotificationQueue::push(const PendingNotification& notification) {
  if (waiting_.size() == kCapacity) {
    waiting_.pop_front();
    ++dropped_;
  }
  waiting_.push_back(notification);
}

std::vector<PendingNotification> NotificationQueue::take_all() {
  std::vector<PendingNotification> all(waiting_.begin(), waiting_.end());
  waiting_.clear();
  dropped_ = 0;
  return all;
}

}  // namespace marionette::subagent
