#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <filesystem>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "compiler/heap_lookahead.hpp"
#include "compiler/module_manifests.hpp"
#include "compiler/worker_thread.hpp"
#include "lang/ast/arena.hpp"
#include "lang/parser.hpp"

namespace marionette::compiler {

/// Parses the modules' manifests on a second thread while the compiler evaluates, so that an
/// autoloaded class is usually parsed by the time it is named. Nothing changes for the user:
/// a file is only handed over when the compiler asks for it, and a file that fails to parse
/// reports its error then, exactly as parsing it on the spot would.
///
/// Only the modules a compile reaches are listed and parsed: those the main manifest names, and
/// each module the compiler asks a file of (the rest of its files are parsed next, ahead of
/// need). A module nobody names is never opened, however many the module path holds.
class ParsePrefetch {
 public:
  struct Parsed {
    lang::Program program;
    double seconds = 0;  ///< time spent reading and parsing it
  };

  /// Starts a thread that lists and parses, first the modules the main manifest (a file or a
  /// directory) names, in the order it names them, then those the compiler reaches.
  /// `modules_dirs` is the module path, each entry absolute and normalised, as the paths later
  /// asked for; a module name found in an earlier entry hides the later ones (first-wins).
  explicit ParsePrefetch(std::vector<std::filesystem::path> modules_dirs,
                         std::optional<std::filesystem::path> main_manifest = std::nullopt);
  explicit ParsePrefetch(std::filesystem::path modules_dir,
                         std::optional<std::filesystem::path> main_manifest = std::nullopt)
      : ParsePrefetch(std::vector<std::filesystem::path>{std::move(modules_dir)},
                      std::move(main_manifest)) {}
  ~ParsePrefetch();
  ParsePrefetch(const ParsePrefetch&) = delete;
  ParsePrefetch& operator=(const ParsePrefetch&) = delete;

  /// Whether the file is one module_manifests would list for its module, the module being the
  /// first of its name on the module path (the file exists as far as autoloading is
  /// concerned). The file's module is reached: it is listed and parsed next. Until its listing
  /// is done, the file system answers instead of waiting for it.
  bool listed(const std::string& file);
  /// The file's parse, handed over once. nullopt when it is not listed, when the worker has not
  /// started it or its module is not listed yet (the caller parses it, and the worker skips
  /// it; the module is reached, as for listed()). When the worker is on it, the caller parses
  /// the worker's next files meanwhile rather than wait idle (so call this from one thread
  /// only). Rethrows the file's parse error.
  std::optional<Parsed> take(const std::string& file);
  /// Waits until the worker has listed every module named or reached and parsed every listed
  /// file nobody took (for tests).
  void wait_until_idle();
  /// Stops the worker after the file it is on; later take()s return nullopt for unparsed files.
  void stop();
  /// The same without waiting for the worker to end (a join right after is two cross-CPU
  /// wake-ups, milliseconds on a busy VM): stop() later joins a worker that has ended.
  void ask_to_stop();
  /// The modules listed so far, in the order they were listed (for tests).
  std::vector<std::string> listed_modules() const;

 private:
  enum class State { Queued, Parsing, Done, Taken };
  struct Entry {
    std::string path;
    State state = State::Queued;
    std::optional<Parsed> parsed;
    std::exception_ptr error;
    std::size_t module_end = 0;  ///< one past the last listed file of the same module
  };
  /// A module to list: its name, its directory, and whether the compiler asked for it.
  struct Wanted {
    std::string module;
    std::filesystem::path dir;
    bool reached = false;
  };
  /// Where a file asked for lies: modules_dirs_[entry]/module/...
  struct Place {
    std::size_t entry = 0;
    std::string module;
  };

  /// The words of the main manifest that may name modules, in order, each once.
  std::vector<std::string> mentions(const std::filesystem::path& main_manifest) const;
  /// The modules_dirs_ entry that has a directory `module`, first-wins (cached).
  std::optional<std::size_t> resolve(const std::string& module);
  /// The place of a file of module_manifests' shape under the module that hides the others of
  /// its name; nullopt for any other file.
  std::optional<Place> place_of(const std::string& file);
  /// Asks the worker to list the module, unless it was asked already (mutex_ held).
  void want(const std::string& module, std::size_t entry, bool reached);
  /// Adds a listed module's files to the queue (mutex_ held).
  void add_module(const Wanted& wanted, std::vector<std::string> files);
  void work(const std::optional<std::filesystem::path>& main_manifest);
  /// Parses entry `at` into `arena` with `lock` released, then records the outcome.
  void parse_entry(std::size_t at, lang::ast::Arena& arena, std::unique_lock<BriefLock>& lock);
  /// The next file to parse: the rest of the module last asked for, else the next in order.
  std::optional<std::size_t> next_queued();

  const std::vector<std::filesystem::path> modules_dirs_;
  std::deque<Entry> entries_;  ///< a deque: take() holds an entry while others are added
  std::unordered_map<std::string, std::size_t> index_;                    ///< path -> entry
  std::unordered_map<std::string, std::optional<std::size_t>> resolved_;  ///< module -> entry
  std::unordered_map<std::string, bool> modules_;  ///< modules asked for -> listed yet
  std::vector<std::string> listed_modules_;
  std::deque<Wanted> to_list_;
  lang::ast::Arena arena_;         ///< the worker's nodes; lives as long as the environment
  lang::ast::Arena caller_arena_;  ///< nodes of what take()'s caller parses while it waits
  mutable BriefLock mutex_;
  std::condition_variable_any finished_;
  bool stopping_ = false;
  bool idle_ = false;                            ///< the worker has nothing to list or parse
  HeapLookahead heap_;                           ///< what the worker does when idle, until stopped
  std::unordered_set<std::string> taken_early_;  ///< files take() handed back before listing
  std::optional<std::size_t> hint_;
  std::size_t cursor_ = 0;
  WorkerThread worker_;  ///< last: starts once everything above is made
};

}  // namespace marionette::compiler
