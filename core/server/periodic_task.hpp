#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

namespace marionette::server {

/// `task` run on a thread of its own at once and then every `interval`, until destruction
/// (which waits for a run in progress). The task handles its own failures.
class PeriodicTask {
 public:
  PeriodicTask(std::chrono::seconds interval, std::function<void()> task);
  ~PeriodicTask();
  PeriodicTask(const PeriodicTask&) = delete;
  PeriodicTask& operator=(const PeriodicTask&) = delete;

 private:
  std::chrono::seconds interval_;
  std::function<void()> task_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace marionette::server
