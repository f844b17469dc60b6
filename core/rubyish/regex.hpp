#pragma once

#include <cstddef>
#include <optional>
#include <regex>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace marionette::rubyish {

/// A Puppet (Ruby/Onigmo) regex pattern rewritten for std::regex's ECMAScript grammar where the
/// two differ in ways real modules use: `\A` and `\z` (start and end of the string), `\Z` (end,
/// or before a final newline), `\h` / `\H` (hex digit or not), and named groups `(?<name>…)`,
/// which become plain groups (they are numbered the same). Everything else passes unchanged.
std::string ecmascript_pattern(std::string_view ruby_pattern);

/// std::regex of a Puppet pattern; throws std::regex_error like std::regex does.
std::regex compile_ruby_regex(std::string_view ruby_pattern,
                              std::regex::flag_type flags = std::regex::ECMAScript);

/// Ruby's RegexpError message for a pattern compile_ruby_regex refused: "end pattern with
/// unmatched parenthesis: /(/", "unmatched close parenthesis: /)/", ...; std::regex's own text
/// where Ruby's is not known.
std::string ruby_regexp_error(std::string_view ruby_pattern, const std::regex_error& error);

/// A match that gave up: the pattern backtracks beyond the step budget on this text (as
/// `/(a+)+$/` does on forty a's and a '!'). Ruby (and Puppet) would hang; the evaluator turns
/// this into an error at the expression that matched.
struct RegexTooComplex : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// One match: where each group starts and ends in the text searched, nullopt for a group that
/// did not take part.
struct RegexMatch {
  std::vector<std::optional<std::pair<std::size_t, std::size_t>>> groups;

  std::size_t begin() const { return groups[0]->first; }
  std::size_t end() const { return groups[0]->second; }
  /// The group's text, "" when it did not take part.
  std::string group(std::string_view text, std::size_t index) const;
};

/// std::regex_search of `text` from `from` on (what comes before still counts for `^` and `\b`),
/// bounded: every character the matcher reads is a step, and past a budget that grows with the
/// text's length it throws RegexTooComplex rather than backtrack on for hours.
std::optional<RegexMatch> regex_search_bounded(std::string_view text, const std::regex& regex,
                                               std::size_t from = 0);

/// The pieces of `text` between the regex's matches (std::regex_token_iterator's -1), each
/// search bounded as regex_search_bounded.
std::vector<std::string> regex_split_bounded(std::string_view text, const std::regex& regex);

}  // namespace marionette::rubyish
