#include "cli/arguments.hpp"

#include <algorithm>
#include <charconv>

namespace marionette::cli {

namespace {

std::set<std::string> all_dashed(const std::set<std::string>& names) {
  std::set<std::string> result;
  for (const std::string& name : names) result.insert(Arguments::dashed(name));
  return result;
}

}  // namespace

std::string Arguments::dashed(std::string name) {
  std::replace(name.begin(), name.end(), '_', '-');
  return name;
}

Arguments::Arguments(const std::vector<std::string>& words, const std::set<std::string>& valued,
                     const std::set<std::string>& flags)
    : Arguments(words, valued, flags, {}) {}

Arguments::Arguments(const std::vector<std::string>& words, const std::set<std::string>& valued,
                     const std::set<std::string>& flags,
                     const std::map<std::string, std::string>& short_names) {
  Declared declared{all_dashed(valued), all_dashed(flags), {}};
  for (const auto& [letter, name] : short_names) {
    if (letter.size() != 1) throw std::logic_error("short flag '" + letter + "' is not one letter");
    std::string long_name = dashed(name);
    if (!declared.valued.count(long_name) && !declared.flags.count(long_name))
      throw std::logic_error("short flag -" + letter + " stands for an undeclared option");
    declared.short_names[letter[0]] = long_name;
  }
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string& word = words[i];
    if (word == "--") {
      positionals_.insert(positionals_.end(), words.begin() + i + 1, words.end());
      break;
    }
    if (word.size() > 2 && word.compare(0, 2, "--") == 0)
      i = read_long(words, i, declared);
    else if (word.size() > 1 && word[0] == '-')
      i = read_short(words, i, declared);
    else
      positionals_.push_back(word);
  }
}

/// One `--name`, `--name=value`, `--name value` or `--no-name`; returns the last word it used.
std::size_t Arguments::read_long(const std::vector<std::string>& words, std::size_t i,
                                 const Declared& declared) {
  std::string name = words[i].substr(2);
  std::optional<std::string> inline_value;
  if (auto eq = name.find('='); eq != std::string::npos) {
    inline_value = name.substr(eq + 1);
    name.resize(eq);
  }
  name = dashed(name);
  bool on = true;
  if (!declared.flags.count(name) && !declared.valued.count(name) && name.rfind("no-", 0) == 0 &&
      declared.flags.count(name.substr(3))) {
    name = name.substr(3);
    on = false;
  }
  if (declared.flags.count(name)) {
    if (inline_value)
      throw OptionParseError("needless argument", words[i]);
    switches_[name] = on;
  } else if (declared.valued.count(name)) {
    if (inline_value) {
      values_[name] = *inline_value;
    } else if (i + 1 < words.size()) {
      values_[name] = words[++i];
    } else {
      throw OptionParseError("missing argument", words[i]);
    }
  } else {
    throw OptionParseError("invalid option", words[i]);
  }
  return i;
}

/// One word of short flags: `-v`, `-vd`, `-e CODE`, `-eCODE`; returns the last word it used.
std::size_t Arguments::read_short(const std::vector<std::string>& words, std::size_t i,
                                  const Declared& declared) {
  const std::string& word = words[i];
  for (std::size_t at = 1; at < word.size(); ++at) {
    auto known = declared.short_names.find(word[at]);
    if (known == declared.short_names.end())
      throw OptionParseError("invalid option", "-" + std::string(1, word[at]));
    const std::string& name = known->second;
    if (!declared.valued.count(name)) {
      switches_[name] = true;
      continue;
    }
    if (at + 1 < word.size()) {
      values_[name] = word.substr(at + 1);
    } else if (i + 1 < words.size()) {
      values_[name] = words[++i];
    } else {
      throw OptionParseError("missing argument", "-" + std::string(1, word[at]));
    }
    break;
  }
  return i;
}

std::optional<bool> Arguments::switch_state(const std::string& name) const {
  auto it = switches_.find(dashed(name));
  if (it == switches_.end()) return std::nullopt;
  return it->second;
}

std::optional<std::string> Arguments::value(const std::string& name) const {
  auto it = values_.find(dashed(name));
  if (it == values_.end()) return std::nullopt;
  return it->second;
}

std::optional<long> Arguments::number(const std::string& name, long min, long max) const {
  auto text = value(name);
  if (!text) return std::nullopt;
  long result = 0;
  auto [end, error] = std::from_chars(text->data(), text->data() + text->size(), result);
  if (error != std::errc() || end != text->data() + text->size() || result < min || result > max)
    throw UsageError("option --" + dashed(name) + " must be a whole number from " +
                     std::to_string(min) + " to " + std::to_string(max) + ", not '" + *text + "'");
  return result;
}

}  // namespace marionette::cli
