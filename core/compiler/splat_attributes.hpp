#pragma once

#include <string>
#include <utility>
#include <vector>

#include "compiler/value.hpp"
#include "lang/source_location.hpp"

namespace marionette::compiler {

/// The attributes `* => $hash` spreads (a resource body, resource defaults, an override, a
/// collector's override), one a key, none for undef; a value that is no Hash is Puppet's error
/// at `where`.
std::vector<std::pair<std::string, Value>> splat_attributes(const Value& value,
                                                            const lang::SourceLocation& where);

}  // namespace marionette::compiler
