#include "prometheus/exposition.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>

#include "text/text.hpp"

namespace marionette::prometheus {

namespace {

/// A label value quoted as the formats want it: `\\`, `"` and newline escaped.
void append_escaped(std::string& out, std::string_view value) {
  for (char c : value) {
    if (c == '\\')
      out += "\\\\";
    else if (c == '"')
      out += "\\\"";
    else if (c == '\n')
      out += "\\n";
    else
      out += c;
  }
}

/// Integers without a fraction, +Inf, -Inf, NaN, else the shortest text that reads back as the
/// same double.
void append_number(std::string& out, double value) {
  if (std::isnan(value)) {
    out += "NaN";
  } else if (std::isinf(value)) {
    out += value > 0 ? "+Inf" : "-Inf";
  } else {
    char buffer[32];
    const bool integral = value == std::floor(value) && std::fabs(value) < 1e15;
    auto [end, error] =
        integral ? std::to_chars(buffer, buffer + sizeof buffer, static_cast<long long>(value))
                 : std::to_chars(buffer, buffer + sizeof buffer, value);
    out.append(buffer, end);
  }
}

bool name_start(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
bool name_char(char c) {
  return name_start(c) || (c >= '0' && c <= '9');
}

/// HELP's text: the text format escapes `\` and newline, OpenMetrics `"` as well.
std::string escaped_help(std::string_view help, Format format) {
  std::string out;
  for (char c : help) {
    if (c == '\\')
      out += "\\\\";
    else if (c == '\n')
      out += "\\n";
    else if (c == '"' && format == Format::openmetrics)
      out += "\\\"";
    else
      out += c;
  }
  return out;
}

/// A bucket's bound: OpenMetrics wants canonical numbers (1.0, not 1).
std::string bound_text(double bound, Format format) {
  std::string text = number_text(bound);
  if (format == Format::openmetrics && std::isfinite(bound) &&
      text.find_first_of(".eE") == std::string::npos)
    text += ".0";
  return text;
}

void write_labels(std::string& out, const Labels& labels, const Label* extra = nullptr) {
  if (labels.empty() && !extra) return;
  out += '{';
  bool first = true;
  auto one = [&](const Label& label) {
    if (!first) out += ',';
    first = false;
    out += label.name;
    out += "=\"";
    append_escaped(out, label.value);
    out += '"';
  };
  for (const Label& label : labels) one(label);
  if (extra) one(*extra);
  out += '}';
}

void write_line(std::string& out, std::string_view name, std::string_view suffix,
                const Labels& labels, double value, const Label* extra = nullptr) {
  out += name;
  out += suffix;
  write_labels(out, labels, extra);
  out += ' ';
  append_number(out, value);
  out += '\n';
}

const char* type_word(MetricType type) {
  switch (type) {
    case MetricType::counter:
      return "counter";
    case MetricType::histogram:
      return "histogram";
    case MetricType::gauge:
      break;
  }
  return "gauge";
}

void write_family(std::string& out, const Family& family, Format format) {
  if (family.samples.empty()) return;
  // OpenMetrics names a counter's family without the _total its samples carry.
  std::string_view family_name = family.name;
  std::string_view sample_suffix;
  if (format == Format::openmetrics && family.type == MetricType::counter &&
      family_name.ends_with("_total")) {
    family_name.remove_suffix(6);
    sample_suffix = "_total";
  }
  out += "# HELP ";
  out += family_name;
  out += ' ';
  out += escaped_help(family.help, format);
  out += "\n# TYPE ";
  out += family_name;
  out += ' ';
  out += type_word(family.type);
  out += '\n';
  for (const Sample& sample : family.samples) {
    if (family.type != MetricType::histogram) {
      write_line(out, family_name, sample_suffix, sample.labels, sample.value);
      continue;
    }
    const HistogramValue& h = sample.histogram;
    for (std::size_t i = 0; i < h.bounds.size() && i < h.cumulative.size(); ++i) {
      Label le{"le", bound_text(h.bounds[i], format)};
      write_line(out, family_name, "_bucket", sample.labels, static_cast<double>(h.cumulative[i]),
                 &le);
    }
    Label infinity{"le", "+Inf"};
    write_line(out, family_name, "_bucket", sample.labels, static_cast<double>(h.count), &infinity);
    write_line(out, family_name, "_sum", sample.labels, h.sum);
    write_line(out, family_name, "_count", sample.labels, static_cast<double>(h.count));
  }
}

/// The q-value of one item of an Accept header ("type/sub;version=1.0.0;q=0.5"): 1 unless said.
double quality_of(std::string_view item) {
  double q = 1;
  std::size_t at = item.find(';');
  while (at != std::string_view::npos) {
    std::size_t next = item.find(';', at + 1);
    std::string_view parameter = text::trimmed(item.substr(at + 1, next - at - 1));
    if (parameter.starts_with("q=") || parameter.starts_with("Q="))
      q = std::strtod(std::string(parameter.substr(2)).c_str(), nullptr);
    at = next;
  }
  return q;
}

}  // namespace

Family& Exposition::family(std::string_view name, std::string_view help, MetricType type) {
  for (Family& family : families_)
    if (family.name == name) return family;
  families_.push_back({std::string(name), std::string(help), type, {}});
  return families_.back();
}

void Exposition::add(std::string_view name, std::string_view help, MetricType type, Labels labels,
                     double value) {
  Sample sample;
  sample.labels = std::move(labels);
  sample.value = value;
  family(name, help, type).samples.push_back(std::move(sample));
}

Format format_for_accept(std::string_view accept) {
  double openmetrics = 0, plain = 0;
  std::size_t start = 0;
  while (start <= accept.size()) {
    std::size_t comma = accept.find(',', start);
    std::string_view item = accept.substr(
        start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
    std::string type = text::lowercase(text::trimmed(item.substr(0, item.find(';'))));
    double q = quality_of(item);
    if (type == "application/openmetrics-text")
      openmetrics = std::max(openmetrics, q);
    else if (type == "text/plain" || type == "text/*" || type == "*/*")
      plain = std::max(plain, q);
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return openmetrics > 0 && openmetrics >= plain ? Format::openmetrics : Format::text;
}

std::string_view content_type(Format format) {
  return format == Format::openmetrics
             ? "application/openmetrics-text; version=1.0.0; charset=utf-8"
             : "text/plain; version=0.0.4; charset=utf-8";
}

std::string write(const Exposition& exposition, Format format) {
  std::string out;
  std::size_t samples = 0;
  for (const Family& family : exposition.families()) samples += family.samples.size();
  out.reserve(samples * 96);  // a line's length, about: one allocation for most expositions
  for (const Family& family : exposition.families()) write_family(out, family, format);
  if (format == Format::openmetrics) out += "# EOF\n";
  return out;
}

bool valid_metric_name(std::string_view name) {
  if (name.empty() || !(name_start(name[0]) || name[0] == ':')) return false;
  for (char c : name)
    if (!name_char(c) && c != ':') return false;
  return true;
}

bool valid_label_name(std::string_view name) {
  if (name.empty() || !name_start(name[0]) || name.starts_with("__")) return false;
  for (char c : name)
    if (!name_char(c)) return false;
  return true;
}

std::string escaped_label_value(std::string_view value) {
  std::string out;
  append_escaped(out, value);
  return out;
}

std::string number_text(double value) {
  std::string out;
  append_number(out, value);
  return out;
}

}  // namespace marionette::prometheus
