#pragma once

#include "catalog/catalog.hpp"

namespace marionette::catalog {

/// Whether a resource's parameters hold Puppet 8's rich data ({"__ptype": ...} other than a
/// Sensitive inside a collection, which both Puppet 7's and 8's catalogs hold).
bool has_rich_data(const Catalog& catalog);

/// The catalog with its rich data as Puppet 7's catalogs hold it, which is what the providers
/// read: a Timestamp, Timespan, SemVer, SemVerRange or Binary as its text, a Regexp as
/// "/source/", default as "default", a hash with keys other than strings as an object of their
/// texts, and a Deferred as its printed call (it is not called: docs/puppet-differences.md).
Catalog with_plain_data(Catalog catalog);

/// Whether a value holds a Deferred ({"__ptype": "Deferred", ...}), at any depth.
bool holds_deferred(const Data& value);

/// A value with its rich data as Puppet 7 holds it (as with_plain_data does to a catalog).
Data plain_data(const Data& value);

/// The catalog with its rich data plain but for the parameters of resources that hold a
/// Deferred, which stay as they are for the agent to call them when it applies the resource.
Catalog with_plain_data_but_deferred(Catalog catalog);

}  // namespace marionette::catalog
