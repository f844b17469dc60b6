#include "ral/ini_file.hpp"

#include <algorithm>

namespace marionette::ral {

namespace {

bool is_blank_line(const std::string& line) {
  return line.find_first_not_of(" \t\r\n\f\v") == std::string::npos;
}

/// Ruby's Regexp.escape for the characters a pattern gives meaning to.
std::string escaped(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (std::string_view(".*?+^$|()[]{}\\/-").find(c) != std::string_view::npos) out += '\\';
    out += c;
  }
  return out;
}

/// The separator as it goes into inifile's patterns: stripped, or one space when it is only
/// blanks.
std::string pattern_separator(const std::string& separator) {
  const std::string bare = stripped(separator);
  return bare.empty() && !separator.empty() ? " " : bare;
}

using Settings = std::vector<std::pair<std::string, std::string>>;

/// Ruby's Hash#[]= on an ordered list: a key set again keeps its place.
void put(Settings& settings, const std::string& key, const std::string& value) {
  auto found = std::find_if(settings.begin(), settings.end(),
                            [&](const auto& setting) { return setting.first == key; });
  if (found == settings.end()) {
    settings.emplace_back(key, value);
  } else {
    found->second = value;
  }
}

const std::string* get(const Settings& settings, const std::string& key) {
  for (const auto& [name, value] : settings) {
    if (name == key) return &value;
  }
  return nullptr;
}

}  // namespace

IniFile::IniFile(const std::string& text, IniFormat format)
    : format_(std::move(format)),
      section_pattern_("^\\s*" + escaped(format_.section_prefix) + "(.*)" +
                       escaped(format_.section_suffix) + "\\s*$"),
      setting_pattern_([&] {
        const std::string k = pattern_separator(format_.separator);
        return "^(\\s*)([^#;\\s]|[^#;\\s].*?[^\\s" + k + "])(\\s*" + k + "[ \\t]*)(.*)\\s*$";
      }()),
      commented_setting_pattern_([&] {
        const std::string k = pattern_separator(format_.separator);
        return "^(\\s*)[#;]+(\\s*)(.*?[^\\s" + k + "])(\\s*" + k + "[ \\t]*)(.*)\\s*$";
      }()),
      lines_(readlines(text)) {
  std::size_t at = 0;
  sections_.push_back(read_section("", 0, at));
  std::vector<std::string> groups;
  while (at < lines_.size()) {
    const std::size_t header = at++;
    if (section_pattern_.match(lines_[header], groups)) {
      sections_.push_back(read_section(groups[1], header, at));
    }
  }
}

/// The section from `start` (its header, or line 0 for the global one) to the next header;
/// `at` is the next line to read. An empty global section counts as new.
IniFile::Section IniFile::read_section(const std::string& name, std::size_t start,
                                       std::size_t& at) const {
  Section section{name, start, start, {}, {}, std::nullopt};
  bool empty = true;
  std::vector<std::string> groups;
  while (at < lines_.size() && !section_pattern_.matches(lines_[at])) {
    if (setting_pattern_.match(lines_[at], groups)) {
      put(section.existing, groups[2], groups[4]);
      section.indentation = std::min(groups[1].size(), section.indentation.value_or(SIZE_MAX));
    }
    section.end_line = at++;
    empty = false;
  }
  if (name.empty() && empty) section.end_line.reset();
  return section;
}

IniFile::Section* IniFile::find(const std::string& name) {
  auto found = std::find_if(sections_.begin(), sections_.end(),
                            [&](const Section& section) { return section.name == name; });
  return found == sections_.end() ? nullptr : &*found;
}

const IniFile::Section* IniFile::find(const std::string& name) const {
  return const_cast<IniFile*>(this)->find(name);
}

bool IniFile::has_section(const std::string& name) const {
  return find(name) != nullptr;
}

std::optional<std::string> IniFile::value(const std::string& section,
                                          const std::string& setting) const {
  const Section* found = find(section);
  if (!found) return std::nullopt;
  if (const std::string* value = get(found->existing, setting)) return *value;
  if (const std::string* value = get(found->additional, setting)) return *value;
  return std::nullopt;
}

std::string IniFile::indent(const Section& section) const {
  const std::size_t width = format_.indent_width.value_or(section.indentation.value_or(0));
  std::string text;
  for (std::size_t i = 0; i < width; ++i) text += format_.indent_char;
  return text;
}

