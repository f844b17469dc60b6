#include <algorithm>
#include <vector>

#include "ral/resource_type.hpp"
#include "ral/types.hpp"

namespace marionette::ral {

namespace {

const std::vector<TypeDefinition>& registry() {
  static const std::vector<TypeDefinition> types = {
      {"anchor", make_anchor, nullptr},
      {"augeas", make_augeas, augeas_instances},
      {"file_line", make_file_line, nullptr},
      {"ini_setting", make_ini_setting, nullptr},
      {"ini_subsetting", make_ini_subsetting, nullptr},
      {"alternatives", make_alternatives, alternatives_instances},
      {"alternative_entry", make_alternative_entry, alternative_entry_instances},
      {"concat_file", make_concat_file, nullptr},
      {"concat_fragment", make_concat_fragment, nullptr},
      {"cron", make_cron, cron_instances},
      {"exec", make_exec, nullptr},
      {"file", make_file, nullptr},
      {"group", make_group, group_instances},
      {"host", make_host, host_instances},
      {"mailalias", make_mailalias, mailalias_instances},
      {"mount", make_mount, mount_instances},
      {"ssh_authorized_key", make_ssh_authorized_key, nullptr},
      {"sshkey", make_sshkey, sshkey_instances},
      {"notify", make_notify, nullptr},
      {"package", make_package, package_instances},
      {"service", make_service, service_instances},
      {"user", make_user, user_instances},
  };
  return types;
}

}  // namespace

const TypeDefinition* find_type(std::string_view name) {
  const auto& types = registry();
  auto found = std::find_if(types.begin(), types.end(),
                            [&](const TypeDefinition& type) { return type.name == name; });
  return found == types.end() ? nullptr : &*found;
}

std::vector<std::string> type_names() {
  std::vector<std::string> names;
  for (const auto& type : registry()) names.push_back(type.name);
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace marionette::ral
