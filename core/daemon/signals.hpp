#pragma once

#include <chrono>

namespace marionette::daemon {

enum class SignalEvent { none, stop, reload, run_now, reopen_logs };

/// Turns SIGTERM/SIGINT (stop), SIGHUP (reload) and SIGUSR1 (run now) into events the agent
/// loop waits for. Construct it before starting any thread: the signals are blocked in the
/// calling thread, and threads started afterwards inherit that, so only wait() receives them.
class SignalWatcher {
 public:
  /// `reopen_logs_on_usr2`: SIGUSR2 too, as `reopen_logs` (a server's log file, reopened after
  /// logrotate moved it, as Puppet's daemons take USR2).
  explicit SignalWatcher(bool reopen_logs_on_usr2 = false);
  ~SignalWatcher();
  SignalWatcher(const SignalWatcher&) = delete;
  SignalWatcher& operator=(const SignalWatcher&) = delete;

  /// Waits up to `timeout` for one of the signals; `none` when the time ran out.
  SignalEvent wait(std::chrono::milliseconds timeout);

  /// A signal already pending, without waiting; `none` when there is none.
  SignalEvent poll();

  /// "TERM", "INT", "HUP", "USR1" or "USR2": the signal behind the last event, for the log.
  const char* last_signal_name() const;

 private:
  struct Saved;
  Saved* saved_;
  int last_signal_ = 0;

  SignalEvent event_for(int signal);
};

}  // namespace marionette::daemon
