#pragma once

#include <memory>
#include <string>
#include <utility>

#include "ral/resource_type.hpp"

namespace marionette::ral {

/// The managed resource of a type that first reads a catalog resource's attributes into its
/// Spec (cron, host, mount, ini_setting, ...): `read` refuses them with `error` set (then
/// nullptr), else the Resource is made from the Spec.
template <class Spec, class Resource>
std::unique_ptr<ManagedResource> made_from_spec(const catalog::Resource& resource, Host host,
                                                std::string& error,
                                                bool (*read)(const catalog::Resource&, Spec&,
                                                             std::string&)) {
  Spec spec;
  if (!read(resource, spec, error)) return nullptr;
  return std::make_unique<Resource>(std::move(spec), host);
}

}  // namespace marionette::ral
