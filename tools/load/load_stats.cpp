#include "load_stats.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <numeric>

#include "load_options.hpp"

namespace marionette::load {

Percentiles percentiles_of(std::vector<double> samples) {
  Percentiles out;
  if (samples.empty()) return out;
  std::sort(samples.begin(), samples.end());
  auto rank = [&](double p) {
    std::size_t index = static_cast<std::size_t>(std::ceil(p / 100.0 * samples.size()));
    return samples[std::clamp<std::size_t>(index, 1, samples.size()) - 1];
  };
  out.p50 = rank(50);
  out.p90 = rank(90);
  out.p99 = rank(99);
  out.max = samples.back();
  out.mean = std::accumulate(samples.begin(), samples.end(), 0.0) / samples.size();
  return out;
}

void LoadStats::record(const RunResult& result) {
  std::lock_guard<std::mutex> lock(mutex_);
  ++runs_;
  if (result.got_catalog) {
    catalog_ms_.push_back(result.catalog_ms);
    if (result.node < per_node_.size()) ++per_node_[result.node];
  }
  if (result.ok) {
    run_ms_.push_back(result.run_ms);
  } else {
    ++failed_;
    ++errors_[result.error_kind];
    if (first_error_.empty()) first_error_ = result.error;
  }
}

LoadSummary LoadStats::summarize(double seconds) const {
  std::lock_guard<std::mutex> lock(mutex_);
  LoadSummary summary;
  summary.seconds = seconds;
  summary.runs = runs_;
  summary.failed_runs = failed_;
  summary.catalogs = catalog_ms_.size();
  summary.catalogs_per_second = seconds > 0 ? summary.catalogs / seconds : 0;
  summary.catalog_ms = percentiles_of(catalog_ms_);
  summary.run_ms = percentiles_of(run_ms_);
  summary.errors_by_kind = errors_;
  summary.first_error = first_error_;
  if (!per_node_.empty()) {
    auto [low, high] = std::minmax_element(per_node_.begin(), per_node_.end());
    summary.min_catalogs_per_node = *low;
    summary.max_catalogs_per_node = *high;
  }
  return summary;
}

namespace {

std::string fixed(double value, int decimals = 1) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", decimals, value);
  return text;
}

std::string latency_line(const char* what, const Percentiles& p) {
  return std::string(what) + " latency: p50 " + fixed(p.p50) + " ms, p90 " + fixed(p.p90) +
         " ms, p99 " + fixed(p.p99) + " ms, max " + fixed(p.max) + " ms, mean " + fixed(p.mean) +
         " ms\n";
}

nlohmann::ordered_json latency_json(const Percentiles& p) {
  return {{"p50", p.p50}, {"p90", p.p90}, {"p99", p.p99}, {"max", p.max}, {"mean", p.mean}};
}

}  // namespace

std::string summary_text(const LoadSummary& s, const LoadOptions& options, double setup_seconds) {
  std::string out = "marionette-load: " + std::to_string(s.catalogs) + " catalogs in " +
                    fixed(s.seconds, 2) + " s (" + fixed(s.catalogs_per_second, 2) +
                    " catalogs/s), " + std::to_string(s.runs) + " runs, " +
                    std::to_string(options.nodes) + " nodes, concurrency " +
                    std::to_string(options.concurrency) + " against " + options.server + ":" +
                    std::to_string(options.port) + "\n";
  out += latency_line("catalog", s.catalog_ms);
  out += latency_line("run", s.run_ms);
  if (s.failed_runs == 0) {
    out += "errors: none\n";
  } else {
    out += "errors: " + std::to_string(s.failed_runs) + " failed runs (";
    bool first = true;
    for (const auto& [kind, count] : s.errors_by_kind) {
      out += (first ? "" : ", ") + kind + " " + std::to_string(count);
      first = false;
    }
    out += "); first: " + s.first_error + "\n";
  }
  out += "fairness: catalogs per node min " + std::to_string(s.min_catalogs_per_node) + ", max " +
         std::to_string(s.max_catalogs_per_node) + "\n";
  out += "setup: " + fixed(setup_seconds, 2) + " s (node certificates)\n";
  return out;
}

std::string summary_json(const LoadSummary& s, const LoadOptions& options, double setup_seconds) {
  nlohmann::ordered_json out;
  out["server"] = options.server;
  out["port"] = options.port;
  out["environment"] = options.environment;
  out["nodes"] = options.nodes;
  out["concurrency"] = options.concurrency;
  out["pluginsync"] = options.pluginsync;
  out["seconds"] = s.seconds;
  out["setup_seconds"] = setup_seconds;
  out["runs"] = s.runs;
  out["failed_runs"] = s.failed_runs;
  out["catalogs"] = s.catalogs;
  out["catalogs_per_second"] = s.catalogs_per_second;
  out["latency_ms"] = {{"catalog", latency_json(s.catalog_ms)}, {"run", latency_json(s.run_ms)}};
  nlohmann::ordered_json kinds = nlohmann::ordered_json::object();
  for (const auto& [kind, count] : s.errors_by_kind) kinds[kind] = count;
  out["errors"] = {{"total", s.failed_runs}, {"by_kind", kinds}, {"first", s.first_error}};
  out["fairness"] = {{"min_catalogs_per_node", s.min_catalogs_per_node},
                     {"max_catalogs_per_node", s.max_catalogs_per_node}};
  return out.dump(2) + "\n";
}

}  // namespace marionette::load
