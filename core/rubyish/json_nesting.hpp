#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace marionette::rubyish {

/// Ruby's JSON.parse, which Puppet reads catalogs with (and Facter external facts), refuses
/// arrays and objects nested more than 100 deep: "nesting of 101 is too deep".
inline constexpr int kMaxJsonNesting = 100;

/// Checks a JSON text's nesting before it is parsed (nlohmann's parser is iterative, but its
/// values copy and print themselves recursively): "" when it nests at most `limit` arrays and
/// objects deep, else Ruby's message and where it happens, "nesting of 101 is too deep (line 1,
/// column 402)". Brackets inside strings do not count. Header-only.
inline std::string json_nesting_problem(std::string_view text, int limit = kMaxJsonNesting) {
  int depth = 0;
  bool in_string = false;
  std::size_t line = 1, line_start = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        in_string = false;
      continue;
    }
    if (c == '"') {
      in_string = true;
    } else if (c == '\n') {
      ++line;
      line_start = i + 1;
    } else if (c == '[' || c == '{') {
      if (++depth > limit)
        return "nesting of " + std::to_string(depth) + " is too deep (line " +
               std::to_string(line) + ", column " + std::to_string(i - line_start + 1) + ")";
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return "";
}

}  // namespace marionette::rubyish
