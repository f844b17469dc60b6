#include "compiler/ruby_worker_pool.hpp"

#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>

#include "paths/private_file.hpp"

namespace marionette::compiler {

namespace {

/// The worker this thread used last: its next call goes there when it is free, so that a
/// compile's Ruby calls share one Ruby's loaded files and globals as in one process.
thread_local const RubyWorkerProcess* last_used = nullptr;

constexpr const char* kWorkerFile = "marionette-ruby-worker";

}  // namespace

RubyWorkerPool& RubyWorkerPool::instance() {
  static RubyWorkerPool pool;
  return pool;
}

RubyWorkerPool::~RubyWorkerPool() {
  stop();
}

void RubyWorkerPool::configure(const RubyWorkerSettings& settings) {
  std::lock_guard lock(mutex_);
  settings_ = settings;
  if (settings_.workers == 0) settings_.workers = 1;
  // With prestart the keeper starts with the first call that needs Ruby (acquire): a process
  // whose compiles need none has no worker.
  if (settings_.prestart && needed_) start_keeper();
  changed_.notify_all();
}

void RubyWorkerPool::start_keeper() {
  if (!keeper_.joinable() && !stopped_) keeper_ = std::thread([this] { keep_full(); });
}

RubyWorkerSettings RubyWorkerPool::settings() {
  std::lock_guard lock(mutex_);
  return settings_;
}

RubyWorkerLimits RubyWorkerPool::limits() {
  RubyWorkerLimits limits;
  limits.module = paths::private_file(MARIONETTE_RUBY_MODULE_FILE, "MARIONETTE_RUBY_MODULE");
  // Beside the module (as installed, and in the build tree), else marionette's own (a test
  // names a module that is missing or elsewhere).
  limits.worker = limits.module.parent_path() / kWorkerFile;
  std::error_code error;
  if (!std::filesystem::is_regular_file(limits.worker, error))
    limits.worker = paths::private_file(kWorkerFile, "MARIONETTE_RUBY_WORKER");
  std::lock_guard lock(mutex_);
  limits.call_timeout = settings_.call_timeout;
  limits.memory_bytes = settings_.memory_bytes;
  return limits;
}

std::unique_ptr<RubyWorkerProcess> RubyWorkerPool::start_one(std::string& why_not) {
  return RubyWorkerProcess::start(limits(), why_not);
}

/// With prestart: starts workers until there are as many as the settings say, and again
/// whenever one is retired. A worker that cannot start stops it: acquire() then says why.
void RubyWorkerPool::keep_full() {
  std::unique_lock lock(mutex_);
  for (;;) {
    changed_.wait(lock, [this] { return stopped_ || live_ < settings_.workers; });
    if (stopped_) return;
    ++live_;
    lock.unlock();
    std::string why_not;
    std::unique_ptr<RubyWorkerProcess> worker = start_one(why_not);
    lock.lock();
    if (!worker || stopped_) {
      --live_;
      changed_.notify_all();  // a caller waiting for this one starts its own, and says why not
      if (!worker) return;
      lock.unlock();
      worker.reset();
      return;
    }
    idle_.push_back(std::move(worker));
    changed_.notify_all();
  }
}

std::unique_ptr<RubyWorkerProcess> RubyWorkerPool::acquire(std::string& why_not) {
  std::unique_lock lock(mutex_);
  needed_ = true;
  for (;;) {
    if (stopped_) {
      why_not = "marionette is stopping";
      return nullptr;
    }
    if (!idle_.empty()) {
      auto mine = std::find_if(idle_.begin(), idle_.end(),
                               [](const auto& worker) { return worker.get() == last_used; });
      if (mine == idle_.end()) mine = idle_.end() - 1;
      std::unique_ptr<RubyWorkerProcess> worker = std::move(*mine);
      idle_.erase(mine);
      busy_[worker.get()] = worker->pidfd();
      last_used = worker.get();
      return worker;
    }
    if (live_ < settings_.workers) {
      ++live_;
      lock.unlock();
      std::unique_ptr<RubyWorkerProcess> worker = start_one(why_not);
      lock.lock();
      if (worker && !stopped_) {
        busy_[worker.get()] = worker->pidfd();
        last_used = worker.get();
        // The first worker this call started itself; the keeper starts the others now, in the
        // background, so that the next compiles that need Ruby find one ready.
        if (settings_.prestart) start_keeper();
        return worker;
      }
      --live_;
      changed_.notify_all();
      if (!worker) return nullptr;
      continue;  // stopped meanwhile: the worker goes with this scope
    }
    changed_.wait(lock);
  }
}

void RubyWorkerPool::release(std::unique_ptr<RubyWorkerProcess> worker, bool reusable) {
  if (!worker) return;
  std::unique_lock lock(mutex_);
  busy_.erase(worker.get());
  if (reusable && !stopped_ && !worker->ended()) {
    idle_.push_back(std::move(worker));
    changed_.notify_all();
    return;
  }
  --live_;
  changed_.notify_all();  // the keeper starts its replacement
  lock.unlock();
  worker.reset();  // killed with its process group, reaped
}

void RubyWorkerPool::stop() {
  std::vector<std::unique_ptr<RubyWorkerProcess>> idle;
  {
    std::lock_guard lock(mutex_);
    stopped_ = true;
    for (const auto& [worker, pidfd] : busy_)
      ::syscall(SYS_pidfd_send_signal, pidfd, SIGKILL, nullptr,
                0);  // its caller kills the rest of its group
    idle = std::move(idle_);
    idle_.clear();
    live_ -= static_cast<unsigned>(idle.size());
    changed_.notify_all();
  }
  idle.clear();
  if (keeper_.joinable() && keeper_.get_id() != std::this_thread::get_id()) keeper_.join();
}

bool RubyWorkerPool::stopped() {
  std::lock_guard lock(mutex_);
  return stopped_;
}

void configure_ruby_workers(const RubyWorkerSettings& settings) {
  RubyWorkerPool::instance().configure(settings);
}

RubyWorkerSettings ruby_worker_settings() {
  return RubyWorkerPool::instance().settings();
}

void allow_ruby_workers(unsigned count) {
  RubyWorkerSettings settings = RubyWorkerPool::instance().settings();
  if (settings.workers >= count) return;
  settings.workers = count;
  RubyWorkerPool::instance().configure(settings);
}

void stop_ruby_workers() {
  RubyWorkerPool::instance().stop();
}

}  // namespace marionette::compiler
