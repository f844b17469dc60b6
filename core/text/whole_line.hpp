#pragma once

#include <cstdio>
#include <string_view>

namespace marionette::text {

/// Writes `line` (and a newline when it has none) to `stream` in one locked write and flushes
/// it, so that another thread's log line can neither split it nor be split by it: stdout and
/// stderr often share one file (a test's log, the journal), and a logger flushing stdout from
/// another thread would otherwise send half of a line written piece by piece.
void write_whole_line(std::FILE* stream, std::string_view line);

}  // namespace marionette::text
