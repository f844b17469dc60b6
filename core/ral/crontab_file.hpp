#pragma once

#include <array>
#include <string>
#include <vector>

#include "ral/cron_schedule.hpp"
#include "ral/parsed_file.hpp"

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

/// A crontab on the parsed-file engine: a job is a record whose line() writes its name line and
/// environment before it; comments, blanks and unclaimed environment lines are kept as text.
using Crontab = ParsedFile<CronJob>;

/// cron_core's crontab record format: strict ("Could not parse line \"L\" (line N)"), the name
/// comment and the environment lines after it joined into the next job (Puppet's
/// prefetch_hook), unnamed jobs titled "unmanaged:COMMAND-N" from 1, cron's own header, a Vixie
/// "DO NOT EDIT" header dropped and a TZ= line moved to the very top.
const RecordFormat<CronJob>& crontab_format();

/// Parses `text` (Puppet's header lines already dropped), unmanaged jobs numbered from
/// `unmanaged_count` + 1, which is advanced (the listing numbers them across crontabs). Returns
/// false with `error` set when a line is neither a comment, a blank, an environment line nor a
/// job.
bool parse_crontab(const std::string& text, int& unmanaged_count, Crontab& crontab,
                   std::string& error);

/// One job's lines: its name line (unless unmanaged), its environment, then the job.
std::string crontab_job_text(const CronJob& job);

/// The crontab as the provider installs it, Puppet's header stamped `timestamp`.
std::string render_crontab(const Crontab& crontab, const std::string& timestamp);

}  // namespace marionette::ral
