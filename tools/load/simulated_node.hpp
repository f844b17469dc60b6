#pragma once

#include <memory>
#include <string>
#include <vector>

#include "facts/facts.hpp"
#include "https_client/https_client.hpp"
#include "load_options.hpp"
#include "load_stats.hpp"

namespace marionette::load {

/// One simulated agent: its certname, its facts, its client (with its own certificate).
struct SimulatedNode {
  std::string certname;
  std::string facts_json;  ///< Puppet::Node::Facts values, varied for this node
  facts::Facts values;
  std::unique_ptr<https_client::HttpsClient> client;
};

/// The nodes' names: PREFIX-0001.DOMAIN …, as wide as the count needs.
std::vector<std::string> node_names(const LoadOptions& options, const std::string& domain);

/// `base` with hostname, fqdn and networking's hostname and fqdn set for `certname`.
facts::Facts facts_for(const facts::Facts& base, const std::string& certname);

/// Each node's certificate from the ssldir, or requested from the CA (autosign) when it has
/// none; its client. Runs `options.concurrency` at a time. Throws std::runtime_error naming the
/// first node that could not get one.
std::vector<SimulatedNode> prepare_nodes(const LoadOptions& options, const facts::Facts& base);

/// One agent run of `node` as Puppet 7's agent does it: node, (pluginsync,) catalog with the
/// facts, report; the connection kept alive within the run and closed after it.
RunResult simulate_run(SimulatedNode& node, unsigned index, const LoadOptions& options);

}  // namespace marionette::load
