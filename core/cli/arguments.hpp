#pragma once

#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace marionette::cli {

/// A command line that cannot be understood: printed as `Error: …` with a hint, exit 2.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// The words after the subcommand: `--name value`, `--name=value`, `--flag`, positionals.
/// Options are declared up front so that a typo is an error rather than silently ignored.
class Arguments {
 public:
  Arguments(const std::vector<std::string>& words, const std::set<std::string>& valued,
            const std::set<std::string>& flags);

  bool flag(const std::string& name) const { return flags_.count(name) > 0; }
  std::optional<std::string> value(const std::string& name) const;
  const std::vector<std::string>& positionals() const { return positionals_; }

  /// The value of --name as a whole number in [min, max]; UsageError otherwise.
  std::optional<long> number(const std::string& name, long min, long max) const;

 private:
  std::map<std::string, std::string> values_;
  std::set<std::string> flags_;
  std::vector<std::string> positionals_;
};

}  // namespace marionette::cli
