#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "lang/source_location.hpp"

namespace marionette::compiler {

/// Puppet's `strict` setting: what the issues it governs become (unknown variables, duplicate
/// hash keys, strings coerced to numbers).
enum class Strict { Off, Warning, Error };

/// Puppet's `strict` (default warning, as Puppet 7's) and `strict_variables` (an unknown
/// variable fails the compile whatever `strict` says).
struct Strictness {
  Strict strict = Strict::Warning;
  bool strict_variables = false;
};

/// "off", "warning" or "error" (Puppet's values); nullopt for anything else.
std::optional<Strict> parse_strict(std::string_view text);

/// Puppet's warning line for an issue at a place in a manifest, on standard error:
/// "Warning: MESSAGE (file: F, line: L, column: C)".
void warn_at(const std::string& message, const lang::SourceLocation& where);

/// Puppet's warnings for an exported resource and an exported collector when storeconfigs is
/// off (its issues RT_NO_STORECONFIGS_EXPORT and RT_NO_STORECONFIGS).
inline constexpr const char* kNoStoreconfigsExport =
    "You cannot collect exported resources without storeconfigs being set; the export is "
    "ignored";
inline constexpr const char* kNoStoreconfigsCollect =
    "You cannot collect exported resources without storeconfigs being set; the collection will "
    "be ignored";

/// One issue that `strict` governs: nothing when off, the warning, or lang::SourceError at
/// `where` when error.
void strict_issue(Strict level, const std::string& message, const lang::SourceLocation& where);

}  // namespace marionette::compiler
