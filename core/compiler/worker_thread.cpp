#include "compiler/worker_thread.hpp"

#include <sched.h>

#include <system_error>

namespace marionette::compiler {

namespace {

/// Sets `attributes` to the CPUs this thread may use other than the one it is on; leaves them
/// alone when that would leave none.
void elsewhere(pthread_attr_t& attributes) {
  cpu_set_t allowed;
  if (sched_getaffinity(0, sizeof allowed, &allowed) != 0 || CPU_COUNT(&allowed) < 2) return;
  int here = sched_getcpu();
  if (here < 0 || !CPU_ISSET(here, &allowed)) return;
  CPU_CLR(here, &allowed);
  pthread_attr_setaffinity_np(&attributes, sizeof allowed, &allowed);
}

}  // namespace

WorkerThread::WorkerThread(std::function<void()> body) : body_(std::move(body)) {
  pthread_attr_t attributes;
  pthread_attr_init(&attributes);
  elsewhere(attributes);
  int failed = pthread_create(&thread_, &attributes, &WorkerThread::run, this);
  pthread_attr_destroy(&attributes);
  if (failed != 0) throw std::system_error(failed, std::generic_category(), "pthread_create");
  joinable_ = true;
}

WorkerThread::~WorkerThread() {
  join();
}

void WorkerThread::join() {
  if (!joinable_) return;
  pthread_join(thread_, nullptr);
  joinable_ = false;
}

void* WorkerThread::run(void* self) noexcept {
  static_cast<WorkerThread*>(self)->body_();
  return nullptr;
}

namespace {

/// Pause instructions before BriefLock::lock() sleeps: 2,048 take ~40 µs on the build machine
/// (19 ns each), a few microseconds on CPUs whose pause is short.
constexpr int kSpins = 2048;

}  // namespace

void BriefLock::lock() {
  for (int i = 0; i < kSpins; ++i) {
    if (mutex_.try_lock()) return;
    cpu_pause();
  }
  mutex_.lock();
}

void cpu_pause() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  asm volatile("yield");
#endif
}

}  // namespace marionette::compiler
