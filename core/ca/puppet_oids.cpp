#include "ca/puppet_oids.hpp"

#include <utility>
#include <vector>

namespace marionette::ca {

namespace {

const std::vector<std::pair<const char*, const char*>>& registered() {
  static const std::vector<std::pair<const char*, const char*>> names = {
      {"1.3.6.1.4.1.34380.1.1.1", "pp_uuid"},
      {"1.3.6.1.4.1.34380.1.1.2", "pp_instance_id"},
      {"1.3.6.1.4.1.34380.1.1.3", "pp_image_name"},
      {"1.3.6.1.4.1.34380.1.1.4", "pp_preshared_key"},
      {"1.3.6.1.4.1.34380.1.1.5", "pp_cost_center"},
      {"1.3.6.1.4.1.34380.1.1.6", "pp_product"},
      {"1.3.6.1.4.1.34380.1.1.7", "pp_project"},
      {"1.3.6.1.4.1.34380.1.1.8", "pp_application"},
      {"1.3.6.1.4.1.34380.1.1.9", "pp_service"},
      {"1.3.6.1.4.1.34380.1.1.10", "pp_employee"},
      {"1.3.6.1.4.1.34380.1.1.11", "pp_created_by"},
      {"1.3.6.1.4.1.34380.1.1.12", "pp_environment"},
      {"1.3.6.1.4.1.34380.1.1.13", "pp_role"},
      {"1.3.6.1.4.1.34380.1.1.14", "pp_software_version"},
      {"1.3.6.1.4.1.34380.1.1.15", "pp_department"},
      {"1.3.6.1.4.1.34380.1.1.16", "pp_cluster"},
      {"1.3.6.1.4.1.34380.1.1.17", "pp_provisioner"},
      {"1.3.6.1.4.1.34380.1.1.18", "pp_region"},
      {"1.3.6.1.4.1.34380.1.1.19", "pp_datacenter"},
      {"1.3.6.1.4.1.34380.1.1.20", "pp_zone"},
      {"1.3.6.1.4.1.34380.1.1.21", "pp_network"},
      {"1.3.6.1.4.1.34380.1.1.22", "pp_securitypolicy"},
      {"1.3.6.1.4.1.34380.1.1.23", "pp_cloudplatform"},
      {"1.3.6.1.4.1.34380.1.1.24", "pp_apptier"},
      {"1.3.6.1.4.1.34380.1.1.25", "pp_hostname"},
      {"1.3.6.1.4.1.34380.1.3.1", "pp_authorization"},
      {"1.3.6.1.4.1.34380.1.3.13", "pp_auth_role"},
      {"1.3.6.1.4.1.34380.1.3.39", "pp_cli_auth"},
  };
  return names;
}

}  // namespace

const char* puppet_extension_name(const std::string& oid) {
  for (const auto& [number, name] : registered())
    if (oid == number) return name;
  return nullptr;
}

std::optional<std::string> puppet_extension_oid(const std::string& name) {
  for (const auto& [number, short_name] : registered())
    if (name == short_name) return number;
  return std::nullopt;
}

}  // namespace marionette::ca
