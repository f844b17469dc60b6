#include "prometheus/report_families.hpp"

#include <algorithm>

#include "text/text.hpp"

namespace marionette::prometheus {

namespace {

struct MetricFamily {
  const char* name;
  const char* help;
  const metrics::ReportValues metrics::ReportFigures::*values;
};

// The reporter's families and help texts, in the order the report's metrics come.
constexpr MetricFamily kMetricFamilies[] = {
    {"puppet_report_resources", "Resources broken down by their state",
     &metrics::ReportFigures::resources},
    {"puppet_report_time", "Resource apply times", &metrics::ReportFigures::time},
    {"puppet_report_changes", "Changed resources in the last puppet run",
     &metrics::ReportFigures::changes},
    {"puppet_report_events", "Resource application events", &metrics::ReportFigures::events},
};

/// One gauge per state, 1 for the report's and 0 for the others; nothing when it has none of them.
void add_states(Exposition& exposition, const char* name, const char* help,
                const std::string& actual, std::initializer_list<const char*> states,
                const Labels& common) {
  if (std::find_if(states.begin(), states.end(), [&](const char* s) { return actual == s; }) ==
      states.end())
    return;
  for (const char* state : states) {
    Labels labels{{"state", state}};
    labels.insert(labels.end(), common.begin(), common.end());
    exposition.add(name, help, MetricType::gauge, std::move(labels), actual == state ? 1 : 0);
  }
}

}  // namespace

std::string puppet_metric_label(std::string_view key) {
  std::string label = text::lowercase(key);
  std::replace(label.begin(), label.end(), '_', ' ');
  if (!label.empty() && label[0] >= 'a' && label[0] <= 'z') label[0] = label[0] - 'a' + 'A';
  return label;
}

void add_report(Exposition& exposition, const metrics::ReportFigures& report) {
  if (report.host.empty()) return;
  const Labels common{{"environment", report.environment}, {"host", report.host}};
  // As the reporter: the report's metrics only when it has them (events among them).
  if (!report.events.empty()) {
    for (const MetricFamily& family : kMetricFamilies) {
      std::vector<std::pair<std::string, double>> values;
      for (const auto& [key, value] : report.*family.values)
        values.emplace_back(puppet_metric_label(key), value);
      // Puppet::Util::Metric#values sorts by label.
      std::stable_sort(values.begin(), values.end(),
                       [](const auto& a, const auto& b) { return a.first < b.first; });
      Family& out = exposition.family(family.name, family.help, MetricType::gauge);
      for (auto& [label, value] : values) {
        Labels labels{{"name", label}};
        labels.insert(labels.end(), common.begin(), common.end());
        out.samples.push_back({std::move(labels), value, {}});
      }
    }
  }
  exposition.add("puppet_report", "Unix timestamp of the last puppet run", MetricType::gauge,
                 common, report.reported_at);
  if (report.transaction_completed)
    exposition.add("puppet_transaction_completed",
                   "transaction completed status of the last puppet run", MetricType::gauge, common,
                   *report.transaction_completed ? 1 : 0);
  add_states(exposition, "puppet_cache_catalog_status",
             "whether a cached catalog was used in the run, and if so, the reason that it was used",
             report.cached_catalog_status, {"not_used", "explicitly_requested", "on_failure"},
             common);
  add_states(exposition, "puppet_status", "the status of the client run", report.status,
             {"failed", "changed", "unchanged"}, common);
}

}  // namespace marionette::prometheus
