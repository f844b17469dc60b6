#include "compiler/parse_prefetch.hpp"

#include <pthread.h>
#include <sys/stat.h>

#include <algorithm>
#include <chrono>
#include <system_error>

#include "compiler/module_path.hpp"

namespace marionette::compiler {

namespace fs = std::filesystem;

namespace {

/// How far ahead of the evaluating thread the heap is faulted in once the files are parsed:
/// 4 MiB took ~9 % off the wall time at 3,029 and 15,221 resources, for ~1.2 MiB more RSS.
constexpr std::size_t kHeapStep = 4 << 20;

/// While idle, how often the worker looks whether the heap grew: soon after it last did, then
/// less and less often (each look is a futex wake-up; at a fixed 250 µs a compile made ~900 of
/// them, most while the compile waited for Ruby). The heap grows in kHeapStep steps, which the
/// evaluating thread takes tens of milliseconds to fill, so a look a millisecond or two late still
/// finds nearly all of a step to fault in.
constexpr std::chrono::microseconds kIdleWaitFirst{250};
constexpr std::chrono::microseconds kIdleWaitLongest{2000};

/// How often take() looks whether the worker is done with the file it waits for before it
/// sleeps, 64 pause instructions apart: ~250 µs on the build machine.
constexpr int kLooksBeforeSleep = 200;

/// Calls `visit` with the module part of each name in Puppet code: "apache" for `apache`,
/// `apache::vhost` or `::apache`, lowercased.
template <typename Visit>
void for_each_module_word(std::string_view text, Visit visit) {
  auto is_name = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == ':';
  };
  std::size_t at = 0;
  while (at < text.size()) {
    if (!is_name(text[at])) {
      ++at;
      continue;
    }
    std::size_t end = at;
    while (end < text.size() && is_name(text[end])) ++end;
    std::string word(text.substr(at, end - at));
    at = end;
    std::size_t start = word.starts_with("::") ? 2 : 0;
    std::string module = word.substr(start, word.find("::", start) - start);
    for (char& c : module)
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (!module.empty()) visit(std::string_view(module));
  }
}

}  // namespace

ParsePrefetch::ParsePrefetch(std::vector<fs::path> modules_dirs,
                             std::optional<fs::path> main_manifest)
    : modules_dirs_(std::move(modules_dirs)),
      heap_(kHeapStep),
      worker_([this, main_manifest = std::move(main_manifest)] {
        pthread_setname_np(pthread_self(), "marionette-prs");  // apart in ps, top and perf
        work(main_manifest);
      }) {}

std::vector<std::string> ParsePrefetch::mentions(const fs::path& main_manifest) const {
  std::vector<fs::path> sources;
  std::error_code error;
  if (fs::is_directory(main_manifest, error)) {
    for (const auto& entry : fs::recursive_directory_iterator(main_manifest, error))
      if (entry.path().extension() == ".pp") sources.push_back(entry.path());
  } else {
    sources.push_back(main_manifest);
  }
  std::vector<std::string> words;
  std::unordered_set<std::string> seen;
  for (const fs::path& source : sources) {
    std::string text;
    try {
      text = lang::read_source(source)->text;
    } catch (const std::exception&) {
      continue;  // the compiler reports it
    }
    for_each_module_word(text, [&](std::string_view module) {
      if (is_module_name(module) && seen.emplace(module).second) words.emplace_back(module);
    });
  }
  return words;
}

std::optional<std::size_t> ParsePrefetch::resolve(const std::string& module) {
  {
    std::lock_guard lock(mutex_);
    if (auto known = resolved_.find(module); known != resolved_.end()) return known->second;
  }
  std::optional<std::size_t> found;
  if (is_module_name(module)) {
    for (std::size_t entry = 0; entry < modules_dirs_.size() && !found; ++entry) {
      struct stat status;
      std::string dir = modules_dirs_[entry].native() + '/' + module;
      if (stat(dir.c_str(), &status) == 0 && S_ISDIR(status.st_mode)) found = entry;
    }
  }
  std::lock_guard lock(mutex_);
  return resolved_.emplace(module, found).first->second;
}