void IniFile::shift_sections_after(const Section& section, int delta) {
  auto at = std::find_if(sections_.begin(), sections_.end(),
                         [&](const Section& each) { return &each == &section; });
  for (++at; at != sections_.end(); ++at) {
    if (at->start_line) *at->start_line += delta;
    if (at->end_line) *at->end_line += delta;
  }
}

void IniFile::set_value(const std::string& section_name, const std::optional<std::string>& setting,
                        const std::optional<std::string>& value) {
  if (!find(section_name)) sections_.push_back({section_name, {}, {}, {}, {}, {}});
  Section& section = *find(section_name);
  if (!setting && !value) return;
  const std::string key = setting.value_or("");
  const std::string text = value.value_or("");
  std::vector<std::string> groups;
  if (setting && get(section.existing, key)) {
    for (std::size_t i = *section.start_line; i <= *section.end_line && i < lines_.size(); ++i) {
      if (setting_pattern_.match(lines_[i], groups) && groups[2] == key) {
        lines_[i] = groups[1] + groups[2] + groups[3] + text;
      }
    }
    put(section.existing, key, text);
    return;
  }
  if (setting && !section.is_new()) {
    // A commented-out line of the setting: the new line goes right after it.
    for (std::size_t i = *section.start_line; i <= *section.end_line && i < lines_.size(); ++i) {
      if (!commented_setting_pattern_.match(lines_[i], groups) || groups[3] != key) continue;
      lines_.insert(lines_.begin() + static_cast<std::ptrdiff_t>(i) + 1,
                    indent(section) + key + format_.separator + text);
      put(section.existing, key, text);
      *section.end_line += 1;
      shift_sections_after(section, 1);
      return;
    }
  }
  put(section.additional, key, text);
}

void IniFile::remove_setting(const std::string& section_name, const std::string& setting) {
  Section* section = find(section_name);
  if (!section || !get(section->existing, setting)) return;
  std::vector<std::string> groups;
  // As inifile does: the range is fixed before lines go, so a duplicate right after a removed
  // line slides past it.
  const std::size_t last = *section->end_line;
  for (std::size_t i = *section->start_line; i <= last; ++i) {
    if (i < lines_.size() && setting_pattern_.match(lines_[i], groups) && groups[2] == setting) {
      lines_.erase(lines_.begin() + static_cast<std::ptrdiff_t>(i));
    }
  }
  std::erase_if(section->existing, [&](const auto& each) { return each.first == setting; });
  if (section->end_line) *section->end_line -= 1;
  shift_sections_after(*section, -1);
  const bool empty =
      section->is_global() ? section->is_new() : section->start_line == section->end_line;
  if (!empty) return;
  lines_.erase(lines_.begin() + static_cast<std::ptrdiff_t>(*section->start_line));
  shift_sections_after(*section, -1);
  std::erase_if(sections_, [&](const Section& each) { return &each == section; });
}

std::string IniFile::render() const {
  const Section& global = sections_.front();
  const bool global_empty = global.is_new() && global.additional.empty();
  std::string out;
  for (std::size_t index = 0; index < sections_.size(); ++index) {
    const Section& section = sections_[index];
    std::vector<std::string> blank_run;  // blank lines wait, so new settings go before them
    if (section.is_new() && !section.is_global()) {
      if ((index == 1 && !global_empty) || index > 1) put_line(out, "");
      put_line(out, format_.section_prefix + section.name + format_.section_suffix);
    }
    if (!section.is_new()) {
      for (std::size_t i = *section.start_line; i <= *section.end_line && i < lines_.size(); ++i) {
        if (is_blank_line(lines_[i])) {
          blank_run.push_back(lines_[i]);
          continue;
        }
        for (const auto& blank : blank_run) put_line(out, blank);
        blank_run.clear();
        put_line(out, lines_[i]);
      }
    }
    for (const auto& [key, value] : section.additional) {
      put_line(out, indent(section) + key + format_.separator + value);
    }
    if (!blank_run.empty()) {
      for (const auto& blank : blank_run) put_line(out, blank);
    } else if (section.is_new() && !section.additional.empty() && index + 1 < sections_.size()) {
      put_line(out, "");
    }
  }
  return out;
}

}  // namespace marionette::ral
