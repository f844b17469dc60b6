#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "facts/facts.hpp"

namespace marionette::indirector {

/// What the node terminus says about a node (Puppet::Node): the classes to declare, top-scope
/// parameters and, when the classifier chose one, the environment.
struct Node {
  std::string name;
  std::optional<std::string> environment;  ///< absent: the agent's environment
  /// Class name → parameters (an object; empty for a class declared without parameters), in the
  /// classifier's order.
  std::vector<std::pair<std::string, facts::Facts>> classes;
  facts::Facts parameters = facts::Facts::object();  ///< become top-scope variables
  /// $trusted (Puppet's Node#trusted_data): "local" without extensions for a local compile; a
  /// server compiling for a client certificate sets "remote" and the certificate's extensions.
  std::string trusted_authenticated = "local";
  facts::Facts trusted_extensions = facts::Facts::object();
  std::optional<std::string> trusted_certname;  ///< the client certificate's name (a server's)
  /// A server's own facts (Puppet's Node#server_facts): serverversion, servername, serverip…
  std::optional<facts::Facts> server_facts;
};

}  // namespace marionette::indirector
