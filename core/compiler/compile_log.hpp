#pragma once

#include <functional>
#include <string>

namespace marionette::compiler {

/// Where the compiler's own messages go (notice() and friends, deprecation warnings): a
/// (level, message) sink with Puppet's levels debug, info, notice, warning, err, alert, crit,
/// emerg. Without one installed they are printed on standard error as `Level: message`.
using CompileLogSink = std::function<void(const std::string& level, const std::string& message)>;

/// Says one compile-time message through the installed sink (any thread: compilations run on
/// worker threads). The level may be given as its label too ("Warning", "Error").
void compile_log(const std::string& level, const std::string& message);

/// The least level printed on standard error when no sink is installed: Puppet's log_level
/// setting, "notice" until a command says otherwise (debug() and info() print nothing then).
void set_compile_log_level(const std::string& level);

/// Installs a sink for its lifetime (a run's compile), then restores the one before.
class ScopedCompileLog {
 public:
  explicit ScopedCompileLog(CompileLogSink sink);
  ~ScopedCompileLog();
  ScopedCompileLog(const ScopedCompileLog&) = delete;
  ScopedCompileLog& operator=(const ScopedCompileLog&) = delete;

 private:
  CompileLogSink previous_;
};

}  // namespace marionette::compiler
