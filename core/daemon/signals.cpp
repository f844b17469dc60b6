#include "daemon/signals.hpp"

#include <pthread.h>
#include <signal.h>

#include <cerrno>
#include <ctime>

namespace marionette::daemon {

struct SignalWatcher::Saved {
  sigset_t watched;
  sigset_t previous;
};

SignalWatcher::SignalWatcher(bool reopen_logs_on_usr2) : saved_(new Saved) {
  sigemptyset(&saved_->watched);
  for (int s : {SIGTERM, SIGINT, SIGHUP, SIGUSR1}) sigaddset(&saved_->watched, s);
  if (reopen_logs_on_usr2) sigaddset(&saved_->watched, SIGUSR2);
  pthread_sigmask(SIG_BLOCK, &saved_->watched, &saved_->previous);
}

SignalWatcher::~SignalWatcher() {
  pthread_sigmask(SIG_SETMASK, &saved_->previous, nullptr);
  delete saved_;
}

SignalEvent SignalWatcher::wait(std::chrono::milliseconds timeout) {
  auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    auto left = std::chrono::duration_cast<std::chrono::nanoseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return SignalEvent::none;
    timespec wait_for{static_cast<time_t>(left.count() / 1000000000),
                      static_cast<long>(left.count() % 1000000000)};
    int signal = sigtimedwait(&saved_->watched, nullptr, &wait_for);
    if (signal < 0) {
      if (errno == EINTR) continue;
      return SignalEvent::none;
    }
    return event_for(signal);
  }
}

SignalEvent SignalWatcher::poll() {
  timespec now{0, 0};
  int signal = sigtimedwait(&saved_->watched, nullptr, &now);
  return signal < 0 ? SignalEvent::none : event_for(signal);
}

SignalEvent SignalWatcher::event_for(int signal) {
  last_signal_ = signal;
  switch (signal) {
    case SIGHUP:
      return SignalEvent::reload;
    case SIGUSR1:
      return SignalEvent::run_now;
    case SIGUSR2:
      return SignalEvent::reopen_logs;
    default:
      return SignalEvent::stop;
  }
}

const char* SignalWatcher::last_signal_name() const {
  switch (last_signal_) {
    case SIGTERM:
      return "TERM";
    case SIGINT:
      return "INT";
    case SIGHUP:
      return "HUP";
    case SIGUSR1:
      return "USR1";
    case SIGUSR2:
      return "USR2";
    default:
      return "signal";
  }
}

}  // namespace marionette::daemon
