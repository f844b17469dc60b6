#include "cli/option_table.hpp"

#include <string_view>

namespace marionette::cli {

namespace {

/// The column where --help's descriptions start.
constexpr std::size_t kHelpColumn = 24;

}  // namespace

std::string option_name(const char* spec) {
  std::string_view name = spec;
  name.remove_prefix(name.rfind("--") + 2);
  return std::string(name.substr(0, name.find(' ')));
}

std::string option_help_lines(const char* spec, const char* help) {
  std::string text = "  " + std::string(spec);
  text.resize(text.size() < kHelpColumn ? kHelpColumn : text.size() + 2, ' ');
  for (char c : std::string_view(help))
    text += c == '\n' ? "\n" + std::string(kHelpColumn, ' ') : std::string(1, c);
  return text + '\n';
}

}  // namespace marionette::cli
