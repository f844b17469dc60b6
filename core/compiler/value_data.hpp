#pragma once

// Values to and from the catalog's JSON data, apart from value.hpp so that the files that only
// hold values do not compile nlohmann's JSON header.

#include <optional>

#include "catalog/catalog.hpp"
#include "compiler/value.hpp"

namespace marionette::compiler {

/// How a catalog holds the values JSON has no plain form for. Puppet 7's catalogs hold their
/// strings ("2024-01-31T00:00:00.000000000 UTC", "/ab+c/", "Deferred({...})", "default");
/// Puppet 8's (rich_data, as OpenVox 8 writes them) hold {"__ptype": "Timestamp", "__pvalue":
/// "..."}, {"__ptype": "Deferred", "name": ..., "arguments": [...]}, {"__ptype": "Default"} and,
/// for a hash with keys other than strings, {"__ptype": "Hash", "__pvalue": [k, v, ...]}.
/// Type values are written as their strings in both (Pcore's type objects are not written).
enum class DataForm { strings, rich };

/// The value as it stands in a catalog's parameters (references become "Type[title]").
catalog::Data to_data(const Value& value, DataForm form = DataForm::strings);

/// A value that only rich data writes apart from its string (a Timestamp, a Regexp, default, a
/// Deferred...), in that form; nullopt for everything else.
std::optional<catalog::Data> rich_leaf(const Value& value);

/// A value read from facts (JSON/YAML data).
Value from_data(const catalog::Data& data);

}  // namespace marionette::compiler
