#pragma once

#include <functional>
#include <string>

#include "catalog/catalog.hpp"

namespace marionette::catalog {

/// The type a rich-data object names ({"__ptype": "Deferred", ...}); nullptr for any other value.
const std::string* ptype_of(const Data& value);

/// `value` rebuilt with every rich-data object but a Sensitive replaced by `leaf(ptype, object)`,
/// at any depth; a Sensitive keeps its place and its own value is walked.
Data map_rich_data(const Data& value,
                   const std::function<Data(const std::string& ptype, const Data& object)>& leaf);

/// Whether a resource's parameters hold Puppet 8's rich data ({"__ptype": ...} other than a
/// Sensitive inside a collection, which both Puppet 7's and 8's catalogs hold).
bool has_rich_data(const Catalog& catalog);

/// The catalog with its rich data as Puppet 7's catalogs hold it, which is what the providers
/// read: a Timestamp, Timespan, SemVer or SemVerRange as its text, a Binary (or a String Ruby
/// held in ASCII-8BIT) as its bytes, as Puppet applies it, a Regexp as
/// "/source/", default as "default", a hash with keys other than strings as an object of their
/// texts, and a Deferred as its printed call (it is not called: docs/puppet-differences.md).
Catalog with_plain_data(Catalog catalog);

/// Whether a value holds a Deferred ({"__ptype": "Deferred", ...}), at any depth.
bool holds_deferred(const Data& value);

/// Whether any resource's parameters hold a Deferred.
bool holds_deferred(const Catalog& catalog);

/// A value with its rich data as Puppet 7 holds it (as with_plain_data does to a catalog).
Data plain_data(const Data& value);

/// The catalog with its rich data plain but for the parameters of resources that hold a
/// Deferred, which stay as they are for the agent to call them when it applies the resource.
Catalog with_plain_data_but_deferred(Catalog catalog);

}  // namespace marionette::catalog
