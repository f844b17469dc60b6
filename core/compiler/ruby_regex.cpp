#include "compiler/ruby_regex.hpp"

#include <iterator>

namespace marionette::compiler {

std::string ecmascript_pattern(std::string_view ruby) {
  std::string out;
  out.reserve(ruby.size() + 8);
  bool in_class = false;
  for (std::size_t i = 0; i < ruby.size(); ++i) {
    const char c = ruby[i];
    if (c == '\\' && i + 1 < ruby.size()) {
      const char next = ruby[++i];
      if (!in_class && next == 'A') {
        out += '^';
      } else if (!in_class && next == 'z') {
        out += '$';
      } else if (!in_class && next == 'Z') {
        out += "(?=\\n?$)";
      } else if (next == 'h') {
        out += in_class ? "0-9a-fA-F" : "[0-9a-fA-F]";
      } else if (next == 'H' && !in_class) {
        out += "[^0-9a-fA-F]";
      } else {
        out += c;
        out += next;
      }
      continue;
    }
    if (in_class) {
      if (c == ']') in_class = false;
      out += c;
      continue;
    }
    if (c == '[') {
      in_class = true;
      out += c;
      if (i + 1 < ruby.size() && ruby[i + 1] == '^') out += ruby[++i];
      if (i + 1 < ruby.size() && ruby[i + 1] == ']') out += ruby[++i];  // a literal ] first
      continue;
    }
    if (c == '(' && ruby.substr(i, 3) == "(?<" && i + 3 < ruby.size() && ruby[i + 3] != '=' &&
        ruby[i + 3] != '!') {
      const std::size_t close = ruby.find('>', i + 3);
      if (close != std::string_view::npos) {
        out += '(';
        i = close;
        continue;
      }
    }
    out += c;
  }
  return out;
}

namespace {

/// Where the group opened at `open` closes, skipping escapes and bracket classes; npos if never.
std::size_t group_end(std::string_view pattern, std::size_t open) {
  int depth = 0;
  bool in_class = false;
  for (std::size_t i = open; i < pattern.size(); ++i) {
    const char c = pattern[i];
    if (c == '\\') {
      ++i;
    } else if (in_class) {
      in_class = c != ']';
    } else if (c == '[') {
      in_class = true;
    } else if (c == '(') {
      ++depth;
    } else if (c == ')' && --depth == 0) {
      return i;
    }
  }
  return std::string_view::npos;
}

}  // namespace

std::regex compile_ruby_regex(std::string_view ruby_pattern, std::regex::flag_type flags) {
  // A case-insensitive whole pattern, `(?i)…` or `(?i:…)` (stdlib's Stdlib::HTTPUrl): ECMAScript
  // has no inline flags, so the flag moves to the regex.
  if (ruby_pattern.starts_with("(?i)")) {
    ruby_pattern.remove_prefix(4);
    flags |= std::regex::icase;
  } else if (ruby_pattern.starts_with("(?i:") &&
             group_end(ruby_pattern, 0) == ruby_pattern.size() - 1) {
    ruby_pattern = ruby_pattern.substr(4, ruby_pattern.size() - 5);
    flags |= std::regex::icase;
  }
  return std::regex(ecmascript_pattern(ruby_pattern), flags);
}

namespace {

/// A budget of steps shared by the iterators of one search.
struct StepBudget {
  std::size_t left;
};

/// A character pointer that spends one step of its budget each time the matcher reads through
/// it; an exhausted budget throws out of std::regex_search (which holds only RAII state, so
/// nothing leaks and no thread is stopped mid-way).
class CountingIterator {
 public:
  using iterator_category = std::bidirectional_iterator_tag;
  using value_type = char;
  using difference_type = std::ptrdiff_t;
  using pointer = const char*;
  using reference = const char&;

  CountingIterator() = default;
  CountingIterator(const char* at, StepBudget* budget) : at_(at), budget_(budget) {}

  reference operator*() const {
    if (budget_->left == 0)
      throw RegexTooComplex(
          "The regular expression match was abandoned after too many steps (the pattern "
          "backtracks catastrophically on this text)");
    --budget_->left;
    return *at_;
  }
  pointer operator->() const { return &**this; }
  CountingIterator& operator++() {
    ++at_;
    return *this;
  }
  CountingIterator operator++(int) {
    CountingIterator before = *this;
    ++at_;
    return before;
  }
  CountingIterator& operator--() {
    --at_;
    return *this;
  }
  CountingIterator operator--(int) {
    CountingIterator before = *this;
    --at_;
    return before;
  }
  bool operator==(const CountingIterator& other) const { return at_ == other.at_; }
  const char* base() const { return at_; }

 private:
  const char* at_ = nullptr;
  StepBudget* budget_ = nullptr;
};

/// Linear patterns read each character a few times per position tried; a backtracking one
/// reads them exponentially often. A budget this size is well under a second.
constexpr std::size_t kBaseSteps = 20'000'000;
constexpr std::size_t kStepsPerCharacter = 100;

}  // namespace

std::string RegexMatch::group(std::string_view text, std::size_t index) const {
  if (index >= groups.size() || !groups[index]) return "";
  return std::string(text.substr(groups[index]->first, groups[index]->second - groups[index]->first));
}

std::vector<std::string> regex_split_bounded(std::string_view text, const std::regex& regex) {
  std::vector<std::string> out;
  StepBudget budget{kBaseSteps + kStepsPerCharacter * text.size()};
  CountingIterator begin(text.data(), &budget), end(text.data() + text.size(), &budget);
  std::regex_token_iterator<CountingIterator> piece(begin, end, regex, -1), last;
  for (; piece != last; ++piece) out.emplace_back(piece->first.base(), piece->second.base());
  return out;
}

std::optional<RegexMatch> regex_search_bounded(std::string_view text, const std::regex& regex,
                                               std::size_t from) {
  StepBudget budget{kBaseSteps + kStepsPerCharacter * text.size()};
  CountingIterator begin(text.data() + from, &budget), end(text.data() + text.size(), &budget);
  auto flags = from > 0 ? std::regex_constants::match_prev_avail
                        : std::regex_constants::match_default;
  std::match_results<CountingIterator> found;
  if (!std::regex_search(begin, end, found, regex, flags)) return std::nullopt;
  RegexMatch match;
  match.groups.reserve(found.size());
  for (const auto& group : found) {
    if (!group.matched) {
      match.groups.emplace_back(std::nullopt);
      continue;
    }
    match.groups.emplace_back(std::pair{static_cast<std::size_t>(group.first.base() - text.data()),
                                        static_cast<std::size_t>(group.second.base() - text.data())});
  }
  return match;
}

}  // namespace marionette::compiler
