#include "ral/fstab_file.hpp"

#include <vector>

#include "ral/parsed_file_text.hpp"

namespace marionette::ral {

namespace {

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  for (std::size_t at = 0; (at = text.find(from, at)) != std::string::npos; at += to.size()) {
    text.replace(at, from.size(), to);
  }
  return text;
}

/// A record needs its device and name (fstab ignores lines with fewer columns, and so does
/// the provider); an empty field (a leading blank) counts as absent.
std::optional<FstabEntry> parse_fstab_entry(const std::string& line) {
  std::vector<std::string> fields = record_fields(line, 6, "\t");
  if (fields.size() < 2 || fields[0].empty() || fields[1].empty()) return std::nullopt;
  auto field = [&](std::size_t i) -> std::optional<std::string> {
    if (i >= fields.size() || fields[i].empty()) return std::nullopt;
    return fields[i];
  };
  FstabEntry entry;
  entry.device = replaced(fields[0], "\\040", " ");
  entry.name = mount_point_name(replaced(fields[1], "\\040", " "));
  entry.fstype = field(2);
  entry.options = field(3);
  entry.dump = field(4);
  entry.pass = field(5);
  return entry;
}

std::string entry_line(const FstabEntry& entry) {
  return replaced(entry.device.value_or(""), " ", "\\040") + "\t" + replaced(entry.name, " ", "\\040") + "\t" +
         entry.fstype.value_or("") + "\t" + entry.options.value_or("") + "\t" +
         entry.dump.value_or("") + "\t" + entry.pass.value_or("");
}

}  // namespace

std::string mount_point_name(const std::string& name) {
  std::size_t end = name.find_last_not_of('/');
  if (end == std::string::npos) return name.empty() ? name : name.substr(0, 1);
  return name.substr(0, end + 1);
}

const RecordFormat<FstabEntry>& fstab_format() {
  static const RecordFormat<FstabEntry> format{parse_fstab_entry, entry_line, is_comment};
  return format;
}

}  // namespace marionette::ral
