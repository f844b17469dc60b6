#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace marionette::puppetdb {

/// JSON as PuppetDB 7 reads a query (Jackson through cheshire: JSON, and control characters
/// unescaped inside strings), refused with PuppetDB's own words:
///
///     Json parse error at line 1, column 17:
///
///     ["=", "certname"
///                    ^
///
///     Unexpected end-of-input: expected close marker for Array (start marker at …)
///
/// `sequence`: a query parameter, read as values one after another (a second value is refused:
/// "Only one query may be sent in a request. Found JSON (…) after the query …", the values as
/// Clojure prints them); otherwise a request body, whose first value is read and the rest
/// ignored. Throws QueryError(400, …) where PuppetDB refuses; returns the value (null for
/// text that is only white space).
nlohmann::json read_json_as_puppetdb(std::string_view text, bool sequence);

}  // namespace marionette::puppetdb
