#pragma once

#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "compiler/ruby_worker_process.hpp"
#include "compiler/ruby_workers.hpp"

namespace marionette::compiler {

/// The process's Ruby workers (ruby_workers.hpp): idle ones waiting, busy ones lent to a call
/// tree, and, with prestart, a keeper thread (started by the first call that needs Ruby) that
/// starts workers up to the settings' count and a new one whenever one ends.
class RubyWorkerPool {
 public:
  static RubyWorkerPool& instance();
  ~RubyWorkerPool();

  void configure(const RubyWorkerSettings& settings);
  RubyWorkerSettings settings();

  /// A worker for one call tree (the one this thread used last when it is free); waits while
  /// all are busy. nullptr with why in `why_not` when none can start or the pool stopped.
  std::unique_ptr<RubyWorkerProcess> acquire(std::string& why_not);
  /// Takes a worker back; one that ended, forked or broke (`reusable` false) is killed with its
  /// process group, and replaced.
  void release(std::unique_ptr<RubyWorkerProcess> worker, bool reusable);
  /// Kills every worker, busy ones too; later acquire() fails.
  void stop();
  bool stopped();

 private:
  RubyWorkerPool() = default;
  RubyWorkerLimits limits();
  std::unique_ptr<RubyWorkerProcess> start_one(std::string& why_not);
  void keep_full();
  /// With the mutex held: the keeper, unless it runs or the pool stopped.
  void start_keeper();

  std::mutex mutex_;
  std::condition_variable changed_;
  RubyWorkerSettings settings_;
  std::vector<std::unique_ptr<RubyWorkerProcess>> idle_;
  std::map<const RubyWorkerProcess*, int> busy_;  ///< lent workers and their pidfds
  unsigned live_ = 0;                             ///< idle, busy and starting
  bool stopped_ = false;
  bool needed_ = false;  ///< a call has asked for a worker
  std::thread keeper_;
};

}  // namespace marionette::compiler
