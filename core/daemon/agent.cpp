#include "daemon/agent.hpp"

#include <unistd.h>

#include <chrono>

#include "catalog/catalog.hpp"
#include "daemon/prometheus_textfile.hpp"
#include "daemon/run_lock.hpp"
#include "daemon/snapshot_builder.hpp"
#include "daemon/splay.hpp"
#include "marionette/version.hpp"

namespace marionette::daemon {

namespace {

using Clock = std::chrono::steady_clock;

std::int64_t unix_now() {
  return std::chrono::duration_cast<std::chrono::seconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

double unix_now_seconds() {
  return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
}

/// A steady-clock instant as unix seconds, for the state file.
std::int64_t unix_time_of(Clock::time_point when) {
  return unix_now() + std::chrono::duration_cast<std::chrono::seconds>(when - Clock::now()).count();
}

std::string catalog_source_of(const RunOutcome& outcome) {
  if (!outcome.report) return "none";
  return outcome.catalog_from_cache ? "cache" : "compiled";
}

}  // namespace

Agent::Agent(AgentSettings settings, metrics::Registry& registry, counters::CounterStore& counters,
             RunLog log, ReloadSettings reload)
    : settings_(std::move(settings)),
      registry_(registry),
      counters_(counters),
      log_(std::move(log)),
      reload_(std::move(reload)),
      started_at_(unix_now()) {
  metrics::Snapshot first = *registry_.latest();
  first.version = kVersion;
  first.started_at = started_at_;
  first.run_interval_s = settings_.run_interval.count();
  first.node = counters_.totals();
  first.fleet = counters_.fleet_totals().value_or(counters::Totals{});
  set_store_status(first, counters_.status());
  registry_.publish(first);
  state_.pid = ::getpid();
  state_.started_at = started_at_;
}

void Agent::publish_state(metrics::AgentState state) {
  metrics::Snapshot next = *registry_.latest();
  next.state = state;
  registry_.publish(next);
  write_state(state == metrics::AgentState::compiling ? "compiling" : "applying", std::nullopt);
}

void Agent::write_state(const std::string& state, std::optional<Clock::time_point> next_run) {
  state_.state = state;
  state_.updated_at = unix_now();
  state_.next_run = next_run ? std::optional(unix_time_of(*next_run)) : std::nullopt;
  state_.run_interval_s = settings_.run_interval.count();
  state_.noop = settings_.run.noop;
  try {
    write_daemon_state(daemon_state_path(settings_.run.statedir), state_);
    state_write_failed_ = false;
  } catch (const std::exception& e) {
    if (!state_write_failed_)
      log_("warning", std::string("Could not write the state: ") + e.what());
    state_write_failed_ = true;
  }
}

RunOutcome Agent::run_and_publish() {
  publish_state(metrics::AgentState::compiling);
  RunSettings run = settings_.run;
  run.stop_requested = [this] { return signals_ ? poll_signals() : false; };
  auto applying = [this] { publish_state(metrics::AgentState::applying); };
  RunOutcome outcome = settings_.one_run ? settings_.one_run(run, log_, applying)
                                         : run_once(run, log_, applying);
  record(outcome);
  return outcome;
}

void Agent::record(const RunOutcome& outcome) {
  counters::Totals totals =
      counters_.add(delta_of(outcome, outcome.node_name + "/" + catalog::new_catalog_uuid()));
  std::optional<counters::Totals> fleet = counters_.fleet_totals();
  metrics::Snapshot next = snapshot_after(*registry_.latest(), outcome, totals, unix_now());
  next.fleet = fleet.value_or(counters::Totals{});
  next.last_report = report_figures_of(outcome, settings_.run.environment, unix_now_seconds());
  set_store_status(next, counters_.status());
  if (settings_.run.prometheus_textfile_dir) write_textfile(next);
  registry_.publish(std::move(next));
  state_.last_run = unix_now();
  state_.last_status = outcome.report ? outcome.report->status : "failed";
  state_.catalog_source = catalog_source_of(outcome);
  state_.last_error = outcome.could_not_run.value_or("");
}

void Agent::write_textfile(const metrics::Snapshot& snapshot) {
  try {
    write_prometheus_textfile(*settings_.run.prometheus_textfile_dir, snapshot);
    textfile_write_failed_ = false;
  } catch (const std::exception& e) {
    if (!textfile_write_failed_)
      log_("warning", std::string("Could not write the Prometheus textfile: ") + e.what());
    textfile_write_failed_ = true;
  }
}

std::optional<RunOutcome> Agent::locked_run() {
  std::optional<RunLock> lock;
  try {
    lock = acquire_run_lock(run_lock_path(settings_.run.statedir), settings_.wait_for_lock,
                            settings_.max_wait_for_lock, log_, [this] { return poll_signals(); });
  } catch (const std::exception& e) {
    // The run lock cannot be written (a full or read-only state dir): the run cannot run, which
    // is a failed run, counted, published and reported as any other.
    RunOutcome outcome;
    outcome.could_not_run = std::string("Could not run: ") + e.what();
    outcome.node_name = node_name_for(settings_.run, facts::Facts::object());
    log_("err", *outcome.could_not_run);
    record(outcome);
    return outcome;
  }
  if (!lock) return std::nullopt;
  RunOutcome outcome = run_and_publish();
  if (settings_.after_run) settings_.after_run(outcome);
  return outcome;
}

bool Agent::poll_signals() {
  for (SignalEvent event = signals_->poll(); event != SignalEvent::none; event = signals_->poll())
    handle(event);
  return stop_requested_;
}

void Agent::handle(SignalEvent event) {
  const std::string name = signals_->last_signal_name();
  switch (event) {
    case SignalEvent::stop:
      if (!stop_requested_) log_("notice", "Caught " + name + "; exiting");
      stop_requested_ = true;
      break;
    case SignalEvent::run_now:
      log_("notice", "Caught USR1; starting a run");
      run_requested_ = true;
      break;
    case SignalEvent::reload:
      log_("notice", "Caught HUP; reloading the configuration");
      reload_requested_ = true;
      break;
    case SignalEvent::reopen_logs:  // not watched by the agent
    case SignalEvent::none:
      break;
  }
}

void Agent::reload() {
  reload_requested_ = false;
  if (!reload_) return;
  std::optional<AgentSettings> fresh = reload_();
  if (!fresh) return;  // the reload said why; the current settings stay
  fresh->onetime = settings_.onetime;
  settings_ = std::move(*fresh);
  metrics::Snapshot next = *registry_.latest();
  next.run_interval_s = settings_.run_interval.count();
  registry_.publish(std::move(next));
  log_("notice", "Reloaded the configuration; run interval " +
                     std::to_string(settings_.run_interval.count()) + " seconds" +
                     (settings_.run.noop ? ", noop" : ""));
}

Agent::Woken Agent::wait_until(const std::function<Clock::time_point()>& deadline) {
  for (;;) {
    if (stop_requested_) return Woken::stop;
    if (reload_requested_) {
      reload();
      write_state(state_.state, deadline());
    }
    if (run_requested_) {
      run_requested_ = false;
      return Woken::run_now;
    }
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline() - Clock::now());
    if (left.count() <= 0) return Woken::deadline;
    SignalEvent event = signals_->wait(left);
    if (event == SignalEvent::none) continue;
    handle(event);
  }
}

int Agent::stop_cleanly() {
  write_state("stopped", std::nullopt);
  return 0;
}

int Agent::run(SignalWatcher& signals) {
  signals_ = &signals;
  write_state("starting", std::nullopt);
  if (settings_.splay) {
    const auto delay = splay_delay(settings_.splay_limit);
    log_("info", "Sleeping for " + std::to_string(delay.count()) + " seconds (splay is enabled)");
    const auto first_run = Clock::now() + delay;
    write_state("splaying", first_run);
    if (wait_until([first_run] { return first_run; }) == Woken::stop) return stop_cleanly();
  }
  for (;;) {
    std::optional<RunOutcome> outcome = locked_run();
    poll_signals();
    if (stop_requested_) return stop_cleanly();
    if (settings_.onetime) {
      write_state("stopped", std::nullopt);
      return onetime_exit_code(outcome);
    }
    const auto ended = Clock::now();
    auto next_run = [this, ended] { return ended + settings_.run_interval; };
    write_state("idle", next_run());
    if (wait_until(next_run) == Woken::stop) return stop_cleanly();
  }
}

int Agent::onetime_exit_code(const std::optional<RunOutcome>& outcome) const {
  // As `puppet agent --onetime`: 1 when no catalog was applied; otherwise 0, or the report's
  // detailed exit code with --detailed-exitcodes (a cached catalog counts as applied).
  if (!outcome || !outcome->report || !outcome->report->transaction_completed) return 1;
  return settings_.detailed_exitcodes ? outcome->report->detailed_exit_code() : 0;
}

}  // namespace marionette::daemon
