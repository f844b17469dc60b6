#pragma once

#include <regex>
#include <string>
#include <vector>

/// What Puppet's ParsedFile providers (cron, host) do to the whole text of a file: the
/// "# HEADER" lines they write on top, dropped again when the file is read.
namespace marionette::ral {

/// The text without Puppet's header: from each "# HEADER" to the end of its line, newline
/// included (Puppet's FileType#read).
std::string without_puppet_header(const std::string& text);

/// The local time as Ruby's Time#to_s prints it: "2026-11-22 11:40:05 +0000".
std::string ruby_time_now();

/// Splits at '\n' as Ruby's String#split does: no empty field for a trailing newline.
std::vector<std::string> split_lines(const std::string& text);

/// Splits at runs of whitespace as Ruby's String#split(/\s+/) does: a leading empty field
/// when the text starts with whitespace, none for trailing whitespace.
std::vector<std::string> split_whitespace(const std::string& text);

/// ParsedFile's record fields: `text` split at whitespace into `count` fields, the fields past
/// the last joined onto it with `joiner` (Puppet's rollup); missing ones left out.
std::vector<std::string> record_fields(const std::string& text, std::size_t count,
                                       const std::string& joiner);

/// Is the line a comment: '#' its first character past any whitespace?
bool is_comment(const std::string& line);

/// The items with `separator` between them; items while the text is still empty get none.
std::string joined_fields(const std::vector<std::string>& items, const char* separator);

/// Ruby's /\s+/.
const std::regex& whitespace_runs();

}  // namespace marionette::ral
