#include "ruby_thread.hpp"

#include <stdexcept>
#include <system_error>

namespace marionette::ruby {

namespace {
// Ruby's own frames and a module's recursion need room; Ruby measures this stack and raises
// SystemStackError before running out of it.
constexpr std::size_t kRubyStackBytes = 64u << 20;
}  // namespace

RubyThread::RubyThread(std::function<void()> start) : start_(std::move(start)) {
  pthread_attr_t attributes;
  pthread_attr_init(&attributes);
  pthread_attr_setstacksize(&attributes, kRubyStackBytes);
  pthread_t thread;
  int error = pthread_create(&thread, &attributes, &RubyThread::main, this);
  pthread_attr_destroy(&attributes);
  if (error != 0) throw std::system_error(error, std::generic_category(), "cannot start Ruby");
  pthread_detach(thread);
}

void* RubyThread::main(void* self) noexcept {
  auto* thread = static_cast<RubyThread*>(self);
  thread->start_();  // first, before any work: the caller of the first run() waits meanwhile
  std::unique_lock lock(thread->mutex_);
  for (;;) thread->serve_until(nullptr, thread->to_ruby_, lock);
}

void RubyThread::serve_until(const bool* done, Message& inbox, std::unique_lock<std::mutex>& lock) {
  for (;;) {
    changed_.wait(lock, [&] { return (done && *done) || inbox.job != nullptr; });
    if (done && *done) return;
    Message message = inbox;
    inbox = Message{};
    lock.unlock();
    (*message.job)();
    lock.lock();
    *message.done = true;
    changed_.notify_all();
    if (!done) return;  // Ruby's idle loop: one job per turn
  }
}

void RubyThread::run(const std::function<void()>& work) {
  std::lock_guard caller(callers_);
  std::unique_lock lock(mutex_);
  ++depth_;
  bool done = false;
  to_ruby_ = Message{&work, &done};
  changed_.notify_all();
  serve_until(&done, to_caller_, lock);
  --depth_;
}

void RubyThread::run_on_caller(const std::function<void()>& task) {
  std::unique_lock lock(mutex_);
  bool done = false;
  to_caller_ = Message{&task, &done};
  changed_.notify_all();
  serve_until(&done, to_ruby_, lock);
}

}  // namespace marionette::ruby
