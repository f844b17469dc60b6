#pragma once

#include <optional>
#include <string>

#include "ral/parsed_file.hpp"

/// A hosts file as host_core's parsed provider reads and writes it: "IP NAME ALIASES # COMMENT"
/// entries, and every other line (comments, blanks, lines it cannot read) kept as it is.
namespace marionette::ral {

struct HostEntry {
  std::string ip;
  std::string name;
  /// Space-separated; nothing when the line has none. An empty string is written as a
  /// trailing tab, as Puppet does after `host_aliases => []`.
  std::optional<std::string> host_aliases;
  std::string comment;  ///< empty: none
};

using HostsFile = ParsedFile<HostEntry>;

/// host_core's record line, for the parsed-file engine.
const RecordFormat<HostEntry>& hosts_format();

/// Parses `text` (Puppet's header lines already dropped); every line is kept.
HostsFile parse_hosts_file(const std::string& text);

/// One entry's line: "IP\tNAME[\tALIASES][\t# COMMENT]".
std::string hosts_entry_line(const HostEntry& entry);

/// The file as the provider writes it: Puppet's header stamped `timestamp`, then the records.
std::string render_hosts_file(const HostsFile& file, const std::string& timestamp);

}  // namespace marionette::ral
