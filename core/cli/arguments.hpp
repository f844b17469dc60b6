#pragma once

#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace marionette::cli {

/// A command line that cannot be understood: printed as `Error: …` with a hint to --help, exit 1
/// (as Puppet exits on every usage error).
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// An option the parser cannot take, worded as Puppet's (Ruby's OptionParser):
/// `Could not parse application options: invalid option: --bogus` (also `needless argument:`,
/// `missing argument:`). Printed alone, as Puppet prints it, exit 1.
class OptionParseError : public UsageError {
 public:
  OptionParseError(const std::string& problem, const std::string& option)
      : UsageError("Could not parse application options: " + problem + ": " + option) {}
};

/// The words after the subcommand: `--name value`, `--name=value`, `--flag`, `--no-flag`, short
/// flags (`-v`, `-e CODE`, `-eCODE`, `-vd`), positionals. Options are declared up front so that a
/// typo is an error rather than silently ignored.
///
/// As Puppet's option parser, `_` and `-` in a long name are the same (`--show_diff` is
/// `--show-diff`); names are kept and looked up in their dashed spelling. Every declared flag X
/// also accepts `--no-X`, which turns it off (the last of `--X`/`--no-X` wins), unless `no-X` is
/// itself declared as a flag (`--no-daemonize`). A lone `-` is a positional (standard input).
class Arguments {
 public:
  Arguments(const std::vector<std::string>& words, const std::set<std::string>& valued,
            const std::set<std::string>& flags);
  /// `short_names` maps a short flag's letter to the long option it stands for ("e" → "execute");
  /// a short flag of a valued option takes the rest of its word or else the next word.
  Arguments(const std::vector<std::string>& words, const std::set<std::string>& valued,
            const std::set<std::string>& flags,
            const std::map<std::string, std::string>& short_names);

  /// Whether --name was given (and not turned off again by a later --no-name).
  bool flag(const std::string& name) const { return switch_state(name).value_or(false); }
  /// true after --name, false after --no-name, nullopt when neither was given: for a flag that
  /// overrides a setting whichever way it goes (`--no-noop` over `noop: true`).
  std::optional<bool> switch_state(const std::string& name) const;
  std::optional<std::string> value(const std::string& name) const;
  const std::vector<std::string>& positionals() const { return positionals_; }

  /// The value of --name as a whole number in [min, max]; UsageError otherwise.
  std::optional<long> number(const std::string& name, long min, long max) const;

  /// "show_diff" → "show-diff": the one spelling options are kept under.
  static std::string dashed(std::string name);

 private:
  struct Declared {
    std::set<std::string> valued;
    std::set<std::string> flags;
    std::map<char, std::string> short_names;
  };

  std::size_t read_long(const std::vector<std::string>& words, std::size_t i, const Declared& d);
  std::size_t read_short(const std::vector<std::string>& words, std::size_t i, const Declared& d);

  std::map<std::string, std::string> values_;
  std::map<std::string, bool> switches_;
  std::vector<std::string> positionals_;
};

}  // namespace marionette::cli
