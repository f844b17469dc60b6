#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "facts/facts.hpp"

namespace marionette::testing {

/// The text of a file ("" when it cannot be read).
std::string read_text(const std::filesystem::path& path);

/// The lines, each ended by a newline (a test's failure report).
std::string join_lines(const std::vector<std::string>& lines);

/// The case directories under `dir`, by name.
std::vector<std::string> golden_case_names(const std::filesystem::path& dir);

/// Compiles the golden case in `dir` (an environment: site.pp, modules/, hiera.yaml, data/,
/// environment.conf) for the facts' node, with `basemodulepath` after the case's own module
/// path, and holds the result against what real Puppet wrote: expected.json (the catalog) or
/// expected.error (our error must name the same file and line). Returns the differences;
/// empty when marionette compiles the case as Puppet does. MARIONETTE_REGENERATE_GOLDENS=1
/// rewrites expected.json from our output instead.
std::vector<std::string> golden_differences(const std::filesystem::path& dir,
                                            const facts::Facts& facts,
                                            const std::string& basemodulepath);

}  // namespace marionette::testing
