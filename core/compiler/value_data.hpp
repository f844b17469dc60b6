#pragma once

// Values to and from the catalog's JSON data, apart from value.hpp so that the files that only
// hold values do not compile nlohmann's JSON header.

#include <optional>
#include <stdexcept>

#include "catalog/catalog.hpp"
#include "compiler/value.hpp"

namespace marionette::compiler {

/// How a catalog holds the values JSON has no plain form for. Puppet 7's catalogs hold their
/// strings ("2024-01-31T00:00:00.000000000 UTC", "/ab+c/", "Deferred({...})", "default",
/// "Integer[1, 5]"); Puppet 8's (rich_data, as OpenVox 8 writes them) hold {"__ptype":
/// "Timestamp", "__pvalue": "..."}, {"__ptype": "Deferred", "name": ..., "arguments": [...]},
/// {"__ptype": "Default"}, for a hash with keys other than strings {"__ptype": "Hash",
/// "__pvalue": [k, v, ...]}, and for a type Pcore's object ({"__ptype": "Pcore::IntegerType",
/// "from": 1, "to": 5}, pcore_type_data). A catalog Puppet 7 applies in this process holds rich
/// data with its types as strings (rich_types_as_strings), which its providers read back.
enum class DataForm { strings, rich, rich_types_as_strings };

/// Puppet 8's failure to write a recursive type alias (Data, RichData, Error, or one of the
/// manifest's own) into a catalog; the resource table names the resource that holds it.
struct SerializationRecursion : std::runtime_error {
  SerializationRecursion()
      : std::runtime_error(
            "Endless recursion detected when attempting to serialize value of class "
            "Puppet::Pops::Types::PTypeAliasType") {}
};

/// The value as it stands in a catalog's parameters (references become "Type[title]").
catalog::Data to_data(const Value& value, DataForm form = DataForm::strings);

/// A value that only rich data writes apart from its string (a Timestamp, a Regexp, default, a
/// Deferred, a type but in rich_types_as_strings...), in that form; nullopt for everything else.
std::optional<catalog::Data> rich_leaf(const Value& value, DataForm form);

/// A type as Pcore's object, as Puppet 8's rich data writes it; throws SerializationRecursion.
catalog::Data pcore_type_data(const TypeValue& type);

/// A value read from facts (JSON/YAML data).
Value from_data(const catalog::Data& data);

}  // namespace marionette::compiler
