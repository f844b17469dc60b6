#pragma once

#include <functional>
#include <string>

#include "catalog/catalog.hpp"
#include "compiler/value.hpp"

namespace marionette::cli::mgmt {

/// One resource as the puppet-mgmtgraph face translated it for mgmt: its mgmt kind (file,
/// exec, msg, pkg, svc, user, group, or pippet), its fields in the face's order and the name
/// edges use. A resource of a type mgmt lacks, or one whose attributes a translation cannot
/// carry, becomes a pippet node (type, title, its attributes as params) for mgmt to hand to
/// `yamlresource receive`; why is logged through `log(level, message)` as the face logs it.
struct Translated {
  std::string kind;
  compiler::Hash fields;
  std::string name;
};

using Log = std::function<void(const std::string&, const std::string&)>;

Translated translate(const catalog::Resource& resource, const std::string& ref, const Log& log);

}  // namespace marionette::cli::mgmt
