#pragma once

#include <pthread.h>

#include <condition_variable>
#include <functional>
#include <mutex>

namespace marionette::ruby {

/// The one thread Ruby runs on, and the hand-over between it and the thread that asks it for work.
///
/// Ruby is started on this thread and only ever runs there. A host thread hands it work with
/// run() and waits; the work may hand tasks back with run_on_caller() (a Ruby function calling a
/// marionette function: marionette's code runs on marionette's thread), and such a task may hand
/// Ruby more work in turn. The two threads take turns, one running while the other waits, so
/// each side's code sees one thread at a time, however deeply calls nest.
class RubyThread {
 public:
  /// `start` runs first on the new thread (Ruby's start-up); the thread lives as long as the
  /// process (Ruby cannot be stopped and started again).
  explicit RubyThread(std::function<void()> start);

  /// Runs `work` on Ruby's thread; returns when it is done. One caller at a time: a second host
  /// thread waits for the first to finish; nested calls (from a run_on_caller task) go ahead.
  void run(const std::function<void()>& work);

  /// On Ruby's thread, during work: runs `task` on the thread that handed that work.
  void run_on_caller(const std::function<void()>& task);

  /// How deeply run() calls nest right now (1 in a call that is not nested).
  int depth() const { return depth_; }

 private:
  struct Message {
    const std::function<void()>* job = nullptr;
    bool* done = nullptr;
  };
  static void* main(void* self) noexcept;
  /// Waits until `done`, running the jobs the other side posts to `inbox` meanwhile.
  void serve_until(const bool* done, Message& inbox, std::unique_lock<std::mutex>& lock);

  std::function<void()> start_;
  std::recursive_mutex callers_;  ///< one host thread at a time; a nested run() re-enters
  std::mutex mutex_;
  std::condition_variable changed_;
  Message to_ruby_;
  Message to_caller_;
  int depth_ = 0;
};

}  // namespace marionette::ruby
