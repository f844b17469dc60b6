#pragma once

#include <string>

#include "http/http_message.hpp"
#include "puppetdb/fleet_data.hpp"
#include "puppetdb/query_engine.hpp"

namespace marionette::puppetdb {

/// The PuppetDB 7 version this API answers as.
inline constexpr const char* kPuppetDbVersion = "7.12.1";

/// Whether `path` is one of PuppetDB's (/pdb/…, /status/v1/services/puppetdb-status).
bool is_puppetdb_path(const std::string& path);

/// Who sends a request, as the caller's TLS layer knows it: the client certificate's CN, and
/// whether it may submit commands for any node (the server's own certificate, the certificate
/// allowlist's names). Any other client submits commands only for its own certname.
struct Submitter {
  std::string certname;
  bool for_any_node = false;
};

/// /pdb/query/v4's answer to QUERY (its `query` parameter): a PQL string, an AST array, or an
/// AST as a JSON string. Throws QueryError as PuppetDB refuses it, StoreError. `text_rows`: the
/// caller takes the answer's `text` as well as its `rows` (QueryEngine's).
QueryAnswer answer_root_query(const Json& query, Paging paging, FleetData& fleet,
                              bool text_rows = false);

/// PuppetDB's refusal of a client (403, text/plain): "Permission denied: The client certificate
/// name NAME doesn't appear in the certificate allowlist. …", its middleware's words.
http::HttpResponse permission_denied(const std::string& certname);

/// PuppetDB's HTTP API over the fleet's data: /pdb/query/v4 (PQL or AST, GET or POST), its
/// entity endpoints and their child paths, /pdb/cmd/v1 (replace facts v4/v5, replace catalog
/// v9, store report v8, deactivate node v3, as puppet-terminus-puppetdb 7 posts them: the
/// command in the URL and the payload as the body, or the older {command, version, payload}
/// body), /pdb/meta/v1/version and server-time, the puppetdb-status service. Errors as
/// PuppetDB's: 400 with a plain-text body for a query it cannot read, 404 for an unknown
/// entity or a node it does not know. Who may reach it at all is the caller's rule; a command
/// naming a certname (in its payload or its URL) other than `submitter`'s is refused with
/// permission_denied unless `submitter.for_any_node`, before anything is stored.
http::HttpResponse handle_puppetdb(const http::HttpRequest& request, FleetData& fleet,
                                   const Submitter& submitter);

}  // namespace marionette::puppetdb
