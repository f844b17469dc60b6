#include "rubyish/regex.hpp"

#include <pthread.h>

#include <exception>
#include <iterator>

namespace marionette::rubyish {

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
