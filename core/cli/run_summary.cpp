#include "cli/run_summary.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <variant>
#include <vector>

#include "marionette/version.hpp"

namespace marionette::cli {

namespace {

/// One line of a section: its label and its value, a number or a text.
struct Entry {
  std::string label;
  std::variant<std::string, std::uint64_t, std::int64_t, double> value;

  bool is_zero() const {
    if (auto* n = std::get_if<std::uint64_t>(&value)) return *n == 0;
    if (auto* n = std::get_if<std::int64_t>(&value)) return *n == 0;
    if (auto* d = std::get_if<double>(&value)) return *d == 0.0;
    return false;
  }

  /// The value as Puppet prints it: seconds with two decimals.
  std::string shown() const {
    if (auto* d = std::get_if<double>(&value)) {
      char text[64];
      std::snprintf(text, sizeof text, "%.2f", *d);
      return text;
    }
    return sort_text();
  }

  /// The value as Ruby's to_s writes it, which is what Puppet orders a section's lines by.
  std::string sort_text() const {
    if (auto* s = std::get_if<std::string>(&value)) return *s;
    if (auto* n = std::get_if<std::uint64_t>(&value)) return std::to_string(*n);
    if (auto* n = std::get_if<std::int64_t>(&value)) return std::to_string(*n);
    char text[64];
    std::snprintf(text, sizeof text, "%.17g", std::get<double>(value));
    return text;
  }
};

/// "transaction_evaluation" → "Transaction evaluation", "file" → "File".
std::string labelled(std::string name) {
  std::replace(name.begin(), name.end(), '_', ' ');
  if (!name.empty() && name[0] >= 'a' && name[0] <= 'z') name[0] = static_cast<char>(name[0] - 32);
  return name;
}

/// A section as Puppet prints it: the lines ordered by their values' text (Total last), zeros
/// left out, each label right-aligned in 15 columns after 3 spaces.
std::string section(const std::string& title, std::vector<Entry> entries) {
  // Equal values keep the order they are given in, which is the order Puppet printed them in.
  std::stable_sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
    bool a_total = a.label == "Total", b_total = b.label == "Total";
    if (a_total != b_total) return b_total;
    return a.sort_text() < b.sort_text();
  });
  std::string text = title + ":\n";
  for (const Entry& entry : entries) {
    if (entry.is_zero()) continue;
    char line[512];
    std::snprintf(line, sizeof line, "   %15s %s\n", (entry.label + ":").c_str(),
                  entry.shown().c_str());
    text += line;
  }
  return text;
}

}  // namespace

std::string run_summary(const transaction::Report& report, double config_retrieval_seconds,
                        double catalog_application_seconds, std::int64_t last_run_unix_seconds) {
  const transaction::ResourceMetrics& m = report.metrics;
  std::vector<Entry> time;
  for (const auto& [name, seconds] : report.time)
    if (name != "total") time.push_back({labelled(name), seconds});
  auto transaction = report.time.find("total");
  time.push_back(
      {"Transaction evaluation", transaction == report.time.end() ? 0.0 : transaction->second});
  time.push_back({"Catalog application", catalog_application_seconds});
  time.push_back({"Config retrieval", config_retrieval_seconds});
  time.push_back({"Last run", last_run_unix_seconds});
  time.push_back({"Total", catalog_application_seconds});  // as puppet apply's summary

  return section("Application", {{"Initial environment", report.environment},
                                 {"Converged environment", report.environment},
                                 {"Run mode", report.run_mode}}) +
         section("Changes", {{"Total", report.changes}}) +
         section("Events", {{"Failure", report.events.failure},
                            {"Noop", report.events.noop},
                            {"Success", report.events.success},
                            {"Total", report.events.total}}) +
         section("Resources", {{"Changed", m.changed},
                               {"Corrective change", m.corrective_change},
                               {"Failed", m.failed},
                               {"Failed to restart", m.failed_to_restart},
                               {"Out of sync", m.out_of_sync},
                               {"Restarted", m.restarted},
                               {"Scheduled", m.scheduled},
                               {"Skipped", m.skipped},
                               {"Total", m.total}}) +
         section("Time", std::move(time)) +
         section("Version", {{"Config", report.catalog_version},
                             {"Puppet", report.puppet_version}});
}

std::string run_summary(const daemon::RunOutcome& outcome) {
  if (!outcome.report || !outcome.report->transaction_completed) return "";
  const auto now = std::chrono::duration_cast<std::chrono::seconds>(
      std::chrono::system_clock::now().time_since_epoch());
  return run_summary(*outcome.report, outcome.compile_seconds, outcome.apply_seconds, now.count());
}

}  // namespace marionette::cli
