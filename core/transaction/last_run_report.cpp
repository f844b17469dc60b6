#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <string_view>
#include <tuple>
#include <vector>

#include "marionette/version.hpp"
#include "text/time_text.hpp"
#include "transaction/apply.hpp"
#include "transaction/state_file.hpp"
#include "transaction/yaml_scalar.hpp"

namespace marionette::transaction {

namespace {

std::int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

using Row = std::tuple<std::string, std::string, double>;

/// The report as block-style YAML, written by hand: yaml-cpp's Emitter spent half of an in-sync
/// apply of 1,000 resources deciding how to quote each string.
class ReportText {
 public:
  std::string text;

  void line(int indent, std::string_view content) {
    text.append(static_cast<std::size_t>(indent), ' ');
    text += content;
    text += '\n';
  }
  void field(int indent, std::string_view key, const std::string& value) {
    text.append(static_cast<std::size_t>(indent), ' ');
    text += key;
    text += ": ";
    text += yaml_scalar(value);
    text += '\n';
  }
  void raw(int indent, std::string_view key, std::string_view value) {
    text.append(static_cast<std::size_t>(indent), ' ');
    text += key;
    text += ": ";
    text += value;
    text += '\n';
  }
  void flag(int indent, std::string_view key, bool value) {
    raw(indent, key, value ? "true" : "false");
  }
  void number(int indent, std::string_view key, std::int64_t value) {
    raw(indent, key, std::to_string(value));
  }
};

void emit_metric(ReportText& out, const std::string& name, const std::string& label,
                 const std::vector<Row>& rows) {
  out.raw(2, yaml_scalar(name), "!ruby/object:Puppet::Util::Metric");
  out.field(4, "name", name);
  out.field(4, "label", label);
  if (rows.empty()) {
    out.raw(4, "values", "[]");
    return;
  }
  out.line(4, "values:");
  for (const auto& [key, title, value] : rows) {
    out.line(6, "- [" + yaml_scalar(key, true) + ", " + yaml_scalar(title, true) + ", " +
                    yaml_number(value) + "]");
  }
}

std::string capitalised(std::string text) {
  bool start = true;
  for (char& c : text) {
    if (start && c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    start = c == '_';
    if (c == '_') c = ' ';
  }
  return text;
}

void emit_metrics(ReportText& out, const Report& report) {
  const ResourceMetrics& m = report.metrics;
  out.line(0, "metrics:");
  auto d = [](std::uint64_t v) { return static_cast<double>(v); };
  emit_metric(out, "resources", "Resources",
              {{"total", "Total", d(m.total)},
               {"skipped", "Skipped", d(m.skipped)},
               {"failed", "Failed", d(m.failed)},
               {"failed_to_restart", "Failed to restart", d(m.failed_to_restart)},
               {"restarted", "Restarted", d(m.restarted)},
               {"changed", "Changed", d(m.changed)},
               {"out_of_sync", "Out of sync", d(m.out_of_sync)},
               {"scheduled", "Scheduled", d(m.scheduled)},
               {"corrective_change", "Corrective change", d(m.corrective_change)}});
  std::vector<Row> times;
  for (const auto& [type, seconds] : report.time)
    times.emplace_back(type, capitalised(type), seconds);
  emit_metric(out, "time", "Time", times);
  emit_metric(out, "changes", "Changes", {{"total", "Total", d(report.changes)}});
  emit_metric(out, "events", "Events",
              {{"total", "Total", d(report.events.total)},
               {"failure", "Failure", d(report.events.failure)},
               {"success", "Success", d(report.events.success)},
               {"noop", "Noop", d(report.events.noop)}});
}

void emit_event(ReportText& out, const Event& event, const std::string& time) {
  out.line(6, "- !ruby/object:Puppet::Transaction::Event");
  out.flag(8, "audited", false);
  if (event.property.empty()) {
    out.raw(8, "property", "~");
  } else {
    out.field(8, "property", event.property);
  }
  out.field(8, "previous_value", event.previous_value);
  out.field(8, "desired_value", event.desired_value);
  out.raw(8, "historical_value", "~");
  out.field(8, "message", event.message);
  out.field(8, "name", event.name);
  out.field(8, "status", event.status);
  out.raw(8, "time", time);
  out.raw(8, "redacted", "~");
  out.flag(8, "corrective_change", false);
}

void emit_status(ReportText& out, const ResourceStatus& status, const std::string& time) {
  out.raw(2, yaml_scalar(status.ref), "!ruby/object:Puppet::Resource::Status");
  out.field(4, "title", status.title);
  out.field(4, "resource", status.ref);
  out.field(4, "resource_type", status.type);
  out.raw(4, "evaluation_time", yaml_number(status.seconds));
  out.raw(4, "time", time);
  out.flag(4, "failed", status.failed);
  out.flag(4, "failed_to_restart", status.failed_to_restart);
  out.flag(4, "changed", status.changed);
  out.flag(4, "out_of_sync", status.out_of_sync);
  out.flag(4, "skipped", status.skipped);
  out.number(4, "change_count", status.change_count);
  out.number(4, "out_of_sync_count", static_cast<std::int64_t>(status.events.size()));
  if (status.events.empty()) {
    out.raw(4, "events", "[]");
  } else {
    out.line(4, "events:");
    for (const auto& event : status.events) emit_event(out, event, time);
  }
  if (!status.failed_dependencies.empty()) {
    out.line(4, "failed_dependencies:");
    for (const auto& ref : status.failed_dependencies) out.line(6, "- " + yaml_scalar(ref));
  }
  out.flag(4, "corrective_change", status.corrective_change);
}

void emit_logs(ReportText& out, const Report& report) {
  if (report.logs.empty()) {
    out.raw(0, "logs", "[]");
    return;
  }
  out.line(0, "logs:");
  for (const auto& log : report.logs) {
    out.line(2, "- !ruby/object:Puppet::Util::Log");
    out.raw(4, "level", ":" + log.level);  // a Ruby symbol, as Puppet writes it
    out.field(4, "message", log.message);
    out.field(4, "source", log.source);
    out.raw(4, "tags", "[" + yaml_scalar(log.level, true) + "]");
    out.raw(4, "time", report_time(log.time_ns));
  }
}

}  // namespace

void write_last_run_report(const Report& report, const std::filesystem::path& path,
                           const std::string& host) {
  const std::string time = report_time(now_ns());
  ReportText out;
  out.text.reserve(512 + report.resources.size() * 420 + report.logs.size() * 200);
  out.line(0, "---");
  out.line(0, "!ruby/object:Puppet::Transaction::Report");
  out.field(0, "host", host);
  out.raw(0, "time", time);
  out.number(0, "configuration_version", report.catalog_version);
  out.number(0, "report_format", 12);
  out.field(0, "puppet_version", report.puppet_version);
  out.field(0, "marionette_version", kVersion);
  out.field(0, "status", report.status);
  out.flag(0, "transaction_completed", report.transaction_completed);
  out.flag(0, "noop", report.noop);
  out.flag(0, "noop_pending", report.events.noop > 0);
  out.field(0, "environment", report.environment);
  emit_logs(out, report);
  emit_metrics(out, report);
  const bool none_listed = std::none_of(report.resources.begin(), report.resources.end(),
                                        [&](const auto& status) { return report.lists(status); });
  if (none_listed) {
    out.raw(0, "resource_statuses", "{}");
  } else {
    out.line(0, "resource_statuses:");
    for (const auto& status : report.resources)
      if (report.lists(status)) emit_status(out, status, time);
  }
  out.flag(0, "corrective_change", false);
  out.field(0, "cached_catalog_status", report.cached_catalog_status);
  write_state_file(path, out.text);
}

std::string report_time(std::int64_t ns) {
  return text::iso8601_nanoseconds(ns);
}

}  // namespace marionette::transaction
