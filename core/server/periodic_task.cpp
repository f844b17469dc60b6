#include "server/periodic_task.hpp"

namespace marionette::server {

PeriodicTask::PeriodicTask(std::chrono::seconds interval, std::function<void()> task)
    : interval_(interval), task_(std::move(task)) {
  thread_ = std::thread([this] {
    std::unique_lock<std::mutex> lock(mutex_);
    do {
      lock.unlock();
      task_();
      lock.lock();
    } while (!wake_.wait_for(lock, interval_, [this] { return stopping_; }));
  });
}

PeriodicTask::~PeriodicTask() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

}  // namespace marionette::server
