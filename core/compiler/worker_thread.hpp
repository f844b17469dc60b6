#pragma once

#include <pthread.h>

#include <functional>
#include <mutex>

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

/// A mutex for sections a few microseconds long shared by two threads on two CPUs: lock() tries
/// for a while (~40 µs here) before it sleeps. A futex sleep costs the waiter its wake-up, which
/// on the 2-CPU build machine's VM takes from microseconds to milliseconds (a cross-CPU
/// interrupt and the host running the other virtual CPU again); the parse thread and the
/// compiling thread held each other up that way ~3 times per compile. Use with
/// std::condition_variable_any.
class BriefLock {
 public:
  void lock();
  bool try_lock() { return mutex_.try_lock(); }
  void unlock() { mutex_.unlock(); }

 private:
  std::mutex mutex_;
};

/// One spin-wait hint to the CPU (x86's pause: ~19 ns on the build machine).
void cpu_pause();

}  // namespace marionette::compiler
