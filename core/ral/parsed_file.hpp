#pragma once

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "ral/host.hpp"
#include "ral/parsed_file_text.hpp"

/// Puppet's ParsedFile providers (host, mount, sshkey, ssh_authorized_key, mailalias, cron): a
/// file of records, every other line (comments, blanks, lines no record reads) kept in place,
/// new records appended, Puppet's "# HEADER" on top. One engine for all of them: a type gives
/// its record struct, how a line becomes a record and back, and, for records that span lines
/// (cron's "# Puppet Name:" comment and environment lines before its job), how kept lines join
/// the record after them. The text comes from a file (load_records) or from a command that
/// prints it and takes it back (cron's `crontab -l` / `crontab FILE`, through cached_records).
namespace marionette::ral {

/// One line of a parsed file: a record, or a line kept as it is.
template <class Record>
struct ParsedLine {
  bool is_record = false;
  std::string text;  ///< the line, when not a record
  Record record;
};

template <class Record>
struct ParsedFile {
  std::vector<ParsedLine<Record>> lines;

  /// The last record `matches` accepts, as Puppet's prefetch keeps the last of a name.
  template <class Match>
  const Record* find(Match matches) const {
    const Record* found = nullptr;
    for (const auto& line : lines) {
      if (line.is_record && matches(line.record)) found = &line.record;
    }
    return found;
  }
  template <class Match>
  Record* find(Match matches) {
    return const_cast<Record*>(static_cast<const ParsedFile&>(*this).find(matches));
  }
  void append(Record record) { lines.push_back({true, {}, std::move(record)}); }
  /// Drops the record `record` points at (from find()).
  void remove(const Record* record) {
    std::erase_if(lines, [&](const ParsedLine<Record>& line) {
      return line.is_record && &line.record == record;
    });
  }
};

/// How a type's lines become records and back. A member left out of a braced initializer is
/// empty: the default named in its comment.
template <class Record>
struct RecordFormat {
  /// The record on a line; nothing: the line is kept as text (comments and blanks are kept
  /// before this is asked).
  std::function<std::optional<Record>(const std::string& line)> parse = {};
  std::function<std::string(const Record&)> line = {};
  /// Which lines are kept as text without being parsed (comments; cron's environment lines too);
  /// default: starting with '#'.
  std::function<bool(const std::string& line)> is_comment = {};
  /// Whether a line that is no comment, blank or record fails the whole file, as in a
  /// provider with no text line for it ("Could not parse line").
  bool strict = false;
  /// Puppet's prefetch_hook, once every line is read: kept lines joined into the record after
  /// them and dropped (a record's `line` then writes them back), records named.
  std::function<void(ParsedFile<Record>& file)> join = {};
  /// The header written on top; default puppet_file_header.
  std::function<std::string(const std::string& timestamp)> header = {};
  /// The whole text once rendered, as a provider's to_file may still change it.
  std::function<std::string(std::string text)> finish = {};
  /// A strict format's error for the unreadable line `number` (from 1); default: Puppet's
  /// ParsedFile message naming the file, counted from 2.
  std::function<std::string(const std::string& line, std::size_t number)> unparsable = {};
};

/// Puppet's ParsedFile header, stamped `timestamp` (Ruby's Time#to_s).
std::string puppet_file_header(const std::string& timestamp);

/// A target's text, Puppet's header lines dropped; `exists` false (text empty) when missing.
struct TargetText {
  bool exists = false;
  std::string text;
};
/// Sets `error` (Puppet's "...FileTypeFlat could not read PATH: why") when it cannot be read,
/// a directory in the way too.
bool read_target(FileSystem& files, const std::string& path, TargetText& target,
                 std::string& error);

/// Writes `text` over `path` as Puppet's flush does: the old file backed up to the
/// clientbucket (when the run has one), replaced atomically keeping its mode and owner; a new
/// file gets `new_file`. Returns the failure.
std::optional<std::string> write_target(Host host, const std::string& path,
                                        const std::string& text, const FileAttributes& new_file);

/// The lines of `text` as `format` reads them. A strict format's unreadable line sets `error`
/// (Puppet counts lines from 2).
template <class Record>
ParsedFile<Record> parse_records(const std::string& text, const RecordFormat<Record>& format,
                                 const std::string& path, std::string& error) {
  ParsedFile<Record> file;
  std::size_t number = 0;
  for (const std::string& line : split_lines(text)) {
    ++number;
    bool comment = format.is_comment ? format.is_comment(line) : line.starts_with("#");
    bool blank = line.find_first_not_of(" \t\r\f\v") == std::string::npos;
    std::optional<Record> record;
    if (!comment && !blank) record = format.parse(line);
    if (record) {
      file.lines.push_back({true, {}, std::move(*record)});
    } else if (format.strict && !comment && !blank && error.empty()) {
      error = format.unparsable ? format.unparsable(line, number)
                                : "Could not parse line \"" + line + "\" (file: " + path +
                                      ", line: " + std::to_string(number + 1) + ")";
    } else {
      file.lines.push_back({false, line, {}});
    }
  }
  if (format.join && error.empty()) format.join(file);
  return file;
}

/// The whole file as the provider writes it: the header, then every line.
template <class Record>
std::string render_records(const ParsedFile<Record>& file, const RecordFormat<Record>& format,
                           const std::string& timestamp) {
  std::string text = format.header ? format.header(timestamp) : puppet_file_header(timestamp);
  for (std::size_t i = 0; i < file.lines.size(); ++i) {
    const auto& line = file.lines[i];
    if (i > 0) text += "\n";
    text += line.is_record ? format.line(line.record) : line.text;
  }
  text += "\n";
  return format.finish ? format.finish(std::move(text)) : text;
}

/// A target's text parsed once while it stays the same: Puppet's prefetch, which reads each
/// target once per run, without trusting a text another resource may have rewritten. `key`
/// names the target (a path; "crontab -l USER"). Every resource of a type on one target shares
/// the parse; a change copies it first.
template <class Record>
std::shared_ptr<const ParsedFile<Record>> cached_records(const std::string& key,
                                                         TargetText target,
                                                         const RecordFormat<Record>& format,
                                                         std::string& error) {
  struct Parsed {
    std::string text;
    bool exists = false;
    std::shared_ptr<const ParsedFile<Record>> file;
  };
  static std::mutex mutex;
  static std::map<std::string, Parsed> cache;
  std::lock_guard guard(mutex);
  auto found = cache.find(key);
  if (found != cache.end() && found->second.exists == target.exists &&
      found->second.text == target.text) {
    return found->second.file;
  }
  auto parsed =
      std::make_shared<const ParsedFile<Record>>(parse_records(target.text, format, key, error));
  if (!error.empty()) return nullptr;
  if (cache.size() >= 256) cache.clear();  // bounded: a run touches few targets
  cache[key] = {std::move(target.text), target.exists, parsed};
  return parsed;
}

/// A file's records (cached_records keyed by its path); null with `error` when it cannot be read
/// or a strict format cannot parse it.
template <class Record>
std::shared_ptr<const ParsedFile<Record>> load_records(FileSystem& files, const std::string& path,
                                                       const RecordFormat<Record>& format,
                                                       bool& exists, std::string& error) {
  TargetText target;
  if (!read_target(files, path, target, error)) return nullptr;
  exists = target.exists;
  return cached_records(path, std::move(target), format, error);
}

}  // namespace marionette::ral
