#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "counters/counter_store.hpp"

namespace marionette::counters {

/// The local write-ahead journal of runs not yet applied to the store.
///
/// Format: one JSON object per line, appended with a single write() and fsync'd:
///   {"run_id":"…","runs":1,"resources_changed":3,"failures":0}
/// A line torn by a crash (no newline, not JSON) is skipped; a run id that appears twice is
/// pending once. Applied entries are removed by rewriting the file atomically.
class Journal {
 public:
  explicit Journal(std::filesystem::path file) : file_(std::move(file)) {}

  bool append(const RunDelta& delta, std::string* error);
  /// Pending runs in the order they were journaled.
  bool read_pending(std::vector<RunDelta>* pending, std::string* error) const;
  /// Replaces the journal with `remaining` (empty: every entry was applied).
  bool replace(const std::vector<RunDelta>& remaining, std::string* error);

  const std::filesystem::path& file() const { return file_; }

 private:
  std::filesystem::path file_;
};

std::string encode_journal_line(const RunDelta& delta);
/// False when the line is torn or not a journal entry.
bool decode_journal_line(const std::string& line, RunDelta* delta);

}  // namespace marionette::counters
