#pragma once

#include <array>
#include <string>
#include <vector>

#include "ral/cron_schedule.hpp"

/// A user's crontab as cron_core's crontab provider reads and writes it: jobs named by a
/// "# Puppet Name: NAME" comment (with the environment lines between it and the job), and every
/// other line kept as it is.
namespace marionette::ral {

struct CronJob {
  std::string name;
  /// Not named by Puppet: titled "unmanaged:COMMAND-N" and written back without a name line.
  bool unmanaged = false;
  std::vector<std::string> environment;  ///< "KEY=value" lines; empty: absent
  std::string special;                   ///< "daily" for "@daily"; empty: absent
  std::array<CronValues, 5> times;       ///< by CronField; empty: '*'
  std::string command;

  CronValues& time(CronField field) { return times[static_cast<std::size_t>(field)]; }
  const CronValues& time(CronField field) const { return times[static_cast<std::size_t>(field)]; }
};

/// One line of the file (a comment, a blank, an unclaimed environment line) or one job.
struct CrontabRecord {
  bool is_job = false;
  std::string text;  ///< the line, when not a job
  CronJob job;
};

struct Crontab {
  std::vector<CrontabRecord> records;
};

/// Parses `text` (Puppet's header lines already dropped). Unmanaged jobs are numbered from
/// `unmanaged_count` + 1, which is advanced. Returns false with `error` set ("Could not parse
/// line ...") when a line is neither a comment, a blank, an environment line nor a job.
bool parse_crontab(const std::string& text, int& unmanaged_count, Crontab& crontab,
                   std::string& error);

/// One job's lines: its name line (unless unmanaged), its environment, then the job.
std::string crontab_job_text(const CronJob& job);

/// The file as the provider writes it: Puppet's header stamped `timestamp`, the records, a
/// Vixie "DO NOT EDIT" header dropped, and a TZ= line moved to the very top.
std::string render_crontab(const Crontab& crontab, const std::string& timestamp);

}  // namespace marionette::ral
