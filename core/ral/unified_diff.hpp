#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace marionette::ral {

/// The hunks of GNU `diff -u` between two texts, compared line by line (a line keeps its
/// newline, so a last line without one differs from the same line with one): "@@ -a,b +c,d @@",
/// three lines of context, changes closer than six lines in one hunk, deleted lines before
/// inserted ones, "\ No newline at end of file" after a last line without one. Empty when the
/// texts are equal. The edit script is Myers' shortest one; past `max_edits` differences the
/// differing middle is replaced whole (still a correct diff, no longer the shortest).
std::string unified_hunks(std::string_view old_text, std::string_view new_text,
                          std::size_t max_edits = 1000);

/// A `diff -u` header line: "--- PATH\t2026-11-26 02:38:13.398222673 +0000" (local time, as
/// GNU diff prints a file's modification time); `marker` is "---" or "+++".
std::string diff_header(std::string_view marker, std::string_view path, std::int64_t seconds,
                        std::int64_t nanoseconds);

}  // namespace marionette::ral
