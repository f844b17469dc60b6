// marionette-load: N simulated puppet agents against a Puppet server (marionette server or
// puppetserver), C runs at a time, for a duration or a count; throughput, latencies, errors and
// fairness. Loopback only unless told otherwise; every wait bounded (--timeout per request).
#include <csignal>
#include <set>
#include <tuple>
#include <iostream>
#include <mutex>
#include <thread>

#include "load_options.hpp"
#include "load_stats.hpp"
#include "simulated_node.hpp"

namespace {

using namespace marionette;
using namespace marionette::load;
using Clock = std::chrono::steady_clock;

volatile std::sig_atomic_t interrupted = 0;

void on_signal(int) { interrupted = 1; }

facts::Facts base_facts(const std::filesystem::path& file) {
  facts::Facts facts = facts::load_yaml_file(file);
  // A Puppet::Node::Facts document (name, values) gives its values.
  if (facts.is_object() && facts.contains("values") && facts["values"].is_object())
    facts = facts["values"];
  if (!facts.is_object()) throw std::runtime_error(file.string() + " holds no mapping of facts");
  return facts;
}

/// Runs the nodes, each at most once at a time and the idle one with the fewest runs first,
/// until the count is reached or the duration is over (runs under way then finish) or a signal
/// arrives.
LoadSummary run_load(std::vector<SimulatedNode>& nodes, const LoadOptions& options) {
  LoadStats stats(static_cast<unsigned>(nodes.size()));
  std::mutex mutex;
  std::set<std::pair<unsigned long, unsigned>> idle;  // (runs started, node)
  for (unsigned i = 0; i < nodes.size(); ++i) idle.emplace(0, i);
  unsigned long started = 0;
  const auto start = Clock::now();
  const auto end = options.duration ? start + *options.duration : Clock::time_point::max();
  auto worker = [&] {
    while (true) {
      unsigned index;
      unsigned long runs;
      {
        std::lock_guard<std::mutex> lock(mutex);
        if (interrupted || Clock::now() >= end) return;
        if (options.count && started >= *options.count) return;
        if (idle.empty()) return;  // cannot happen: concurrency <= nodes
        std::tie(runs, index) = *idle.begin();
        idle.erase(idle.begin());
        ++started;
      }
      stats.record(simulate_run(nodes[index], index, options));
      std::lock_guard<std::mutex> lock(mutex);
      idle.emplace(runs + 1, index);
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
  try {
    facts::Facts facts = base_facts(options.facts_file);
    auto setup_start = Clock::now();
    nodes = prepare_nodes(options, facts);
    setup_seconds = std::chrono::duration<double>(Clock::now() - setup_start).count();
  } catch (const std::exception& e) {
    std::cerr << "marionette-load: " << e.what() << "\n";
    return 1;
  }
  LoadSummary summary = run_load(nodes, options);
  std::cout << (options.json ? summary_json(summary, options, setup_seconds)
                             : summary_text(summary, options, setup_seconds));
  return summary.failed_runs == 0 && summary.runs > 0 ? 0 : 3;
}
