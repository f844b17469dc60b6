#include "ral/crontab_file.hpp"

#include <optional>
#include <regex>

#include "ral/parsed_file_text.hpp"

namespace marionette::ral {

namespace {

// The patterns are compiled on first use, not at start-up of every command.
const std::regex& kComment() {  // searched like Ruby's =~
  static const std::regex compiled(R"(^\s*#)");
  return compiled;
}
const std::regex& kPuppetName() {
  static const std::regex compiled(R"(Puppet Name: ([^\n]+)\s*$)");
  return compiled;
}
const std::regex& kBlank() {
  static const std::regex compiled(R"(^\s*$)");
  return compiled;
}
const std::regex& kEnvironment() {
  static const std::regex compiled(R"(^\s*\w+\s*=)");
  return compiled;
}
const std::regex& kJob() {
  static const std::regex compiled(R"(^\s*(@\w+|\S+\s+\S+\s+\S+\s+\S+\s+\S+)\s+([^\n]+)$)");
  return compiled;
}
const std::regex& kSpecial() {
  static const std::regex compiled(R"(@(\S+))");
  return compiled;
}
const std::regex& kTimes() {
  static const std::regex compiled(R"((\S+)\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+))");
  return compiled;
}
const std::regex& kWhitespace() {
  static const std::regex compiled(R"(\s+)");
  return compiled;
}

CronValues split_items(const std::string& text) {
  CronValues items;
  std::size_t at = 0;
  while (at <= text.size()) {
    std::size_t comma = text.find(',', at);
    if (comma == std::string::npos) comma = text.size();
    items.push_back(text.substr(at, comma - at));
    at = comma + 1;
  }
  while (!items.empty() && items.back().empty()) items.pop_back();
  return items;
}

/// The job on `line` (Puppet's crontab record line and its post_parse), or nothing.
std::optional<CronJob> parse_job(const std::string& line) {
  std::smatch match;
  if (!std::regex_match(line, match, kJob())) return std::nullopt;
  CronJob job;
  const std::string time = match[1];
  job.command = match[2];
  std::smatch parts;
  if (std::regex_search(time, parts, kSpecial())) {
    job.special = parts[1];
  } else if (std::regex_search(time, parts, kTimes())) {
    for (std::size_t i = 0; i < kCronFields.size(); ++i) {
      const std::string value = parts[i + 1];
      if (value != "*") job.times[i] = split_items(value);
    }
  }
  return job;
}

std::string joined(const CronValues& items, const char* separator) {
  std::string text;
  for (const auto& item : items) text += (text.empty() ? "" : separator) + item;
  return text;
}

}  // namespace

bool parse_crontab(const std::string& text, int& unmanaged_count, Crontab& crontab,
                   std::string& error) {
  crontab.records.clear();
  std::optional<std::string> pending_name;
  std::optional<std::vector<std::string>> environment;  // collected after a name line
  std::size_t number = 0;
  for (const std::string& line : split_lines(text)) {
    ++number;
    std::smatch match;
    if (std::regex_search(line, kComment())) {
      if (std::regex_search(line, match, kPuppetName())) {
        pending_name = match[1];
        environment.emplace();
      } else {
        crontab.records.push_back({false, line, {}});
      }
      continue;
    }
    if (std::regex_match(line, kBlank())) {
      crontab.records.push_back({false, line, {}});
      continue;
    }
    if (std::regex_search(line, kEnvironment())) {
      if (environment) {
        environment->push_back(line);
      } else {
        crontab.records.push_back({false, line, {}});
      }
      continue;
    }
    std::optional<CronJob> job = parse_job(line);
    if (!job) {
      error = "Could not parse line \"" + line + "\" (line " + std::to_string(number) + ")";
      return false;
    }
    if (pending_name) {
      job->name = *pending_name;
      pending_name.reset();
    } else {
      job->name = "unmanaged:" + std::regex_replace(job->command, kWhitespace(), "_") + "-" +
                  std::to_string(++unmanaged_count);
      job->unmanaged = true;
    }
    // As Puppet's prefetch_hook: an empty collection stays open for the next job.
    if (environment && !environment->empty()) {
      job->environment = std::move(*environment);
      environment.reset();
    }
    crontab.records.push_back({true, {}, std::move(*job)});
  }
  return true;
}

std::string crontab_job_text(const CronJob& job) {
  std::string text;
  if (!job.unmanaged && !job.name.empty()) text += "# Puppet Name: " + job.name + "\n";
  for (const auto& line : job.environment) text += line + "\n";
  if (!job.special.empty()) {
    text += "@" + job.special;
  } else {
    for (const auto& items : job.times) {
      text += (items.empty() ? std::string("*") : joined(items, ",")) + " ";
    }
    if (!text.empty() && text.back() == ' ') text.pop_back();
  }
  return text + " " + (job.command.empty() ? "*" : job.command);
}

std::string render_crontab(const Crontab& crontab, const std::string& timestamp) {
  std::string body;
  for (std::size_t i = 0; i < crontab.records.size(); ++i) {
    const auto& record = crontab.records[i];
    if (i > 0) body += "\n";
    body += record.is_job ? crontab_job_text(record.job) : record.text;
  }
  body += "\n";
  static const std::regex vixie_header(
      R"(# DO NOT EDIT THIS FILE[\s\S]*?Cron version[\s\S]*?vixie[^\n]*\n)");
  body = std::regex_replace(body, vixie_header, "", std::regex_constants::format_first_only);
  std::string text =
      "# HEADER: This file was autogenerated at " + timestamp +
      " by puppet.\n"
      "# HEADER: While it can still be managed manually, it is definitely not recommended.\n"
      "# HEADER: Note particularly that the comments starting with 'Puppet Name' should\n"
      "# HEADER: not be deleted, as doing so could cause duplicate cron jobs.\n" +
      body;
  static const std::regex tz_line(R"((^|\n)(TZ=[^\n]+\n))");
  std::smatch tz;
  if (std::regex_search(text, tz, tz_line)) {
    const std::string line = tz[2];
    text.erase(static_cast<std::size_t>(tz.position(2)), line.size());
    text = line + text;
  }
  return text;
}

}  // namespace marionette::ral
