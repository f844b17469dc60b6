#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace marionette::catalog {

/// Parameter values as they stand in a catalog: plain data (string, number, boolean, array,
/// hash, null), key order kept as Puppet prints it.
using Data = nlohmann::ordered_json;

/// One resource of a catalog, in Puppet's catalog_format 2 shape.
struct Resource {
  std::string type;   ///< capitalised segments: "File", "Class", "Apache::Vhost"
  std::string title;  ///< "main", "Settings", "App::Web" for classes; "/etc/motd" for a file
  std::vector<std::string> tags;
  std::optional<std::string> file;
  std::optional<int> line;
  bool exported = false;
  std::string kind = "compilable_type";  ///< compilable_type | defined_type | class | unknown
  Data parameters = Data::object();      ///< omitted from JSON when empty
  /// Parameters whose values were Sensitive; omitted from JSON when empty.
  std::vector<std::string> sensitive_parameters;

  /// "Type[title]", the form used in edges and relationship parameters.
  std::string ref() const { return type + "[" + title + "]"; }
};

/// A containment edge: the source contains the target.
struct Edge {
  std::string source;
  std::string target;
};

/// A compiled catalog: the resources, their containment edges and the classes evaluated.
struct Catalog {
  std::vector<std::string> tags;
  std::string name;
  std::int64_t version = 0;
  std::optional<std::string> code_id;
  std::string catalog_uuid;
  std::string environment = "production";
  std::vector<Resource> resources;
  std::vector<Edge> edges;
  std::vector<std::string> classes;

  const Resource* find(std::string_view ref) const;
};

/// A catalog document that cannot be read: says what is wrong and where in the document.
class CatalogError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Puppet's JSON (catalog_format 2), one line, as `puppet catalog find --render-as json` prints.
std::string to_json(const Catalog& catalog);

/// Reads a catalog in Puppet's JSON format (ours or real Puppet's). Throws CatalogError.
Catalog from_json(std::string_view text);

/// A random (version 4) UUID for catalog_uuid.
std::string new_catalog_uuid();

}  // namespace marionette::catalog
