#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "compiler/module_types.hpp"
#include "lang/ast/arena.hpp"
#include "lang/parser.hpp"

namespace marionette::compiler {

/// One manifest parsed into its own arena: read-only once made, shared by every compile that
/// loads the file while it is cached.
struct ParsedManifest {
  /// What the file was when it was read: a file whose stamp differs is parsed again.
  struct Stamp {
    std::int64_t modified_ns = 0;
    std::uintmax_t size = 0;
    std::uintmax_t inode = 0;
    bool operator==(const Stamp&) const = default;
  };
  lang::ast::Arena arena;
  lang::Program program;
  Stamp stamp;
};

/// The parsed code of one environment as long as it is cached: its files' parses, made on first
/// need by whichever compile needs them. Thread-safe; what it hands out never changes.
class CachedCode {
 public:
  /// `previous`: the cached environment this one replaces, whose unchanged files are reused.
  explicit CachedCode(const CachedCode* previous = nullptr);

  /// The file's parse (an absolute, normalised name). A file not parsed yet in this cached
  /// environment is parsed now, unless the environment this one replaced had it with the same
  /// stamp. Two compiles asking at once may both parse it; the first parse kept wins. Throws
  /// lang::SourceError for a syntax error (not kept: the next compile meets it again) and
  /// std::runtime_error for a file that cannot be read.
  std::shared_ptr<const ParsedManifest> manifest(const std::string& absolute,
                                                 double* parse_seconds = nullptr);

  /// Whether `absolute` was parsed for this cached environment already (manifest() gives that
  /// parse whatever the file has become): a compile need not look for the file again.
  bool holds(const std::string& absolute) const;

  /// A resource type a module ships (ModuleTypes::find), the module directories listed and each
  /// type read once for every compile of this cached environment. `modulepath` and `env_dir`
  /// are the environment's (the same for every compile of it).
  const ResourceTypeDefinition* resource_type(const std::string& name,
                                              const std::vector<std::filesystem::path>& modulepath,
                                              const std::optional<std::filesystem::path>& env_dir);

  /// A module's Ruby function file, as RubyFunctions::find finds it: 4 (lib/puppet/functions)
  /// or 3 (lib/puppet/parser/functions), and its path.
  struct RubyFunctionFile {
    int api = 0;
    std::string file;
  };
  /// RubyFunctions::find's answer for `name` (the inner nullopt: no module has it) when a compile
  /// of this cached environment has looked for it; the outer nullopt when none has. A name is
  /// looked for once in the life of the cached environment, as Puppet's loaders index a
  /// module's files once for the environment's life (a file added is seen when it expires).
  std::optional<std::optional<RubyFunctionFile>> ruby_function(const std::string& name) const;
  void remember_ruby_function(const std::string& name, std::optional<RubyFunctionFile> found);

  std::size_t size() const;

 private:
  using Files = std::unordered_map<std::string, std::shared_ptr<const ParsedManifest>>;

  mutable std::mutex mutex_;
  Files files_;
  Files reusable_;  ///< the replaced environment's parses, taken when their file is unchanged
  std::mutex types_mutex_;
  std::unique_ptr<ModuleTypes> types_;  ///< made when first asked; its types are never freed
  mutable std::mutex functions_mutex_;
  std::unordered_map<std::string, std::optional<RubyFunctionFile>> ruby_functions_;
};

/// Environments cached between compiles (a server's), by what locates their code, as Puppet's
/// environment loader caches them under environment_timeout.
class EnvironmentCache {
 public:
  using Clock = std::chrono::steady_clock;
  /// Puppet's environment_timeout `unlimited`: kept until the process ends.
  static constexpr std::chrono::seconds kUnlimited = std::chrono::seconds::max();

  /// `timeout` is Puppet's environment_timeout: 0 caches nothing, kUnlimited keeps an
  /// environment for good, a duration evicts one that has not been used for that long (Puppet
  /// 7's MRU policy: every use starts the time again). `now` is the clock (tests give theirs).
  explicit EnvironmentCache(std::chrono::seconds timeout,
                            std::function<Clock::time_point()> now = Clock::now);

  /// The cached code of the environment `key` names (its directory, manifest and module path),
  /// made anew when there is none or it has expired; nullptr when the timeout is 0 (nothing is
  /// cached: every compile reads its files).
  std::shared_ptr<CachedCode> acquire(const std::string& key);

  std::chrono::seconds timeout() const { return timeout_; }

  /// Every cached environment is loaded again at its next use, as if it had expired (a
  /// server's SIGHUP): files that have not changed keep their parse.
  void expire_all();

 private:
  struct Entry {
    std::shared_ptr<CachedCode> code;
    Clock::time_point last_used;
    bool expire_now = false;  ///< expire_all() was called since its last use
  };

  bool expired(const Entry& entry, Clock::time_point now) const;

  const std::chrono::seconds timeout_;
  const std::function<Clock::time_point()> now_;
  std::mutex mutex_;
  std::map<std::string, Entry> entries_;
};

}  // namespace marionette::compiler
