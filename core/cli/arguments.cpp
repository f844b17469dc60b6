#include "cli/arguments.hpp"

#include <charconv>

namespace marionette::cli {

Arguments::Arguments(const std::vector<std::string>& words, const std::set<std::string>& valued,
                     const std::set<std::string>& flags) {
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string& word = words[i];
    if (word == "--") {
      positionals_.insert(positionals_.end(), words.begin() + i + 1, words.end());
      break;
    }
    if (word.size() < 3 || word.compare(0, 2, "--") != 0) {
      positionals_.push_back(word);
      continue;
    }
    std::string name = word.substr(2);
    std::optional<std::string> inline_value;
    if (auto eq = name.find('='); eq != std::string::npos) {
      inline_value = name.substr(eq + 1);
      name.resize(eq);
    }
    if (flags.count(name)) {
      if (inline_value) throw UsageError("option --" + name + " takes no value");
      flags_.insert(name);
    } else if (valued.count(name)) {
      if (inline_value) {
        values_[name] = *inline_value;
      } else if (i + 1 < words.size()) {
        values_[name] = words[++i];
      } else {
        throw UsageError("option --" + name + " needs a value");
      }
    } else {
      throw UsageError("unknown option --" + name);
    }
  }
}

std::optional<std::string> Arguments::value(const std::string& name) const {
  auto it = values_.find(name);
  if (it == values_.end()) return std::nullopt;
  return it->second;
}

std::optional<long> Arguments::number(const std::string& name, long min, long max) const {
  auto text = value(name);
  if (!text) return std::nullopt;
  long result = 0;
  auto [end, error] = std::from_chars(text->data(), text->data() + text->size(), result);
  if (error != std::errc() || end != text->data() + text->size() || result < min || result > max)
    throw UsageError("option --" + name + " must be a whole number from " + std::to_string(min) +
                     " to " + std::to_string(max) + ", not '" + *text + "'");
  return result;
}

}  // namespace marionette::cli
