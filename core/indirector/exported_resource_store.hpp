#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "compiler/exported_resources.hpp"
#include "indirector/settings.hpp"

namespace marionette::indirector {

class DocumentStore;

/// storeconfigs kept as documents, one per node and environment: a JSON array of the node's
/// exported resources. In Redis (when one is configured) PREFIX:exported:ENVIRONMENT:NODE, so
/// that every server of a fleet pointed at that Redis collects what any of them stored; else
/// files, STATE_DIR/exported/ENVIRONMENT/NODE.json. Used by one compile at a time.
class DocumentExportedResourceStore : public compiler::ExportedResourceStore {
 public:
  explicit DocumentExportedResourceStore(TerminusSettings settings);
  ~DocumentExportedResourceStore() override;
  std::vector<compiler::ExportedResource> search(const std::string& environment,
                                                 const std::string& node, const std::string& type,
                                                 const compiler::ExportQuery* query) override;
  void replace(const std::string& environment, const std::string& node,
               const std::vector<catalog::Resource>& resources) override;

 private:
  DocumentStore& documents(const std::string& environment);

  TerminusSettings settings_;
  std::map<std::string, std::unique_ptr<DocumentStore>> by_environment_;
};

}  // namespace marionette::indirector
