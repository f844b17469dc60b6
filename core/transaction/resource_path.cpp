#include "transaction/resource_path.hpp"

namespace marionette::transaction {

namespace {

std::string segment(const catalog::Resource& resource, bool container) {
  std::string type = canonical_type(resource.type);
  if (container && type == "Class") return canonical_type(resource.title);
  return type + "[" + resource.title + "]";
}

}  // namespace

std::string resource_path(const catalog::Catalog& catalog, const RelationshipGraph& graph,
                          std::size_t resource) {
  std::string path;
  for (std::size_t container : graph.containers_of(resource)) {
    path += "/" + segment(catalog.resources[container], true);
  }
  return path + "/" + segment(catalog.resources[resource], graph.is_container(resource));
}

}  // namespace marionette::transaction
