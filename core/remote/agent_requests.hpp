#pragma once

// The requests a Puppet 7 agent run sends, encoded as its HTTP services do (node, catalog,
// report, file_metadata(s), file_content): targets, headers and bodies.

#include <string>
#include <utility>
#include <vector>

#include "facts/facts.hpp"
#include "marionette/version.hpp"

namespace marionette::remote {

using Headers = std::vector<std::pair<std::string, std::string>>;

/// What identifies one run to the server.
struct RunIdentity {
  std::string certname;
  std::string environment = "production";
  std::string transaction_uuid;                ///< a new random UUID each run (make_uuid())
  PuppetCompat compat = kDefaultPuppetCompat;  ///< whose version the facts' clientversion says
};

/// A random (version 4) UUID: "8b3c…-…".
std::string make_uuid();

struct Request {
  std::string method;
  std::string target;
  Headers headers;
  std::string body;
};

/// GET /puppet/v3/node/NAME?environment=E&configured_environment=E&transaction_uuid=U
Request node_request(const RunIdentity& run);

/// The facts as Puppet::Node::Facts#to_json: name, values (with clientcert, clientversion and
/// clientnoop added as the agent adds them), timestamp, expiration.
std::string facts_document(const facts::Facts& values, const RunIdentity& run, bool noop);

/// POST /puppet/v3/catalog/NAME?environment=E with the form Puppet's agent sends: facts_format,
/// facts (its JSON encoded twice), environment, configured_environment, check_environment,
/// transaction_uuid, job_uuid, static_catalog, checksum_type.
Request catalog_request(const RunIdentity& run, const std::string& facts_json);

/// PUT /puppet/v3/report/NAME?environment=E with the report's JSON.
Request report_request(const RunIdentity& run, const std::string& report_json);

/// GET /puppet/v3/file_metadatas/MOUNT_PATH?recurse=…: the metadata of a tree (pluginsync's
/// plugins and pluginfacts, a recursive file source).
Request file_metadatas_request(const std::string& environment, PuppetCompat compat,
                               const std::string& mount_path, bool recurse,
                               const std::string& links = "manage", const std::string& ignore = "");
/// GET /puppet/v3/file_metadatas/MOUNT?…: pluginsync's request for a mount (recurse, links
/// follow, source_permissions as given, Puppet's pluginsignore: .svn CVS .git .hg).
Request pluginsync_metadatas_request(const std::string& environment, PuppetCompat compat,
                                     const std::string& mount,
                                     const std::string& source_permissions);
/// GET /puppet/v3/file_metadata/MOUNT_PATH
Request file_metadata_request(const std::string& environment, PuppetCompat compat,
                              const std::string& mount_path);
/// GET /puppet/v3/file_content/MOUNT_PATH
Request file_content_request(const std::string& environment, PuppetCompat compat,
                             const std::string& mount_path);
/// GET /puppet/v3/static_file_content/PATH?environment=E&code_id=C: a static catalog's
/// content_uri (PATH inside the environment: modules/M/files/…).
Request static_file_content_request(const std::string& environment, PuppetCompat compat,
                                    const std::string& path, const std::string& code_id);

}  // namespace marionette::remote
