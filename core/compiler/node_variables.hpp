#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "facts/facts.hpp"

namespace marionette::compiler {

struct CompileRequest;

/// What Puppet 7's compiler puts in the top scope from the node (Node#fact_merge,
/// Node#add_server_facts, Compiler#set_node_parameters): a variable for every node parameter,
/// then $environment, $trusted and $server_facts from the node alone, and $facts as given.
struct NodeVariables {
  /// The node's parameters in Puppet's order, the first of a name winning: the classifier's,
  /// the node's environment (a server compile: clientcert, the certificate's name), then the
  /// facts, then the server's facts. A later one of a name already set is dropped with Puppet's
  /// warning ("The node parameter 'environment' for node 'N' was already set to …"). Neither
  /// 'environment' (the node's own) nor 'trusted' (dropped silently, as Puppet's
  /// Node#sanitize does) is among them. The values point into the request and `owned`.
  std::vector<std::pair<std::string_view, const facts::Facts*>> parameters;
  facts::Facts trusted;       ///< Puppet's TrustedInformation#to_h
  facts::Facts server_facts;  ///< the server's facts (if any) and the environment
  facts::Facts owned = facts::Facts::object();
};

/// Puppet's TrustedInformation#to_h: authenticated ("remote", "local" or "false"), certname,
/// extensions, hostname and domain (the certname split at its first dot), external ({}). As
/// $trusted has it, and as puppet-terminus-puppetdb adds it to the facts it stores.
facts::Facts trusted_information(const std::string& authenticated,
                                 const std::optional<std::string>& certname,
                                 const facts::Facts& extensions);

/// Throws std::runtime_error with Puppet's words when a fact names a variable Puppet reserves
/// ("Attempt to assign to a reserved variable name: 'server_facts' on node N"): Puppet's
/// compile fails on a fact named `facts` or `server_facts`.
NodeVariables node_variables(const CompileRequest& request);

}  // namespace marionette::compiler
