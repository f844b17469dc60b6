#include "server/authorization.hpp"

#include <cctype>
#include <vector>

#include "text/text.hpp"

namespace marionette::server {

namespace {

enum class Who { anyone, any_certificate, the_named_node, cli_certificate, nobody };

struct Rule {
  const char* name;
  const char* prefix;   ///< the path starts with it
  bool name_follows;    ///< the rest of the path is one segment, the node's name
  std::vector<const char*> methods;
  Who who;
};

const std::vector<Rule>& rules() {
  static const std::vector<Rule> all = {
      {"puppetlabs v3 catalog from agents",
       "/puppet/v3/catalog/",
       true,
       {"GET", "POST"},
       Who::the_named_node},
      {"puppetlabs certificate", "/puppet-ca/v1/certificate/", true, {"GET"}, Who::anyone},
      {"puppetlabs crl",
       "/puppet-ca/v1/certificate_revocation_list/ca",
       false,
       {"GET"},
       Who::anyone},
      {"puppetlabs csr", "/puppet-ca/v1/certificate_request", false, {"GET", "PUT"}, Who::anyone},
      // A path rule is a prefix, and rules of one sort-order are tried by name: this one also
      // answers certificate_statuses, before "puppetlabs cert statuses" is reached.
      {"puppetlabs cert status",
       "/puppet-ca/v1/certificate_status",
       false,
       {"GET", "PUT", "DELETE"},
       Who::cli_certificate},
      {"puppetlabs environments", "/puppet/v3/environments", false, {"GET"}, Who::any_certificate},
      {"puppetlabs file", "/puppet/v3/file_", false, {"GET", "POST"}, Who::any_certificate},
      {"puppetlabs node", "/puppet/v3/node/", true, {"GET"}, Who::the_named_node},
      {"puppetlabs report", "/puppet/v3/report/", true, {"PUT"}, Who::the_named_node},
      {"puppetlabs facts", "/puppet/v3/facts/", true, {"PUT"}, Who::the_named_node},
      {"puppetlabs static file content",
       "/puppet/v3/static_file_content",
       false,
       {"GET"},
       Who::any_certificate},
      {"puppetlabs status service - simple", "/status/v1/simple", false, {"GET"}, Who::anyone},
      // PuppetDB's API: any client with a certificate, narrowed by certificate-allowlist
      // (Api::puppetdb_endpoint).
      {"puppetdb", "/pdb/", false, {"GET", "POST"}, Who::any_certificate},
      {"puppetdb status", "/status/v1/services/puppetdb-status", false, {"GET"},
       Who::any_certificate},
      // marionette's Prometheus endpoint; metrics_anonymous_from opens it to addresses
      // without a certificate (Api::handle).
      {"marionette metrics", "/metrics", false, {"GET"}, Who::any_certificate},
  };
  return all;
}

}  // namespace

AuthDecision authorize(const std::string& method, const std::string& path,
                       const PeerIdentity& peer) {
  for (const Rule& rule : rules()) {
    std::string prefix = rule.prefix;
    if (path.compare(0, prefix.size(), prefix) != 0) continue;
    std::string rest = path.substr(prefix.size());
    if (rule.name_follows && (rest.empty() || rest.find('/') != std::string::npos)) continue;
    bool method_matches = false;
    for (const char* allowed : rule.methods) method_matches = method_matches || method == allowed;
    if (!method_matches) continue;
    AuthDecision decision{false, rule.name};
    switch (rule.who) {
      case Who::anyone:
        decision.allowed = true;
        break;
      case Who::any_certificate:
        decision.allowed = peer.authenticated;
        break;
      case Who::the_named_node:
        decision.allowed =
            peer.authenticated && text::lowercase(peer.certname) == text::lowercase(rest);
        break;
      case Who::cli_certificate:
        // allow: {extensions: {pp_cli_auth: "true"}}, which the CA gives only to the
        // server's own certificate and `ca generate --ca-client`: never from a request.
        decision.allowed = peer.authenticated && peer.extensions.contains("pp_cli_auth") &&
                           peer.extensions["pp_cli_auth"] == "true";
        break;
      case Who::nobody:
        break;
    }
    return decision;
  }
  return {false, "puppetlabs deny all"};
}

std::string forbidden_message(const std::string& method, const std::string& path,
                              const PeerIdentity& peer, const std::string& client_ip,
                              const std::string& rule) {
  std::string who = peer.authenticated ? peer.certname + "(" + client_ip + ")" : client_ip;
  return "Forbidden request: " + who + " access to " + path +
         " (method :" + text::lowercase(method) +
         ") (authenticated: " + (peer.authenticated ? "true" : "false") + ") denied by rule '" +
         rule + "'.";
}

}  // namespace marionette::server
