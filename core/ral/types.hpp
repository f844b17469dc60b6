#pragma once

#include <memory>
#include <string>
#include <vector>

#include "ral/resource_type.hpp"

/// The built-in types' factories; each lives in its own file (NAME_type.cpp), which gives it
/// to the registry through its NAME_type_provider().
namespace marionette::ral {

/// What a type's provider file gives: each NAME_type.cpp defines `Provider NAME_type_provider()`,
/// and CMake lists them for the registry (type_registry.cpp), which pairs each with the type's
/// descriptor (resource_types/descriptor.hpp).
struct Provider {
  TypeFactory make;
  InstanceLister instances;  ///< used when the descriptor says the type lists instances
};

std::unique_ptr<ManagedResource> make_file(const catalog::Resource&, Host, std::string& error);
std::unique_ptr<ManagedResource> make_exec(const catalog::Resource&, Host, std::string& error);
std::unique_ptr<ManagedResource> make_notify(const catalog::Resource&, Host, std::string& error);
std::unique_ptr<ManagedResource> make_package(const catalog::Resource&, Host, std::string& error);
std::unique_ptr<ManagedResource> make_group(const catalog::Resource&, Host, std::string& error);
std::unique_ptr<ManagedResource> make_service(const catalog::Resource&, Host, std::string& error);
std::unique_ptr<ManagedResource> make_user(const catalog::Resource&, Host, std::string& error);
std::unique_ptr<ManagedResource> make_cron(const catalog::Resource&, Host, std::string& error);
std::unique_ptr<ManagedResource> make_host(const catalog::Resource&, Host, std::string& error);
std::unique_ptr<ManagedResource> make_anchor(const catalog::Resource&, Host, std::string& error);
std::unique_ptr<ManagedResource> make_file_line(const catalog::Resource&, Host, std::string& error);
std::unique_ptr<ManagedResource> make_mount(const catalog::Resource&, Host, std::string& error);
std::unique_ptr<ManagedResource> make_sshkey(const catalog::Resource&, Host, std::string& error);
std::unique_ptr<ManagedResource> make_ssh_authorized_key(const catalog::Resource&, Host,
                                                         std::string& error);
std::unique_ptr<ManagedResource> make_mailalias(const catalog::Resource&, Host, std::string& error);
std::unique_ptr<ManagedResource> make_ini_setting(const catalog::Resource&, Host, std::string& error);
std::unique_ptr<ManagedResource> make_augeas(const catalog::Resource&, Host, std::string& error);
std::unique_ptr<ManagedResource> make_ini_subsetting(const catalog::Resource&, Host,
                                                     std::string& error);
std::unique_ptr<ManagedResource> make_alternatives(const catalog::Resource&, Host,
                                                   std::string& error);
std::unique_ptr<ManagedResource> make_alternative_entry(const catalog::Resource&, Host,
                                                        std::string& error);
std::unique_ptr<ManagedResource> make_concat_file(const catalog::Resource&, Host, std::string& error);
std::unique_ptr<ManagedResource> make_concat_fragment(const catalog::Resource&, Host,
                                                      std::string& error);

/// The instances of the types that can list them (ral/instances.cpp), sorted by title.
std::vector<std::string> user_instances(Host host, std::string& error);
std::vector<std::string> group_instances(Host host, std::string& error);
std::vector<std::string> package_instances(Host host, std::string& error);
std::vector<std::string> service_instances(Host host, std::string& error);
std::vector<std::string> cron_instances(Host host, std::string& error);  // ral/cron_type.cpp
std::vector<std::string> host_instances(Host host, std::string& error);  // ral/host_type.cpp
/// Fails with Puppet's words: the augeas provider cannot list instances (ral/augeas_type.cpp).
std::vector<std::string> augeas_instances(Host host, std::string& error);
std::vector<std::string> alternatives_instances(Host host, std::string& error);
std::vector<std::string> alternative_entry_instances(Host host, std::string& error);
std::vector<std::string> mount_instances(Host host, std::string& error);
std::vector<std::string> sshkey_instances(Host host, std::string& error);
std::vector<std::string> mailalias_instances(Host host, std::string& error);

}  // namespace marionette::ral
