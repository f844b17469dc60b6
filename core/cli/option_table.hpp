#pragma once

#include <set>
#include <string>
#include <vector>

#include "cli/arguments.hpp"

namespace marionette::cli {

/// The kinds of option in a command's own table.
enum class OptionKind {
  setting,  ///< read by the settings table (config_from); listed in the table for --help
  flag,     ///< --NAME alone
  number,   ///< --NAME N, a whole number from low to high
  text,     ///< --NAME TEXT
};

/// What reading an option hands its row's setter: a number's value (1 for a flag that was
/// given), or a text option's text.
struct OptionValue {
  long number = 1;
  std::string text;
};

/// One option of a command that has options of its own beside the settings (`marionette
/// server`, `marionette ca`), as --help lists it. The command's table of them is the one place
/// its option parser, the reading of the values and --help take them from: a new option is a
/// row and the field of `Target` its setter writes.
template <class Target>
struct OptionRow {
  using Kind = OptionKind;
  const char* spec;  ///< as --help shows it: "--workers N", "-v, --verbose"
  Kind kind;
  long low;  ///< a number's bounds
  long high;
  /// Stores the value that was given. nullptr: the command reads it itself (--verbose), or the
  /// settings table does.
  void (*set)(Target&, const OptionValue&);
  /// Its help, lines separated by \n (each indented under the first); nullptr: not listed.
  const char* help;
};

/// The option's name on the command line: "workers" for "--workers N" or "-v, --workers N".
std::string option_name(const char* spec);

/// One option as --help lists it: the spec, then its help from the help column on.
std::string option_help_lines(const char* spec, const char* help);

/// Every listed row as --help lists it.
template <class Target>
std::string options_help(const std::vector<OptionRow<Target>>& rows) {
  std::string text;
  for (const OptionRow<Target>& row : rows)
    if (row.help) text += option_help_lines(row.spec, row.help);
  return text;
}

/// The names of the rows of `kind`, for the option parser.
template <class Target>
std::set<std::string> option_names(const std::vector<OptionRow<Target>>& rows, OptionKind kind) {
  std::set<std::string> names;
  for (const OptionRow<Target>& row : rows)
    if (row.kind == kind) names.insert(option_name(row.spec));
  return names;
}

/// The rows' own options that take a value (numbers and texts).
template <class Target>
std::set<std::string> valued_options(const std::vector<OptionRow<Target>>& rows) {
  std::set<std::string> names = option_names(rows, OptionKind::number);
  names.merge(option_names(rows, OptionKind::text));
  return names;
}

/// Reads the options given, in the table's order, into `into` through each row's setter;
/// UsageError for a number out of its bounds.
template <class Target>
void read_options(const Arguments& args, const std::vector<OptionRow<Target>>& rows, Target& into) {
  for (const OptionRow<Target>& row : rows) {
    if (!row.set) continue;
    const std::string name = option_name(row.spec);
    OptionValue value;
    if (row.kind == OptionKind::number) {
      auto number = args.number(name, row.low, row.high);
      if (!number) continue;
      value.number = *number;
    } else if (row.kind == OptionKind::text) {
      auto text = args.value(name);
      if (!text) continue;
      value.text = *text;
    } else if (row.kind != OptionKind::flag || !args.flag(name)) {
      continue;
    }
    row.set(into, value);
  }
}

}  // namespace marionette::cli
