#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace marionette::puppetdb {

/// PuppetDB's query language (PQL) read into its AST, as PuppetDB does before evaluating it:
///   nodes[certname] { facts { name = "os" } and latest_report_status = "failed" limit 10 }
/// becomes ["from", "nodes", ["extract", ["certname"], ["and", ["subquery", "facts",
/// ["=", "name", "os"]], ["=", "latest_report_status", "failed"]]], ["limit", 10]].
/// Throws QueryError(400) saying where the text stops being PQL.
nlohmann::json parse_pql(const std::string& text);

/// Whether a query parameter is PQL rather than a JSON AST (it does not start with '[').
bool looks_like_pql(const std::string& text);

}  // namespace marionette::puppetdb
