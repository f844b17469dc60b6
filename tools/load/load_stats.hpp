#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace marionette::load {

/// One simulated agent run: which node, whether every request of it succeeded, and why not.
struct RunResult {
  unsigned node = 0;
  bool ok = false;
  std::string error_kind;   ///< connect, tls, verify, timeout, protocol, http_500, …
  std::string error;        ///< the first failure's text
  bool got_catalog = false;
  bool report_acknowledged = false;  ///< the report PUT was answered 2xx
  std::string transaction_uuid;
  double catalog_ms = 0;    ///< the catalog POST alone
  double run_ms = 0;        ///< the whole run: node, pluginsync, catalog, report
};

/// Latency percentiles (nearest rank) in milliseconds.
struct Percentiles {
  double p50 = 0, p90 = 0, p99 = 0, max = 0, mean = 0;
};
Percentiles percentiles_of(std::vector<double> samples);

struct LoadSummary {
  double seconds = 0;
  std::uint64_t runs = 0, failed_runs = 0, catalogs = 0;
  double catalogs_per_second = 0;
  Percentiles catalog_ms, run_ms;
  std::map<std::string, std::uint64_t> errors_by_kind;
  std::string first_error;
  std::uint64_t min_catalogs_per_node = 0, max_catalogs_per_node = 0;
};

/// What the workers record, summarized once at the end. Thread-safe.
class LoadStats {
 public:
  explicit LoadStats(unsigned nodes) : per_node_(nodes, 0) {}
  void record(const RunResult& result);
  LoadSummary summarize(double seconds) const;

 private:
  mutable std::mutex mutex_;
  std::vector<double> catalog_ms_, run_ms_;
  std::vector<std::uint64_t> per_node_;
  std::map<std::string, std::uint64_t> errors_;
  std::string first_error_;
  std::uint64_t runs_ = 0, failed_ = 0;
};

struct LoadOptions;
/// The summary for people: throughput, latencies, errors, fairness.
std::string summary_text(const LoadSummary& summary, const LoadOptions& options,
                         double setup_seconds);
/// The same as one JSON object (the bench's input).
std::string summary_json(const LoadSummary& summary, const LoadOptions& options,
                         double setup_seconds);

}  // namespace marionette::load
