#include "cli/run_flags.hpp"

#include <cctype>
#include <sstream>
#include <stdexcept>

namespace marionette::cli {

std::vector<std::string> split_tags(const std::string& text) {
  std::vector<std::string> tags;
  std::stringstream in(text);
  for (std::string tag; std::getline(in, tag, ',');) {
    for (char& c : tag) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (!tag.empty()) tags.push_back(tag);
  }
  return tags;
}

std::string invalid_strict_message(const std::string& value) {
  return "Could not initialize global default settings: Invalid value '" + value +
         "' for parameter strict. Allowed values are 'off', 'warning', 'error'";
}

void apply_run_flags(const Arguments& args, daemon::RunSettings& settings,
                     bool summary_by_default) {
  if (auto strict = args.value("strict")) {
    auto level = compiler::parse_strict(*strict);
    if (!level) throw std::invalid_argument(invalid_strict_message(*strict));
    settings.strictness.strict = *level;
  }
  if (args.flag("strict-variables")) settings.strictness.strict_variables = true;
  if (auto tags = args.value("skip-tags")) settings.skip_tags = split_tags(*tags);
  settings.show_diff = args.flag("show-diff");
  settings.write_catalog_summary =
      args.switch_state("write-catalog-summary").value_or(summary_by_default);
}

}  // namespace marionette::cli
