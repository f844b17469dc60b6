#include "indirector/routes.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <fstream>
#include <memory>
#include <sstream>

#include "indirector/error.hpp"
#include "indirector/registry.hpp"
#include "lang/diagnostic.hpp"
#include "text/text.hpp"

namespace marionette::indirector {

namespace {

using File = std::shared_ptr<const lang::SourceFile>;

[[noreturn]] void fail_at(const File& file, const YAML::Mark& mark, std::size_t length,
                          const std::string& message) {
  throw Error(lang::render_error_at(file, mark.line, mark.column, length, message));
}

std::size_t width(const YAML::Node& node) {
  return node.IsScalar() ? node.Scalar().size() : 1;
}

std::string terminus_at(const File& file, const YAML::Node& node, const std::string& model,
                        const char* role) {
  if (!node.IsScalar() || node.Scalar().empty())
    fail_at(file, node.Mark(), 1, "the " + model + " " + role + " must be a terminus name");
  const std::vector<std::string> known = terminus_names(model);
  const std::string name = node.Scalar();
  if (std::find(known.begin(), known.end(), name) == known.end())
    fail_at(
        file, node.Mark(), name.size(),
        "unknown " + model + " terminus '" + name + "' (known: " + text::joined(known, ", ") + ")");
  return name;
}

Route route_at(const File& file, const YAML::Node& node, const std::string& model, Route route) {
  if (!node.IsMap())
    fail_at(file, node.Mark(), width(node),
            "the " + model + " route must be a mapping with a terminus and an optional cache");
  bool has_terminus = false;
  for (const auto& entry : node) {
    const std::string key = entry.first.Scalar();
    if (key == "terminus") {
      route.terminus = terminus_at(file, entry.second, model, "terminus");
      has_terminus = true;
    } else if (key == "cache") {
      if (entry.second.IsNull() || (entry.second.IsScalar() && entry.second.Scalar().empty()))
        route.cache.reset();
      else
        route.cache = terminus_at(file, entry.second, model, "cache");
    } else if (key == "command" && model == "node") {
      if (!entry.second.IsScalar() || entry.second.Scalar().empty())
        fail_at(file, entry.second.Mark(), width(entry.second),
                "the node command must be a command line");
      route.command = entry.second.Scalar();
    } else {
      fail_at(file, entry.first.Mark(), key.size(),
              "unknown key '" + key + "' in the " + model + " route (known: terminus, cache" +
                  (model == "node" ? ", command)" : ")"));
    }
  }
  if (!has_terminus) fail_at(file, node.Mark(), 1, "the " + model + " route has no terminus");
  if (route.terminus == "exec" && !route.command)
    fail_at(file, node.Mark(), 1, "the node terminus 'exec' needs a command (the classifier)");
  return route;
}

Routes routes_at(const File& file, const YAML::Node& node, const std::string& application,
                 Routes routes) {
  if (!node.IsMap())
    fail_at(file, node.Mark(), width(node),
            "the routes of '" + application + "' must be a mapping of models to routes");
  for (const auto& entry : node) {
    const std::string model = entry.first.Scalar();
    Route* route = model == "facts"     ? &routes.facts
                   : model == "node"    ? &routes.node
                   : model == "catalog" ? &routes.catalog
                   : model == "report"  ? &routes.report
                                        : nullptr;
    if (!route)
      fail_at(file, entry.first.Mark(), model.size(),
              "unknown model '" + model + "' (known: facts, node, catalog, report)");
    *route = route_at(file, entry.second, model, *route);
  }
  return routes;
}

}  // namespace

Routes default_routes(bool facts_file_given, const std::string& application) {
  Routes routes;
  routes.facts.terminus = facts_file_given ? "yaml" : "native";
  routes.node.terminus = "plain";
  routes.catalog.terminus = "compiler";
  if (application == "agent") routes.catalog.cache = "json";
  routes.report.terminus = "yaml";
  return routes;
}

Routes load_routes(const std::filesystem::path& path, const std::string& application,
                   bool facts_file_given) {
  std::ifstream in(path);
  if (!in) throw Error(path.string() + ": error: cannot read the routes file");
  std::stringstream text;
  text << in.rdbuf();
  auto file = std::make_shared<lang::SourceFile>(lang::SourceFile{path.string(), text.str()});
  YAML::Node root;
  try {
    root = YAML::Load(file->text);
  } catch (const YAML::ParserException& e) {
    fail_at(file, e.mark, 1, "not valid YAML: " + e.msg);
  }
  const Routes defaults = default_routes(facts_file_given, application);
  if (root.IsNull()) return defaults;
  if (!root.IsMap())
    fail_at(file, root.Mark(), 1, "the routes file must be a mapping of applications to routes");
  Routes chosen = defaults;
  for (const auto& entry : root) {
    Routes routes = routes_at(file, entry.second, entry.first.Scalar(), defaults);
    if (entry.first.Scalar() == application) chosen = routes;
  }
  return chosen;
}

}  // namespace marionette::indirector
