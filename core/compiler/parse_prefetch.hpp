#pragma once

#include <condition_variable>
#include <cstddef>
#include <exception>
#include <filesystem>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
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
class ParsePrefetch {
 public:
  struct Parsed {
    lang::Program program;
    double seconds = 0;  ///< time spent reading and parsing it
  };

  /// Starts listing the modules' .pp files (module_manifests) and parsing them, on a thread.
  /// `modules_dirs` is the module path, each entry absolute and normalised, as the paths later
  /// asked for; a module name listed in an earlier entry hides the later ones (first-wins).
  /// The modules the main manifest (a file or a directory) names come first, in the order it
  /// names them.
  explicit ParsePrefetch(std::vector<std::filesystem::path> modules_dirs,
                         std::optional<std::filesystem::path> main_manifest = std::nullopt);
  explicit ParsePrefetch(std::filesystem::path modules_dir,
                         std::optional<std::filesystem::path> main_manifest = std::nullopt)
      : ParsePrefetch(std::vector<std::filesystem::path>{std::move(modules_dir)},
                      std::move(main_manifest)) {}
  ~ParsePrefetch();
  ParsePrefetch(const ParsePrefetch&) = delete;
  ParsePrefetch& operator=(const ParsePrefetch&) = delete;

  /// Whether the file was in the listing (the file exists as far as autoloading is concerned).
  /// Asked before the listing is done, the file system answers instead of waiting for it.
  bool listed(const std::string& file);
  /// The file's parse, handed over once. nullopt when it is not listed, when the worker has not
  /// started it or the listing is not done yet (the caller parses it, and the worker skips it).
  /// When the worker is on it, the caller parses the worker's next files meanwhile rather than
  /// wait idle (so call this from one thread only). Rethrows the file's parse error.
  std::optional<Parsed> take(const std::string& file);
  /// Waits until the worker has parsed every listed file nobody took (for tests).
  void wait_until_idle();
  /// Stops the worker after the file it is on; later take()s return nullopt for unparsed files.
  void stop();

 private:
  enum class State { Queued, Parsing, Done, Taken };
  struct Entry {
    std::string path;
    State state = State::Queued;
    std::optional<Parsed> parsed;
    std::exception_ptr error;
    std::size_t module_end = 0;  ///< one past the last listed file of the same module
  };

  void list(const std::vector<std::filesystem::path>& modules_dirs);
  void order_by_mentions(const std::filesystem::path& main_manifest);
  void work();
  /// Parses entry `at` into `arena` with `lock` released, then records the outcome.
  void parse_entry(std::size_t at, lang::ast::Arena& arena, std::unique_lock<std::mutex>& lock);
  /// The next file to parse: the rest of the module last asked for, else of the next module
  /// the main manifest names, else the next in order.
  std::optional<std::size_t> next_queued();

  const std::vector<std::filesystem::path> modules_dirs_;
  std::vector<Entry> entries_;
  std::unordered_map<std::string, std::size_t> index_;          ///< path -> entry
  std::unordered_map<std::string, std::size_t> module_starts_;  ///< module -> its first entry
  lang::ast::Arena arena_;         ///< the worker's nodes; lives as long as the environment
  lang::ast::Arena caller_arena_;  ///< nodes of what take()'s caller parses while it waits
  mutable std::mutex mutex_;
  std::condition_variable finished_;
  bool listed_ = false;  ///< entries_ and index_ are filled (they do not change after)
  bool stopping_ = false;
  bool idle_ = false;                     ///< the worker has run out of files
  HeapLookahead heap_;                    ///< what the worker does once out of files, until stopped
  std::vector<std::string> taken_early_;  ///< files take() handed back before the listing
  std::optional<std::size_t> hint_;
  std::size_t cursor_ = 0;
  std::vector<std::size_t> mentioned_;  ///< first entries of the modules the main manifest names
  std::size_t mentioned_cursor_ = 0;
  WorkerThread worker_;  ///< last: starts once everything above is made
};

}  // namespace marionette::compiler
