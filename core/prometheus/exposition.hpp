#pragma once
// Prometheus's exposition formats, written: the text format 0.0.4 that every scraper reads and
// OpenMetrics 1.0.0 for a scraper that asks for it. The figures come in as plain families of
// samples; the writer owns the format's rules (HELP and TYPE lines, a counter's _total, a
// histogram's buckets, escaping, numbers, OpenMetrics's # EOF).

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace marionette::prometheus {

enum class MetricType { counter, gauge, histogram };

struct Label {
  std::string name, value;
};
using Labels = std::vector<Label>;

/// One histogram's observations: the upper bounds of its buckets (ascending, +Inf implied) with
/// how many observations fell at or below each, and their count and sum.
struct HistogramValue {
  std::vector<double> bounds;
  std::vector<std::uint64_t> cumulative;  ///< one per bound
  std::uint64_t count = 0;                ///< the +Inf bucket
  double sum = 0;
};

struct Sample {
  Labels labels;
  double value = 0;          ///< counters and gauges
  HistogramValue histogram;  ///< histograms
};

/// One metric family. `name` is the name a scraper stores: a counter's ends in `_total`, a
/// duration's in `_seconds` (the writer drops `_total` where OpenMetrics names the family).
struct Family {
  std::string name;
  std::string help;
  MetricType type = MetricType::gauge;
  std::vector<Sample> samples;
};

/// Families in the order they were first asked for; a family asked for again gets its samples
/// added, so that samples of many nodes share one HELP and TYPE.
class Exposition {
 public:
  Family& family(std::string_view name, std::string_view help, MetricType type);
  void add(std::string_view name, std::string_view help, MetricType type, Labels labels,
           double value);
  const std::vector<Family>& families() const { return families_; }

 private:
  std::vector<Family> families_;
};

enum class Format { text, openmetrics };

/// What a scraper's Accept header asks for: OpenMetrics when it prefers
/// application/openmetrics-text (by q-value) to text/plain, else the text format.
Format format_for_accept(std::string_view accept);
/// The Content-Type of an answer in `format`.
std::string_view content_type(Format format);

/// The families in `format`. Names must be valid (valid_metric_name, valid_label_name); label
/// values and help texts are escaped here.
std::string write(const Exposition& exposition, Format format);

/// `[a-zA-Z_:][a-zA-Z0-9_:]*`.
bool valid_metric_name(std::string_view name);
/// `[a-zA-Z_][a-zA-Z0-9_]*`, not starting with `__` (reserved for Prometheus).
bool valid_label_name(std::string_view name);
/// A label value as the formats quote it: `\` `"` and newline escaped.
std::string escaped_label_value(std::string_view value);
/// A number as the formats write it: integers without a fraction, +Inf, -Inf, NaN, else the
/// shortest text that reads back as the same double.
std::string number_text(double value);

}  // namespace marionette::prometheus
