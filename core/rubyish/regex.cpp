#include "rubyish/regex.hpp"

#include <pthread.h>

#include <cctype>
#include <exception>
#include <iterator>
#include <unordered_map>

namespace marionette::rubyish {

namespace {

/// The inline options in force in a group: Onigmo's `i` (ignore case), `m` (`.` matches a
/// newline) and `x` (blanks and `#` comments are not part of the pattern).
struct Options {
  bool ignore_case = false;
  bool multiline = false;
  bool extended = false;
};

bool is_letter(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

char other_case(char c) {
  return c >= 'a' && c <= 'z' ? static_cast<char>(c - 32) : static_cast<char>(c + 32);
}

/// `(?imx-imx)` or `(?imx-imx:` at `at`: the options it sets over `current`, how many characters
/// it takes and whether it opens a group; nullopt when the text is no such group.
struct OptionGroup {
  Options options;
  std::size_t length;
  bool opens_group;
};

std::optional<OptionGroup> option_group(std::string_view ruby, std::size_t at, Options current) {
  if (ruby.substr(at, 2) != "(?") return std::nullopt;
  bool on = true, any = false;
  for (std::size_t i = at + 2; i < ruby.size(); ++i) {
    const char c = ruby[i];
    if (c == 'i' || c == 'm' || c == 'x') {
      (c == 'i' ? current.ignore_case : c == 'm' ? current.multiline : current.extended) = on;
      any = true;
    } else if (c == '-' && on) {
      on = false;
    } else if ((c == ')' || c == ':') && (any || !on)) {
      return OptionGroup{current, i + 1 - at, c == ':'};
    } else {
      return std::nullopt;
    }
  }
  return std::nullopt;
}

/// A bracket class's inside (from after `[`/`[^` to before `]`) with each letter's other case
/// added, ranges of letters too (`a-f` adds `A-F`).
std::string both_cases(std::string_view inside) {
  std::string added;
  for (std::size_t i = 0; i < inside.size(); ++i) {
    if (inside[i] == '\\') {
      ++i;
      continue;
    }
    if (!is_letter(inside[i])) continue;
    if (i + 2 < inside.size() && inside[i + 1] == '-' && is_letter(inside[i + 2]) &&
        std::islower(static_cast<unsigned char>(inside[i])) ==
            std::islower(static_cast<unsigned char>(inside[i + 2]))) {
      added += other_case(inside[i]);
      added += '-';
      added += other_case(inside[i + 2]);
      i += 2;
    } else {
      added += other_case(inside[i]);
    }
  }
  return std::string(inside) + added;
}

}  // namespace

std::string ecmascript_pattern(std::string_view ruby) {
  std::string out;
  out.reserve(ruby.size() + 8);
  std::vector<Options> groups{Options{}};  // the options of each open group, innermost last
  for (std::size_t i = 0; i < ruby.size(); ++i) {
    const char c = ruby[i];
    const Options& options = groups.back();
    if (c == '\\' && i + 1 < ruby.size()) {
      const char next = ruby[++i];
      if (next == 'A') {
        out += '^';
      } else if (next == 'z') {
        out += '$';
      } else if (next == 'Z') {
        out += "(?=\\n?$)";
      } else if (next == 'h') {
        out += "[0-9a-fA-F]";
      } else if (next == 'H') {
        out += "[^0-9a-fA-F]";
      } else {
        out += c;
        out += next;
      }
      continue;
    }
    if (c == '[') {
      // The class as it stands, to its closing `]` (a `]` first is literal).
      std::size_t end = i + 1;
      if (end < ruby.size() && ruby[end] == '^') ++end;
      const std::size_t inside = end;
      if (end < ruby.size() && ruby[end] == ']') ++end;
      while (end < ruby.size() && ruby[end] != ']') end += ruby[end] == '\\' ? 2 : 1;
      if (end >= ruby.size()) {
        out += ruby.substr(i);
        break;
      }
      std::string body(ruby.substr(inside, end - inside));
      std::string translated;
      for (std::size_t k = 0; k < body.size(); ++k) {
        if (body[k] == '\\' && k + 1 < body.size()) {
          if (body[k + 1] == 'h') {
            translated += "0-9a-fA-F";
          } else {
            translated += body.substr(k, 2);
          }
          ++k;
        } else {
          translated += body[k];
        }
      }
      out += ruby.substr(i, inside - i);
      out += options.ignore_case ? both_cases(translated) : translated;
      out += ']';
      i = end;
      continue;
    }
    if (options.extended &&
        (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'))
      continue;
    if (options.extended && c == '#') {
      while (i + 1 < ruby.size() && ruby[i + 1] != '\n') ++i;
      continue;
    }
    if (c == '(') {
      if (auto set = option_group(ruby, i, options)) {
        i += set->length - 1;
        if (set->opens_group) {
          out += "(?:";
          groups.push_back(set->options);
        } else {
          groups.back() = set->options;  // to the end of the enclosing group
        }
        continue;
      }
      groups.push_back(options);
      if (ruby.substr(i, 3) == "(?<" && i + 3 < ruby.size() && ruby[i + 3] != '=' &&
          ruby[i + 3] != '!') {
        const std::size_t close = ruby.find('>', i + 3);
        if (close != std::string_view::npos) {
          out += '(';
          i = close;
          continue;
        }
      }
      out += c;
      continue;
    }
    if (c == ')') {
      if (groups.size() > 1) groups.pop_back();
      out += c;
      continue;
    }
    if (options.ignore_case && is_letter(c)) {
      out += '[';
      out += c;
      out += other_case(c);
      out += ']';
      continue;
    }
    if (options.multiline && c == '.') {
      out += "[\\s\\S]";
      continue;
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
  // The same patterns come back on every compile (regsubst in a loop, a module's validations):
  // each thread keeps what it compiled. A std::regex copy shares its automaton.
  thread_local std::unordered_map<std::string, std::regex> compiled;
  std::string key = std::to_string(static_cast<unsigned>(flags)) + ':';
  key.append(ruby_pattern);
  if (auto found = compiled.find(key); found != compiled.end()) return found->second;
  std::regex made(ecmascript_pattern(ruby_pattern), flags);
  if (compiled.size() >= 1024) compiled.clear();  // bounded: a manifest may make patterns up
  compiled.emplace(std::move(key), made);
  return made;
}

std::string ruby_regexp_error(std::string_view ruby_pattern, const std::regex_error& error) {
  std::string what;
  switch (error.code()) {
    case std::regex_constants::error_paren: {
      // Onigmo names the side: a ')' with no '(' open, or a '(' never closed.
      int open = 0;
      bool in_class = false;
      for (std::size_t i = 0; i < ruby_pattern.size() && open >= 0; ++i) {
        char c = ruby_pattern[i];
        if (c == '\\') {
          ++i;
        } else if (in_class) {
          in_class = c != ']';
        } else if (c == '[') {
          in_class = true;
        } else if (c == '(') {
          ++open;
        } else if (c == ')') {
          --open;
        }
      }
      what = open < 0 ? "unmatched close parenthesis" : "end pattern with unmatched parenthesis";
      break;
    }
    case std::regex_constants::error_brack:
      what = "premature end of char-class";
      break;
    case std::regex_constants::error_badrepeat:
      what = "target of repeat operator is not specified";
      break;
    case std::regex_constants::error_escape:
      what = "too short escape sequence";
      break;
    default:
      return error.what();
  }
  return what + ": /" + std::string(ruby_pattern) + "/";
}

namespace {

/// A budget of steps shared by the iterators of one search.
struct StepBudget {
  std::size_t left;
  const char* stack_floor;  ///< the lowest stack address the matcher may reach; null: unknown
};

/// What is kept of the thread's stack for after a match gives up (unwinding, the error).
constexpr std::size_t kStackMargin = 1024 * 1024;

/// std::regex's matcher recurses once per repetition it takes (`.*` on 10,000 characters is
/// 10,000 frames deep, several MB): the lowest address its recursion may reach on this thread,
/// found once per thread.
const char* stack_floor() {
  thread_local const char* floor = [] {
    const char* lowest = nullptr;
    pthread_attr_t attributes;
    if (pthread_getattr_np(pthread_self(), &attributes) != 0) return lowest;
    void* address = nullptr;
    std::size_t size = 0;
    if (pthread_attr_getstack(&attributes, &address, &size) == 0 && size > 2 * kStackMargin)
      lowest = static_cast<const char*>(address) + kStackMargin;
    pthread_attr_destroy(&attributes);
    return lowest;
  }();
  return floor;
}

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
  CountingIterator(const char* at, StepBudget* budget, std::size_t text_size)
      : at_(at), budget_(budget), text_size_(text_size) {}

  reference operator*() const {
    if (budget_->left == 0)
      throw RegexTooComplex(
          "The regular expression match was abandoned after too many steps (the pattern "
          "backtracks catastrophically on this text)");
    --budget_->left;
    if (budget_->stack_floor &&
        static_cast<const char*>(__builtin_frame_address(0)) < budget_->stack_floor)
      throw RegexTooComplex(
          "The regular expression match was abandoned: it repeats too deeply on this text "
          "(std::regex recurses once per repetition; the text is " +
          std::to_string(text_size_) + " characters long)");
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
  std::size_t text_size_ = 0;  ///< for the message
};

/// Linear patterns read each character a few times per position tried; a backtracking one
/// reads them exponentially often. A budget this size is well under a second.
constexpr std::size_t kBaseSteps = 20'000'000;
constexpr std::size_t kStepsPerCharacter = 100;

/// A text longer than this is matched on a thread of its own whose stack has room for about
/// 180,000 repetitions (the address space is reserved; pages are used only as deep as the
/// recursion goes, and returned when the thread ends).
constexpr std::size_t kLongText = 1000;
constexpr std::size_t kDeepStack = 256 * 1024 * 1024;

/// work(), on a deep-stack thread when the text is long; its exception is rethrown here.
template <class Work>
auto with_deep_stack(std::size_t text_size, Work work) -> decltype(work()) {
  if (text_size <= kLongText) return work();
  using Result = decltype(work());
  struct Job {
    Work& work;
    std::optional<Result> result;
    std::exception_ptr error;
  } job{work, std::nullopt, nullptr};
  auto run = [](void* data) -> void* {
    auto* job = static_cast<Job*>(data);
    try {
      job->result.emplace(job->work());
    } catch (...) {
      job->error = std::current_exception();
    }
    return nullptr;
  };
  pthread_attr_t attributes;
  pthread_attr_init(&attributes);
  pthread_attr_setstacksize(&attributes, kDeepStack);
  pthread_t thread;
  int failed = pthread_create(&thread, &attributes, run, &job);
  pthread_attr_destroy(&attributes);
  if (failed != 0) return work();  // no thread to be had: within this thread's stack
  pthread_join(thread, nullptr);
  if (job.error) std::rethrow_exception(job.error);
  return std::move(*job.result);
}

}  // namespace

std::string RegexMatch::group(std::string_view text, std::size_t index) const {
  if (index >= groups.size() || !groups[index]) return "";
  return std::string(
      text.substr(groups[index]->first, groups[index]->second - groups[index]->first));
}

std::vector<std::string> regex_split_bounded(std::string_view text, const std::regex& regex) {
  return with_deep_stack(text.size(), [&] {
    std::vector<std::string> out;
    StepBudget budget{kBaseSteps + kStepsPerCharacter * text.size(), stack_floor()};
    CountingIterator begin(text.data(), &budget, text.size()),
        end(text.data() + text.size(), &budget, text.size());
    std::regex_token_iterator<CountingIterator> piece(begin, end, regex, -1), last;
    for (; piece != last; ++piece) out.emplace_back(piece->first.base(), piece->second.base());
    return out;
  });
}

std::optional<RegexMatch> regex_search_bounded(std::string_view text, const std::regex& regex,
                                               std::size_t from) {
  return with_deep_stack(text.size(), [&]() -> std::optional<RegexMatch> {
    StepBudget budget{kBaseSteps + kStepsPerCharacter * text.size(), stack_floor()};
    CountingIterator begin(text.data() + from, &budget, text.size()),
        end(text.data() + text.size(), &budget, text.size());
    auto flags =
        from > 0 ? std::regex_constants::match_prev_avail : std::regex_constants::match_default;
    std::match_results<CountingIterator> found;
    if (!std::regex_search(begin, end, found, regex, flags)) return std::nullopt;
    RegexMatch match;
    match.groups.reserve(found.size());
    for (const auto& group : found) {
      if (!group.matched) {
        match.groups.emplace_back(std::nullopt);
        continue;
      }
      match.groups.emplace_back(
          std::pair{static_cast<std::size_t>(group.first.base() - text.data()),
                    static_cast<std::size_t>(group.second.base() - text.data())});
    }
    return match;
  });
}

}  // namespace marionette::rubyish
