#pragma once

#include <pthread.h>

#include <functional>

namespace marionette::compiler {

/// A thread that starts on another CPU than the one its creator is running on, when the
/// process may use more than one.
///
/// Linux queues a new thread on its creator's CPU. A creator that goes on working keeps it
/// waiting there until the load balancer moves it: 0.8–1.3 ms on the 2-CPU build machine, while
/// the other CPU was idle. Started with that CPU left out of its affinity, the thread runs at
/// once, and the two never contend for one CPU afterwards.
class WorkerThread {
 public:
  /// Starts `body`; throws std::system_error when no thread can be had.
  explicit WorkerThread(std::function<void()> body);
  ~WorkerThread();  ///< joins
  WorkerThread(const WorkerThread&) = delete;
  WorkerThread& operator=(const WorkerThread&) = delete;

  void join();

 private:
  static void* run(void* self) noexcept;

  std::function<void()> body_;
  pthread_t thread_{};
  bool joinable_ = false;
};

}  // namespace marionette::compiler
