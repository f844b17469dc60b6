#include "compiler/compile_log.hpp"

#include <atomic>
#include <iostream>
#include <mutex>

#include "compiler/resource_table.hpp"

namespace marionette::compiler {

namespace {

std::mutex sink_mutex;
CompileLogSink installed;  // guarded by sink_mutex

/// Puppet's levels in order, notice for anything it does not name.
int rank_of(const std::string& level) {
  static const char* const kOrder[] = {"debug", "info",  "notice", "warning",
                                       "err",   "alert", "crit",   "emerg"};
  for (int rank = 0; rank < 8; ++rank)
    if (level == kOrder[rank]) return rank;
  return 2;
}

std::atomic<int> least_printed_rank{2};  // notice

/// Puppet's label for a level, as its console prints it.
const char* label_of(const std::string& level) {
  if (level == "debug") return "Debug";
  if (level == "info") return "Info";
  if (level == "warning") return "Warning";
  if (level == "err") return "Error";
  if (level == "alert") return "Alert";
  if (level == "crit") return "Critical";
  if (level == "emerg") return "Emergency";
  return "Notice";
}

/// "Warning" or "warning" → "warning", "Error" → "err", "Critical" → "crit", …
std::string level_name(const std::string& level) {
  std::string name = lowercase(level);
  if (name == "error") return "err";
  if (name == "critical") return "crit";
  if (name == "emergency") return "emerg";
  return name;
}

}  // namespace

void compile_log(const std::string& given_level, const std::string& message) {
  const std::string level = level_name(given_level);
  CompileLogSink sink;
  {
    std::lock_guard<std::mutex> hold(sink_mutex);
    sink = installed;
  }
  if (sink) {
    sink(level, message);
    return;
  }
  if (rank_of(level) < least_printed_rank.load(std::memory_order_relaxed)) return;
  std::cerr << label_of(level) << ": " << message << "\n";
}

void set_compile_log_level(const std::string& level) {
  least_printed_rank.store(rank_of(level_name(level)), std::memory_order_relaxed);
}

ScopedCompileLog::ScopedCompileLog(CompileLogSink sink) {
  std::lock_guard<std::mutex> hold(sink_mutex);
  previous_ = std::move(installed);
  installed = std::move(sink);
}

ScopedCompileLog::~ScopedCompileLog() {
  std::lock_guard<std::mutex> hold(sink_mutex);
  installed = std::move(previous_);
}

}  // namespace marionette::compiler
