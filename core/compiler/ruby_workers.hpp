#pragma once

// Ruby isolated in worker processes, as puppetserver isolates its JRubies: every call into
// marionette-ruby.so (a module's Ruby function, a template beyond the native ERB engine, the
// custom facts) runs in a marionette-ruby-worker process taken from a pool, one call tree at a
// time each, with a deadline and a memory limit. Ruby code that loops, exits, aborts or forks
// harms only its worker, which is killed (with its process group) and replaced.

#include <chrono>
#include <cstdint>
#include <string>

#include "ruby/module_abi.h"

namespace marionette::compiler {

struct RubyWorkerSettings {
  /// How long one call into Ruby may run, the calls it makes back into marionette not counted
  /// (the setting ruby_timeout); past it the compile fails naming the function or template.
  std::chrono::milliseconds call_timeout{std::chrono::seconds(300)};
  /// The worker's address space (RLIMIT_AS; the setting ruby_memory_limit); 0: unlimited.
  std::uint64_t memory_bytes = 2ull << 30;
  /// How many workers run at most: as many compiles use Ruby at once.
  unsigned workers = 1;
  /// Once a call has needed Ruby, start them all and replace each that ends, in the background,
  /// so that no later compile waits for Ruby to start (the server); else a worker starts when a
  /// call needs one. Either way a process whose compiles need no Ruby has no worker.
  bool prestart = false;
  /// Ruby's `exit N` (and `exit!`, `abort`) ends this process with N, as in `puppet apply`;
  /// else the call fails and the worker is replaced (the server, the agent).
  bool exit_ends_process = false;
};

/// Sets how this process runs Ruby; takes effect for workers started afterwards (call it before
/// the first compile). With prestart, the workers start with the first call that needs Ruby.
void configure_ruby_workers(const RubyWorkerSettings& settings);
RubyWorkerSettings ruby_worker_settings();

/// Lets `count` Ruby workers run at once when fewer may (never fewer than configured): custom
/// facts resolve in several workers at once (facts/custom_facts.hpp's concurrency).
void allow_ruby_workers(unsigned count);

/// Stops every Ruby worker now, those running calls too (their calls fail), and refuses later
/// calls: the server's SIGTERM, whatever Ruby is doing.
void stop_ruby_workers();

/// Thrown when Ruby code called exit N while exit_ends_process: not a std::exception, so that
/// no handler of compile errors takes it; the command ends with `status`.
struct RubyExit {
  int status;
};

/// The module's interface served by workers (ruby_worker_module.cpp): what ruby_module() hands
/// out. nullptr, with why in `why_not`, when no worker can run Ruby.
const marionette_ruby_module* isolated_ruby_module(std::string& why_not);

}  // namespace marionette::compiler
