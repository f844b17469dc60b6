#include "indirector/exported_resource_store.hpp"

#include <stdexcept>

#include "indirector/document_store.hpp"

namespace marionette::indirector {

DocumentExportedResourceStore::DocumentExportedResourceStore(TerminusSettings settings,
                                                             compiler::PuppetDbQueries* node_states)
    : settings_(std::move(settings)), node_states_(node_states) {}

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
  std::set<std::string> found;
  for (const compiler::ExportedResource& resource : out) found.insert(resource.certname);
  const std::set<std::string> inactive = inactive_among(found);
  if (!inactive.empty())
    std::erase_if(out, [&](const compiler::ExportedResource& resource) {
      return inactive.count(resource.certname) > 0;
    });
  return out;
}

std::set<std::string> DocumentExportedResourceStore::inactive_among(
    const std::set<std::string>& certnames) {
  std::set<std::string> inactive;
  if (!node_states_ || certnames.empty()) return inactive;
  catalog::Data names = catalog::Data::array();
  for (const std::string& certname : certnames) names.push_back(certname);
  const catalog::Data query = catalog::Data::array(
      {"from", "nodes",
       catalog::Data::array(
           {"extract", catalog::Data::array({"certname"}),
            catalog::Data::array(
                {"and", catalog::Data::array({"=", "node_state", "inactive"}),
                 catalog::Data::array(
                     {"in", "certname", catalog::Data::array({"array", names})})})})});
  try {
    for (const catalog::Data& row : node_states_->query(query))
      if (row.is_object() && row.contains("certname") && row["certname"].is_string())
        inactive.insert(row["certname"].get<std::string>());
  } catch (const std::exception&) {
    // The collectors' store answered; PuppetDB's data is only asked which of its nodes to hide.
  }
  return inactive;
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
