#pragma once

#include <functional>
#include <string>

#include "catalog/catalog.hpp"

namespace marionette::cli {

/// A catalog as mgmt's YAML graph (its yamlgraph GraphConfig), translated as ffrank's
/// puppet-mgmtgraph face (`puppet mgmtgraph print`, 0.7) translated the relationship graph for
/// mgmt's puppet GAPI: `graph` (the node), `comment`, `resources` grouped by mgmt kind in the
/// order the graph first has each kind (file, exec, msg, pkg, svc, user, group; noop for the
/// whits of classes, defines and stages; pippet for every resource mgmt cannot run natively,
/// which mgmt hands to a `yamlresource receive` process), and `edges` as {name, from, to},
/// from and to naming a resource by kind and name. Problems of translation are logged through
/// `log(level, message)` as the face logs them.
std::string mgmt_yaml(const catalog::Catalog& catalog,
                      const std::function<void(const std::string&, const std::string&)>& log);

}  // namespace marionette::cli
