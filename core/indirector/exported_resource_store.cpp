#include "indirector/exported_resource_store.hpp"

#include <stdexcept>

#include "indirector/document_store.hpp"

namespace marionette::indirector {

DocumentExportedResourceStore::DocumentExportedResourceStore(TerminusSettings settings)
    : settings_(std::move(settings)) {}

DocumentExportedResourceStore::~DocumentExportedResourceStore() = default;

DocumentStore& DocumentExportedResourceStore::documents(const std::string& environment) {
  check_key(environment);
  std::unique_ptr<DocumentStore>& store = by_environment_[environment];
  if (!store) {
    if (settings_.redis)
      store = std::make_unique<RedisDocumentStore>(settings_, "exported:" + environment);
    else
      store = std::make_unique<FileDocumentStore>(settings_.statedir / "exported" / environment,
                                                  "json");
  }
  return *store;
}

std::vector<compiler::ExportedResource> DocumentExportedResourceStore::search(
    const std::string& environment, const std::string& node, const std::string& type,
    const compiler::ExportQuery* query) {
  DocumentStore& store = documents(environment);
  std::vector<compiler::ExportedResource> out;
  for (const std::string& certname : store.keys()) {
    if (certname == node) continue;
    std::optional<std::string> text = store.get(certname);
    if (!text) continue;  // replaced by nothing meanwhile
    try {
      compiler::append_matching(certname, compiler::exported_resources_from_json(*text), type,
                                query, out);
    } catch (const std::runtime_error& e) {
      throw std::runtime_error("the exported resources of " + certname + ": " + e.what());
    }
  }
  return out;
}

void DocumentExportedResourceStore::replace(const std::string& environment, const std::string& node,
                                            const std::vector<catalog::Resource>& resources) {
  DocumentStore& store = documents(environment);
  if (resources.empty()) {
    if (store.get(node)) store.remove(node);
    return;
  }
  store.put(node, compiler::exported_resources_to_json(resources));
}

}  // namespace marionette::indirector
