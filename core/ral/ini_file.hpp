#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ral/ruby_lines.hpp"

namespace marionette::ral {

/// How an ini file is written: inifile's key_val_separator, section_prefix/suffix, indent_char
/// and indent_width.
struct IniFormat {
  std::string separator = " = ";
  std::string section_prefix = "[";
  std::string section_suffix = "]";
  std::string indent_char = " ";
  std::optional<std::size_t> indent_width;
};

/// An ini file as inifile 5.4's Puppet::Util::IniFile sees it: the lines as read, the global
/// section (before the first header) and the named ones, each with the settings it holds and
/// the new ones to append. Changing a setting edits the lines in place, so everything not
/// managed is written back unchanged.
class IniFile {
 public:
  /// Parses `text` (empty for a missing file). Throws what LinePattern throws.
  IniFile(const std::string& text, IniFormat format);

  bool has_section(const std::string& name) const;
  /// A setting's value; nothing when the section or the setting is not there.
  std::optional<std::string> value(const std::string& section, const std::string& setting) const;
  /// Adds the section if missing, then sets the setting: its line rewritten where it is, after
  /// a commented-out line of it, or appended to the section. No setting: the section only.
  void set_value(const std::string& section, const std::optional<std::string>& setting,
                 const std::optional<std::string>& value);
  /// Removes the setting's line; a named section left empty loses its header too.
  void remove_setting(const std::string& section, const std::string& setting);
  /// The file's new text.
  std::string render() const;

 private:
  struct Section {
    std::string name;
    std::optional<std::size_t> start_line;
    std::optional<std::size_t> end_line;  ///< unset: a new section (or an empty global one)
    std::vector<std::pair<std::string, std::string>> existing;
    std::vector<std::pair<std::string, std::string>> additional;
    std::optional<std::size_t> indentation;
    bool is_new() const { return !end_line; }
    bool is_global() const { return name.empty(); }
  };

  Section read_section(const std::string& name, std::size_t start, std::size_t& at) const;
  Section* find(const std::string& name);
  const Section* find(const std::string& name) const;
  std::string indent(const Section& section) const;
  void shift_sections_after(const Section& section, int delta);

  IniFormat format_;
  LinePattern section_pattern_;
  LinePattern setting_pattern_;
  LinePattern commented_setting_pattern_;
  std::vector<std::string> lines_;
  std::vector<Section> sections_;
};

}  // namespace marionette::ral
