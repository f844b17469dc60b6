#pragma once

#include <string>

#include "http/http_message.hpp"
#include "puppetdb/fleet_data.hpp"

namespace marionette::puppetdb {

/// The PuppetDB 7 version this API answers as.
inline constexpr const char* kPuppetDbVersion = "7.12.1";

/// Whether `path` is one of PuppetDB's (/pdb/…, /status/v1/services/puppetdb-status).
bool is_puppetdb_path(const std::string& path);

/// PuppetDB's HTTP API over the fleet's data: /pdb/query/v4 (PQL or AST, GET or POST), its
/// entity endpoints and their child paths, /pdb/cmd/v1 (replace facts v4/v5, replace catalog
/// v9, store report v8, deactivate node v3, as puppet-terminus-puppetdb 7 posts them: the
/// command in the URL and the payload as the body, or the older {command, version, payload}
/// body), /pdb/meta/v1/version and server-time, the puppetdb-status service. Errors as
/// PuppetDB's: 400 with a plain-text body for a query it cannot read, 404 for an unknown
/// entity or a node it does not know. Authorization is the caller's.
http::HttpResponse handle_puppetdb(const http::HttpRequest& request, FleetData& fleet);

}  // namespace marionette::puppetdb
