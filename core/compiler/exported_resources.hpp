#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "catalog/catalog.hpp"

namespace marionette::compiler {

/// A resource a node exported (`@@type { … }`), as its catalog holds it for storeconfigs:
/// type, title, tags, file, line, parameters.
struct ExportedResource {
  std::string certname;  ///< the node that exported it
  catalog::Resource resource;
};

/// An exported collector's query (`<<| tag == 'x' and title != 'y' |>>`) as the store matches
/// it, PuppetDB's way: `==` is exact (no case folding, no coercion; a parameter that is an array
/// matches when one of its elements does), tags are compared lower-cased, `!=` is "not ==" (a
/// resource without the parameter matches it).
struct ExportQuery {
  enum class Op { Equal, NotEqual, And, Or };
  Op op = Op::Equal;
  std::string field;  ///< Equal/NotEqual: "title", "tag" or a parameter's name
  catalog::Data value;
  std::unique_ptr<ExportQuery> left, right;  ///< And/Or
};

/// Whether the resource matches the query (nullptr: every resource does).
bool matches(const ExportQuery* query, const catalog::Resource& resource);

/// Where the exported resources of a fleet are kept (Puppet's storeconfigs, PuppetDB's role).
/// Implementations are used by one compile (or one request) at a time.
class ExportedResourceStore {
 public:
  virtual ~ExportedResourceStore() = default;
  /// The compiler's side: the resources of `type` ("Host", "Apache::Vhost") exported in
  /// `environment` by every node but `node` that match `query`, in the order of their nodes'
  /// names then as each node exported them. Throws std::runtime_error when the store fails.
  virtual std::vector<ExportedResource> search(const std::string& environment,
                                               const std::string& node, const std::string& type,
                                               const ExportQuery* query) = 0;
  /// The server's side: `node`'s exported resources in `environment` become these (its last
  /// compile's), replacing what it exported before.
  virtual void replace(const std::string& environment, const std::string& node,
                       const std::vector<catalog::Resource>& resources) = 0;
};

/// A store in this process's memory, shared by the compiles that are given it (thread-safe):
/// for masterless tests and a single server.
class MemoryExportedResourceStore : public ExportedResourceStore {
 public:
  std::vector<ExportedResource> search(const std::string& environment, const std::string& node,
                                       const std::string& type, const ExportQuery* query) override;
  void replace(const std::string& environment, const std::string& node,
               const std::vector<catalog::Resource>& resources) override;
  /// What `node` exported in `environment`.
  std::vector<catalog::Resource> resources_of(const std::string& environment,
                                              const std::string& node);

 private:
  std::mutex mutex_;
  /// environment -> node -> its resources, nodes in name order.
  std::unordered_map<std::string, std::map<std::string, std::vector<catalog::Resource>>> nodes_;
};

/// One node's exported resources as the stores keep them: a JSON array of catalog resources
/// (Puppet's catalog_format 2 entries, "exported": true).
std::string exported_resources_to_json(const std::vector<catalog::Resource>& resources);
/// Throws std::runtime_error when the text is not such an array.
std::vector<catalog::Resource> exported_resources_from_json(const std::string& text);

/// The search a store answers from its nodes' documents: `type`'s resources of every node but
/// `node` that match the query.
void append_matching(const std::string& certname, const std::vector<catalog::Resource>& resources,
                     const std::string& type, const ExportQuery* query,
                     std::vector<ExportedResource>& out);

}  // namespace marionette::compiler
