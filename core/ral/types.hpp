#pragma once

#include <memory>
#include <string>

#include "ral/resource_type.hpp"

/// The built-in types' factories; each lives in its own file and is registered in
/// type_registry.cpp.
namespace marionette::ral {

std::unique_ptr<ManagedResource> make_file(const catalog::Resource&, Host, std::string& error);
std::unique_ptr<ManagedResource> make_exec(const catalog::Resource&, Host, std::string& error);
std::unique_ptr<ManagedResource> make_notify(const catalog::Resource&, Host, std::string& error);
std::unique_ptr<ManagedResource> make_package(const catalog::Resource&, Host, std::string& error);
std::unique_ptr<ManagedResource> make_group(const catalog::Resource&, Host, std::string& error);
std::unique_ptr<ManagedResource> make_service(const catalog::Resource&, Host, std::string& error);
std::unique_ptr<ManagedResource> make_user(const catalog::Resource&, Host, std::string& error);

}  // namespace marionette::ral
