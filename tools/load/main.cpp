// marionette-load: N simulated puppet agents against a Puppet server (marionette server or
// puppetserver), C runs at a time, for a duration or a count; throughput, latencies, errors and
// fairness. Loopback only unless told otherwise; every wait bounded (--timeout per request).
#include <algorithm>
#include <condition_variable>
#include <csignal>
#include <fstream>
#include <iostream>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <set>
#include <thread>
#include <tuple>

#include "load_options.hpp"
#include "load_stats.hpp"
#include "simulated_node.hpp"

namespace {

using namespace marionette;
using namespace marionette::load;
using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

volatile std::sig_atomic_t interrupted = 0;

void on_signal(int) {
  interrupted = 1;
}

facts::Facts base_facts(const std::filesystem::path& file) {
  facts::Facts facts = facts::load_yaml_file(file);
  // A Puppet::Node::Facts document (name, values) gives its values.
  if (facts.is_object() && facts.contains("values") && facts["values"].is_object())
    facts = facts["values"];
  if (!facts.is_object()) throw std::runtime_error(file.string() + " holds no mapping of facts");
  return facts;
}

/// Each run as one JSON line, appended and flushed as it ends (a soak reads it even when the
/// load is killed).
class RunLog {
 public:
  explicit RunLog(const std::optional<std::filesystem::path>& path) {
    if (!path) return;
    out_.open(*path, std::ios::app);
    if (!out_) throw std::runtime_error("cannot write the run log " + path->string());
  }
  void write(const RunResult& result, const std::string& certname) {
    if (!out_.is_open()) return;
    nlohmann::json line = {
        {"time", std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch())
                     .count()},
        {"node", certname},
        {"transaction_uuid", result.transaction_uuid},
        {"catalog", result.got_catalog},
        {"report", result.report_acknowledged},
        {"error", result.error_kind}};
    std::lock_guard<std::mutex> lock(mutex_);
    out_ << line.dump() << std::endl;
  }

 private:
  std::mutex mutex_;
  std::ofstream out_;
};

/// Runs the nodes, each at most once at a time, until the count is reached or the duration is
/// over (runs under way then finish) or a signal arrives. Without an interval the idle node
/// with the fewest runs goes first; with one, the node whose run is due first, when it is due.
LoadSummary run_load(std::vector<SimulatedNode>& nodes, const LoadOptions& options,
                     RunLog& run_log) {
  LoadStats stats(static_cast<unsigned>(nodes.size()));
  std::mutex mutex;
  std::condition_variable due_changed;
  const auto start = Clock::now();
  // (runs started, node), or with an interval (when due, in steady-clock ticks, node).
  std::set<std::pair<Clock::rep, unsigned>> idle;
  for (unsigned i = 0; i < nodes.size(); ++i) {
    Clock::rep key = 0;
    if (options.interval)
      key = (start +
             std::chrono::duration_cast<Clock::duration>(*options.interval) * i / nodes.size())
                .time_since_epoch()
                .count();
    idle.emplace(key, i);
  }
  unsigned long started = 0;
  const auto end = options.duration ? start + *options.duration : Clock::time_point::max();
  auto worker = [&] {
    while (true) {
      unsigned index;
      Clock::rep key;
      {
        std::unique_lock<std::mutex> lock(mutex);
        while (true) {
          if (interrupted || Clock::now() >= end) return;
          if (options.count && started >= *options.count) return;
          if (idle.empty()) return;  // cannot happen: concurrency <= nodes
          if (!options.interval) break;
          const Clock::time_point due{Clock::duration(idle.begin()->first)};
          if (due <= Clock::now()) break;
          // Woken when another node becomes idle; every 200 ms for the end and signals.
          due_changed.wait_until(lock, std::min({due, end, Clock::now() + 200ms}));
        }
        std::tie(key, index) = *idle.begin();
        idle.erase(idle.begin());
        ++started;
      }
      RunResult result = simulate_run(nodes[index], index, options);
      run_log.write(result, nodes[index].certname);
      stats.record(result);
      std::lock_guard<std::mutex> lock(mutex);
      if (options.interval)  // a node behind its schedule (a fault) runs once, then on time
        key = std::max(key + std::chrono::duration_cast<Clock::duration>(*options.interval).count(),
                       Clock::now().time_since_epoch().count());
      else
        ++key;
      idle.emplace(key, index);
      due_changed.notify_one();
    }
  };
  std::vector<std::thread> workers;
  for (unsigned i = 0; i < options.concurrency; ++i) workers.emplace_back(worker);
  for (std::thread& thread : workers) thread.join();
  return stats.summarize(std::chrono::duration<double>(Clock::now() - start).count());
}

}  // namespace

int main(int argc, char** argv) {
  LoadOptions options;
  try {
    options = parse_load_options(std::vector<std::string>(argv + 1, argv + argc));
    check_loopback(options.server, options.allow_non_loopback);
  } catch (const UsageError& e) {
    if (std::string(e.what()).empty()) {
      std::cout << kLoadUsage;
      return 0;
    }
    std::cerr << "marionette-load: " << e.what() << "\n" << kLoadUsage;
    return 2;
  }
  std::signal(SIGINT, on_signal);
  std::signal(SIGTERM, on_signal);
  std::vector<SimulatedNode> nodes;
  double setup_seconds = 0;
  std::unique_ptr<RunLog> run_log;
  try {
    run_log = std::make_unique<RunLog>(options.run_log);
    facts::Facts facts = base_facts(options.facts_file);
    auto setup_start = Clock::now();
    nodes = prepare_nodes(options, facts);
    setup_seconds = std::chrono::duration<double>(Clock::now() - setup_start).count();
  } catch (const std::exception& e) {
    std::cerr << "marionette-load: " << e.what() << "\n";
    return 1;
  }
  LoadSummary summary = run_load(nodes, options, *run_log);
  std::cout << (options.json ? summary_json(summary, options, setup_seconds)
                             : summary_text(summary, options, setup_seconds));
  return summary.failed_runs == 0 && summary.runs > 0 ? 0 : 3;
}
