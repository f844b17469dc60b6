#pragma once

// Values to and from the catalog's JSON data, apart from value.hpp so that the files that only
// hold values do not compile nlohmann's JSON header.

#include "catalog/catalog.hpp"
#include "compiler/value.hpp"

namespace marionette::compiler {

/// The value as it stands in a catalog's parameters (references become "Type[title]").
catalog::Data to_data(const Value& value);

/// A value read from facts (JSON/YAML data).
Value from_data(const catalog::Data& data);

}  // namespace marionette::compiler
