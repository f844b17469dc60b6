#include "ral/hosts_file.hpp"

#include <regex>

#include "ral/parsed_file_text.hpp"

namespace marionette::ral {

namespace {

/// host_core's hosts_pattern, with Ruby's '.' (anything but a newline) spelled out.
const std::regex& kEntry() {
  static const std::regex compiled(
      R"(^([0-9a-f:]\S+)\s+([^#\s+]\S+)\s*([^\n]*?)?(?:\s*#\s*([^\n]*))?$)");
  return compiled;
}
/// The entry on a line (host_core's hosts_pattern), or nothing: the line is kept.
std::optional<HostEntry> parse_hosts_entry(const std::string& line) {
  std::smatch match;
  if (!std::regex_search(line, match, kEntry())) return std::nullopt;
  HostEntry entry;
  entry.ip = match[1];
  entry.name = match[2];
  if (match[3].matched && match.length(3) > 0) {
    entry.host_aliases = std::regex_replace(match[3].str(), whitespace_runs(), " ");
  }
  if (match[4].matched) entry.comment = match[4];
  return entry;
}

}  // namespace

const RecordFormat<HostEntry>& hosts_format() {
  static const RecordFormat<HostEntry> format{parse_hosts_entry, hosts_entry_line, nullptr};
  return format;
}

HostsFile parse_hosts_file(const std::string& text) {
  std::string error;  // the format is not strict
  return parse_records(text, hosts_format(), "", error);
}

std::string hosts_entry_line(const HostEntry& entry) {
  std::string line = entry.ip + "\t" + entry.name;
  if (entry.host_aliases) line += "\t" + *entry.host_aliases;
  if (!entry.comment.empty()) line += "\t# " + entry.comment;
  return line;
}

std::string render_hosts_file(const HostsFile& file, const std::string& timestamp) {
  return render_records(file, hosts_format(), timestamp);
}

}  // namespace marionette::ral
