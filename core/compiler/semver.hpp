#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "compiler/value.hpp"

namespace marionette::compiler {

/// A semantic version ("1.2.3-rc.1+build") as a #SemVer runtime value; nullopt when malformed.
std::optional<Value> parse_semver(std::string_view text);

/// "1.2.3-rc.1", as Puppet prints a SemVer.
std::string semver_to_string(const TypeValue& version);

/// Negative, zero or positive as a < b, a == b, a > b (build metadata ignored, prereleases
/// before their release).
int compare_semver(const TypeValue& a, const TypeValue& b);

/// Is the text a version range Puppet accepts ("~> 1.2", ">=1.2.0 <2.0.0", "1.x || 3")?
bool is_semver_range(std::string_view range);

/// Does the version fall in the range?
bool semver_in_range(const TypeValue& version, std::string_view range);

}  // namespace marionette::compiler
