#include "compiler/environment_cache.hpp"

#include <sys/stat.h>

#include <stdexcept>

namespace marionette::compiler {

namespace {

/// The file's stamp; nullopt when it cannot be stat'ed (reading it will say why).
std::optional<ParsedManifest::Stamp> stamp_of(const std::string& path) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) return std::nullopt;
  return ParsedManifest::Stamp{
      static_cast<std::int64_t>(info.st_mtim.tv_sec) * 1'000'000'000 + info.st_mtim.tv_nsec,
      static_cast<std::uintmax_t>(info.st_size), static_cast<std::uintmax_t>(info.st_ino)};
}

}  // namespace

CachedCode::CachedCode(const CachedCode* previous) {
  if (!previous) return;
  std::lock_guard<std::mutex> lock(previous->mutex_);
  reusable_ = previous->files_;
}

bool CachedCode::holds(const std::string& absolute) const {
  std::lock_guard<std::mutex> lock(mutex_);
  return files_.contains(absolute);
}

std::size_t CachedCode::size() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return files_.size();
}

std::shared_ptr<const ParsedManifest> CachedCode::manifest(const std::string& absolute,
                                                           double* parse_seconds) {
  std::shared_ptr<const ParsedManifest> reusable;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (auto found = files_.find(absolute); found != files_.end()) return found->second;
    if (auto found = reusable_.find(absolute); found != reusable_.end()) reusable = found->second;
  }
  std::optional<ParsedManifest::Stamp> stamp = stamp_of(absolute);
  std::shared_ptr<const ParsedManifest> parsed;
  if (reusable && stamp && *stamp == reusable->stamp) {
    parsed = reusable;
  } else {
    // Parsed outside the lock: other compiles go on meanwhile.
    auto made = std::make_shared<ParsedManifest>();
    auto start = std::chrono::steady_clock::now();
    std::shared_ptr<const lang::SourceFile> source = lang::read_source(absolute);
    made->program = lang::parse(source, made->arena);
    if (parse_seconds)
      *parse_seconds +=
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    // Stat'ed before reading: a file changed while it was read gets a stamp that the next
    // environment will not match, and is read again then.
    made->stamp = stamp.value_or(ParsedManifest::Stamp{});
    parsed = std::move(made);
  }
  std::lock_guard<std::mutex> lock(mutex_);
  reusable_.erase(absolute);
  return files_.emplace(absolute, std::move(parsed)).first->second;
}

const ResourceTypeDefinition* CachedCode::resource_type(
    const std::string& name, const std::vector<std::filesystem::path>& modulepath,
    const std::optional<std::filesystem::path>& env_dir) {
  std::lock_guard<std::mutex> lock(types_mutex_);
  if (!types_) types_ = std::make_unique<ModuleTypes>(modulepath, env_dir);
  return types_->find(name);
}

std::optional<std::optional<CachedCode::RubyFunctionFile>> CachedCode::ruby_function(
    const std::string& name) const {
  std::lock_guard<std::mutex> lock(functions_mutex_);
  auto found = ruby_functions_.find(name);
  if (found == ruby_functions_.end()) return std::nullopt;
  return found->second;
}

void CachedCode::remember_ruby_function(const std::string& name,
                                        std::optional<RubyFunctionFile> found) {
  std::lock_guard<std::mutex> lock(functions_mutex_);
  ruby_functions_.try_emplace(name, std::move(found));
}

EnvironmentCache::EnvironmentCache(std::chrono::seconds timeout,
                                   std::function<Clock::time_point()> now)
    : timeout_(timeout), now_(std::move(now)) {}

bool EnvironmentCache::expired(const Entry& entry, Clock::time_point now) const {
  // Past a century it is as good as unlimited (and the nanoseconds below do not overflow).
  if (timeout_ > std::chrono::hours(24 * 365 * 100)) return false;
  return now - entry.last_used > timeout_;
}

std::shared_ptr<CachedCode> EnvironmentCache::acquire(const std::string& key) {
  if (timeout_.count() <= 0) return nullptr;
  const Clock::time_point now = now_();
  std::lock_guard<std::mutex> lock(mutex_);
  // As Puppet, every environment unused for the timeout goes, not only the one asked for.
  for (auto it = entries_.begin(); it != entries_.end();)
    it = it->first != key && expired(it->second, now) ? entries_.erase(it) : std::next(it);
  auto found = entries_.find(key);
  if (found == entries_.end()) {
    found = entries_.emplace(key, Entry{std::make_shared<CachedCode>(), now}).first;
  } else if (found->second.expire_now || expired(found->second, now)) {
    // Expired: Puppet drops the environment and loads it again. The files that have not
    // changed since are the same parse, so the new one starts with them.
    found->second.code = std::make_shared<CachedCode>(found->second.code.get());
  }
  found->second.last_used = now;
  found->second.expire_now = false;
  return found->second.code;
}

void EnvironmentCache::expire_all() {
  std::lock_guard<std::mutex> lock(mutex_);
  for (auto& [key, entry] : entries_) entry.expire_now = true;
}

}  // namespace marionette::compiler
