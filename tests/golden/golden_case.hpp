#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "facts/facts.hpp"
#include "marionette/version.hpp"

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
/// expected.error (our error must say Puppet's message at Puppet's file, line and column, unless
/// the case is in known-differences). Returns the differences; empty when marionette compiles
/// the case as Puppet does. Expectations are written only by real Puppet
/// (tests/golden/puppet-expected), never from our output.
///
/// Whether OpenVox 8 has been run on the case: it has an expected-8.*, or it is listed in
/// tests/golden/openvox8-checked (OpenVox 8 gave what Puppet 7 gave, so no expected-8.* was kept).
bool checked_under_openvox8(const std::filesystem::path& dir);

/// Why marionette does not give OpenVox 8's result on the case yet, from
/// tests/golden/openvox8-pending ("" when it is not listed there).
std::string pending_under_openvox8(const std::filesystem::path& dir);

/// Under PuppetCompat::puppet8 the case compiles with Puppet 8's strict defaults and is held
/// against expected-8.* where OpenVox 8 wrote one (it gave another result than Puppet 7), else
/// against Puppet 7's expectation, which OpenVox 8 then agreed with; its error list is
/// known-differences-8.
std::vector<std::string> golden_differences(const std::filesystem::path& dir,
                                            const facts::Facts& facts,
                                            const std::string& basemodulepath,
                                            PuppetCompat compat);

}  // namespace marionette::testing
