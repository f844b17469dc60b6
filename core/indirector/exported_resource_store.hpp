#pragma once

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "compiler/exported_resources.hpp"
#include "compiler/puppetdb_queries.hpp"
#include "indirector/settings.hpp"

namespace marionette::indirector {

class DocumentStore;

/// storeconfigs kept as documents, one per node and environment: a JSON array of the node's
/// exported resources. In Redis (when one is configured) PREFIX:exported:ENVIRONMENT:NODE, so
/// that every server of a fleet pointed at that Redis collects what any of them stored; else
/// files, STATE_DIR/exported/ENVIRONMENT/NODE.json. Used by one compile at a time.
///
/// Given the fleet's PuppetDB data (marionette server's), a search leaves out the nodes it holds
/// as inactive (deactivated by `puppet node deactivate`, or expired by node-ttl), as PuppetDB
/// answers a collector: their documents stay until the node's next compile replaces them (which
/// makes it active again) or the node is purged. When the data cannot be asked, or does not
/// know a node, the node's resources are collected.
class DocumentExportedResourceStore : public compiler::ExportedResourceStore {
 public:
  explicit DocumentExportedResourceStore(TerminusSettings settings,
                                         compiler::PuppetDbQueries* node_states = nullptr);
  ~DocumentExportedResourceStore() override;
  std::vector<compiler::ExportedResource> search(const std::string& environment,
                                                 const std::string& node, const std::string& type,
                                                 const compiler::ExportQuery* query) override;
  void replace(const std::string& environment, const std::string& node,
               const std::vector<catalog::Resource>& resources) override;

 private:
  DocumentStore& documents(const std::string& environment);
  /// Which of `certnames` the PuppetDB data holds as inactive (none when it cannot be asked).
  std::set<std::string> inactive_among(const std::set<std::string>& certnames);

  TerminusSettings settings_;
  compiler::PuppetDbQueries* node_states_;
  std::map<std::string, std::unique_ptr<DocumentStore>> by_environment_;
};

}  // namespace marionette::indirector
