#pragma once

#include <string>

#include "server/tls.hpp"

namespace marionette::server {

/// What Puppet's default auth.conf (puppetserver's, trapperkeeper-authorization) decides for a
/// request: the rule that matched and whether it allows the client.
struct AuthDecision {
  bool allowed = false;
  std::string rule;  ///< the rule's name, as in auth.conf
};

/// The default rules, first match wins: a node reads only its own catalog and node and saves
/// only its own report and facts; file serving and environments need any client certificate;
/// the CA's certificate, CRL and CSR endpoints and the simple status need none;
/// certificate_status(es) needs a certificate with pp_cli_auth "true" (puppetserver 7's
/// auth.conf: a node's own certificate is not enough); anything else is denied.
AuthDecision authorize(const std::string& method, const std::string& path,
                       const PeerIdentity& peer);

/// trapperkeeper-authorization's refusal: "Forbidden request: NAME(IP) access to PATH (method
/// :get) (authenticated: true) denied by rule 'RULE'.", without NAME for an anonymous client.
std::string forbidden_message(const std::string& method, const std::string& path,
                              const PeerIdentity& peer, const std::string& client_ip,
                              const std::string& rule);

}  // namespace marionette::server