std::optional<ParsePrefetch::Place> ParsePrefetch::place_of(const std::string& file) {
  for (std::size_t entry = 0; entry < modules_dirs_.size(); ++entry) {
    const std::string& dir = modules_dirs_[entry].native();
    if (!has_manifest_shape(dir, file)) continue;
    std::string module =
        file.substr(dir.size() + 1, file.find('/', dir.size() + 1) - dir.size() - 1);
    if (resolve(module) != entry) return std::nullopt;  // another entry's copy hides this one
    return Place{entry, std::move(module)};
  }
  return std::nullopt;
}

void ParsePrefetch::want(const std::string& module, std::size_t entry, bool reached) {
  if (!modules_.emplace(module, false).second) return;
  Wanted wanted{module, modules_dirs_[entry] / module, reached};
  // What the compiler is waiting for goes before what the main manifest merely names.
  if (reached)
    to_list_.push_front(std::move(wanted));
  else
    to_list_.push_back(std::move(wanted));
  idle_ = false;
  finished_.notify_all();
}

void ParsePrefetch::add_module(const Wanted& wanted, std::vector<std::string> files) {
  modules_[wanted.module] = true;
  listed_modules_.push_back(wanted.module);
  std::size_t start = entries_.size();
  std::size_t end = start + files.size();
  for (std::string& file : files) {
    index_.emplace(file, entries_.size());
    Entry& entry = entries_.emplace_back();
    if (taken_early_.erase(file)) entry.state = State::Taken;
    entry.path = std::move(file);
    entry.module_end = end;
  }
  // The compiler is in this module: the rest of it is likely to be named soon.
  if (wanted.reached && start < end) hint_ = start;
}

std::vector<std::string> ParsePrefetch::listed_modules() const {
  std::lock_guard lock(mutex_);
  return listed_modules_;
}

ParsePrefetch::~ParsePrefetch() {
  stop();
}

void ParsePrefetch::stop() {
  ask_to_stop();
  worker_.join();
}

void ParsePrefetch::ask_to_stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  finished_.notify_all();
}

void ParsePrefetch::wait_until_idle() {
  std::unique_lock lock(mutex_);
  finished_.wait(lock, [&] { return idle_; });
}

bool ParsePrefetch::listed(const std::string& file) {
  std::optional<Place> place = place_of(file);
  if (!place) return false;
  {
    std::lock_guard lock(mutex_);
    want(place->module, place->entry, true);
    if (modules_[place->module]) return index_.count(file) > 0;
  }
  // Asked before the module's listing is done: the file system answers what it will say.
  struct stat status;
  return stat(file.c_str(), &status) == 0 && S_ISREG(status.st_mode);
}

std::optional<ParsePrefetch::Parsed> ParsePrefetch::take(const std::string& file) {
  std::optional<Place> place = place_of(file);
  if (!place) return std::nullopt;
  std::unique_lock lock(mutex_);
  want(place->module, place->entry, true);
  if (!modules_[place->module]) {
    // The caller parses it rather than wait for the listing; the worker will skip it.
    taken_early_.insert(file);
    return std::nullopt;
  }
  auto found = index_.find(file);
  if (found == index_.end()) return std::nullopt;
  Entry& entry = entries_[found->second];
  // The rest of this module is likely to be named soon: the worker turns to it next.
  hint_ = found->second;
  if (entry.state == State::Queued || entry.state == State::Taken) {
    entry.state = State::Taken;
    return std::nullopt;
  }
  // While the worker is on it, this thread parses what the worker would take next, instead of
  // waiting idle: two threads parse while the compiler is held up by parsing.
  while (entry.state == State::Parsing) {
    std::optional<std::size_t> next = stopping_ ? std::nullopt : next_queued();
    if (!next) break;
    parse_entry(*next, caller_arena_, lock);
  }
  // A file takes the worker tens of microseconds: look again for a while before sleeping,
  // whose wake-up may cost more than that (BriefLock).
  for (int look = 0; look < kLooksBeforeSleep && entry.state != State::Done; ++look) {
    lock.unlock();
    for (int i = 0; i < 64; ++i) cpu_pause();
    lock.lock();
  }
  finished_.wait(lock, [&] { return entry.state == State::Done; });
  entry.state = State::Taken;
  if (entry.error) std::rethrow_exception(entry.error);
  return std::move(entry.parsed);
}

