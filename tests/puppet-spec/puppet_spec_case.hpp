#pragma once

#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "marionette/version.hpp"

namespace marionette::testing {

/// One case of tests/puppet-spec/cases: Puppet code taken from one of Puppet's own spec files,
/// with what real Puppet 7 (`expected`) and OpenVox 8 (`expected-8`, only where it differs)
/// gave for it, recorded by scripts/puppet_spec_record.rb.
struct PuppetSpecCase {
  std::string id;      ///< "evaluating_parser:123": the spec file's name and the source's line
  std::string origin;  ///< spec/unit/pops/evaluator/evaluating_parser_spec.rb:123
  std::string group;   ///< evaluator-parser, evaluator, compiler, functions
  std::string kind;    ///< value (notices of its value's type and %p) or catalog
  std::string manifest;
  std::string node;
  bool strict_variables = false;  ///< the spec file set Puppet[:strict_variables]
  nlohmann::json expected;
  nlohmann::json expected8;  ///< null: OpenVox 8 gave what Puppet 7 gave
};

/// Every case of every file under `dir` (DIR/GROUP/NAME.json), in file then case order.
std::vector<PuppetSpecCase> load_puppet_spec_cases(const std::filesystem::path& dir);

/// How marionette's answer stands against the reference's: "agree", or the kind of difference:
/// "message" (both refuse, the messages differ), "location" (same message, another place),
/// "accepts" (marionette accepts what Puppet refuses), "refuses" (marionette refuses what
/// Puppet accepts), "value" (both accept; notices or resources differ).
struct PuppetSpecOutcome {
  std::string kind;
  nlohmann::json ours;  ///< our answer in the expectation's shape, for the report
};

/// Compiles the case in-process (its manifest written to `scratch`/site.pp) under `compat`
/// (Puppet 8's strict defaults under puppet8) and holds the answer against `expected`.
PuppetSpecOutcome run_puppet_spec_case(const PuppetSpecCase& c, PuppetCompat compat,
                                       const std::filesystem::path& scratch);

/// The known differences: `ID KIND` a line, '#' starts a comment.
std::map<std::string, std::string> load_known_puppet_spec_differences(
    const std::filesystem::path& file);

}  // namespace marionette::testing