std::optional<std::size_t> ParsePrefetch::next_queued() {
  if (hint_) {
    for (std::size_t i = *hint_; i < entries_[*hint_].module_end; ++i)
      if (entries_[i].state == State::Queued) return i;
    // The module's files before the hint come next, then the queue resumes in order.
    std::size_t first = *hint_;
    while (first > 0 && entries_[first - 1].module_end == entries_[*hint_].module_end) --first;
    for (std::size_t i = first; i < *hint_; ++i)
      if (entries_[i].state == State::Queued) return i;
    hint_.reset();
  }
  for (; cursor_ < entries_.size(); ++cursor_)
    if (entries_[cursor_].state == State::Queued) return cursor_;
  return std::nullopt;
}

void ParsePrefetch::parse_entry(std::size_t at, lang::ast::Arena& arena,
                                std::unique_lock<BriefLock>& lock) {
  // A reference, taken under the lock: the deque's index may move while the worker adds a
  // module's files, its elements do not.
  Entry& entry = entries_[at];
  entry.state = State::Parsing;
  lock.unlock();
  std::optional<Parsed> parsed;
  std::exception_ptr error;
  try {
    std::shared_ptr<const lang::SourceFile> source = lang::read_source(entry.path);
    auto start = std::chrono::steady_clock::now();
    lang::Program program = lang::parse(source, arena);
    std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
    parsed = Parsed{program, took.count()};
  } catch (...) {
    error = std::current_exception();
  }
  lock.lock();
  entry.parsed = std::move(parsed);
  entry.error = error;
  entry.state = State::Done;
  finished_.notify_all();
}

void ParsePrefetch::work(const std::optional<fs::path>& main_manifest) {
  std::vector<std::string> named;
  if (main_manifest) named = mentions(*main_manifest);
  std::size_t next_named = 0;
  std::chrono::microseconds idle_wait = kIdleWaitFirst;
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    if (!to_list_.empty()) {
      Wanted wanted = std::move(to_list_.front());
      to_list_.pop_front();
      lock.unlock();
      std::vector<std::string> files = module_manifest_files(wanted.dir.native());
      lock.lock();
      add_module(wanted, std::move(files));
      continue;
    }
    if (std::optional<std::size_t> next = next_queued()) {
      parse_entry(*next, arena_, lock);
      continue;
    }
    if (next_named < named.size()) {
      // One name at a time: the modules named first are parsed while the next are looked for.
      const std::string& module = named[next_named++];
      lock.unlock();
      std::optional<std::size_t> entry = resolve(module);
      lock.lock();
      if (entry) want(module, *entry, false);
      continue;
    }
    idle_ = true;
    finished_.notify_all();
    lock.unlock();
    bool more = heap_.populate(256 << 10);  // in slices, so that stop() never waits long
    lock.lock();
    if (more) {
      idle_wait = kIdleWaitFirst;
      continue;
    }
    finished_.wait_for(lock, idle_wait, [&] { return stopping_ || !to_list_.empty(); });
    idle_wait = std::min(idle_wait * 2, kIdleWaitLongest);
  }
  idle_ = true;
  finished_.notify_all();
}

}  // namespace marionette::compiler
