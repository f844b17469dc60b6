#include "compiler/known_types.hpp"

#include <initializer_list>
#include <iterator>
#include <unordered_map>
#include <unordered_set>

namespace marionette::compiler {

namespace {

struct TypeAttributes {
  std::string_view type;
  std::initializer_list<std::string_view> attributes;  ///< empty: not listed, all accepted
};

// The core types of Puppet 7 and, for the common ones, their parameters and properties.
const TypeAttributes kTypes[] = {
    {"augeas",
     {"name", "context", "onlyif", "changes", "root", "load_path", "force", "type_check", "lens",
      "incl", "show_diff", "returns", "provider"}},
    {"cron",
     {"name", "ensure", "command", "environment", "hour", "minute", "month", "monthday", "provider",
      "special", "target", "user", "weekday"}},
    {"exec",
     {"command", "creates", "cwd", "environment", "group", "logoutput", "onlyif", "path",
      "provider", "refresh", "refreshonly", "returns", "timeout", "tries", "try_sleep", "umask",
      "unless", "user"}},
    {"file",
     {"path",
      "ensure",
      "backup",
      "checksum",
      "checksum_value",
      "content",
      "ctime",
      "force",
      "group",
      "ignore",
      "links",
      "mode",
      "mtime",
      "owner",
      "provider",
      "purge",
      "recurse",
      "recurselimit",
      "replace",
      "selinux_ignore_defaults",
      "selrange",
      "selrole",
      "seltype",
      "seluser",
      "show_diff",
      "source",
      "source_permissions",
      "sourceselect",
      "target",
      "type",
      "validate_cmd",
      "validate_replacement",
      "max_files"}},
    {"filebucket", {}},
    {"group",
     {"name", "ensure", "allowdupe", "attribute_membership", "attributes", "auth_membership",
      "forcelocal", "gid", "ia_load_module", "members", "provider", "system"}},
    {"host", {"name", "ensure", "comment", "host_aliases", "ip", "provider", "target"}},
    {"mailalias", {"name", "ensure", "file", "provider", "recipient", "target"}},
    {"mount",
     {"name", "ensure", "atboot", "blockdevice", "device", "dump", "fstype", "options", "pass",
      "provider", "remounts", "target"}},
    {"notify", {"name", "message", "withpath"}},
    {"package",
     {"name",
      "ensure",
      "adminfile",
      "allow_virtual",
      "allowcdrom",
      "category",
      "command",
      "configfiles",
      "description",
      "enable_only",
      "flavor",
      "install_only",
      "install_options",
      "instance",
      "mark",
      "package_settings",
      "platform",
      "provider",
      "reinstall_on_refresh",
      "responsefile",
      "root",
      "source",
      "status",
      "uninstall_options",
      "vendor"}},
    {"resources", {"name", "purge", "unless_system_user", "unless_uid"}},
    {"schedule", {}},
    {"selboolean", {}},
    {"selmodule", {}},
    {"service",
     {"name", "ensure", "binary", "control", "enable", "flags", "hasrestart", "hasstatus",
      "logonaccount", "logonpassword", "manifest", "path", "pattern", "provider", "restart",
      "start", "status", "stop", "timeout"}},
    {"ssh_authorized_key", {}},
    {"sshkey", {}},
    {"stage", {"name"}},
    {"tidy", {}},
    {"user",
     {"name",
      "ensure",
      "allowdupe",
      "attribute_membership",
      "attributes",
      "auth_membership",
      "auths",
      "comment",
      "expiry",
      "forcelocal",
      "gid",
      "groups",
      "home",
      "ia_load_module",
      "iterations",
      "key_membership",
      "keys",
      "loginclass",
      "managehome",
      "membership",
      "password",
      "password_max_age",
      "password_min_age",
      "password_warn_days",
      "profile_membership",
      "profiles",
      "project",
      "provider",
      "purge_ssh_keys",
      "role_membership",
      "roles",
      "salt",
      "shell",
      "system",
      "uid"}},
    {"whit", {}},
    {"yumrepo", {}},
    {"zfs", {}},
    {"zone", {}},
    {"zpool", {}},
};

constexpr std::string_view kMetaparameters[] = {"alias", "audit",     "before",  "loglevel",
                                                "noop",  "notify",    "require", "schedule",
                                                "stage", "subscribe", "tag"};

/// The table above, indexed: a type's attributes as a set (looked up once per parameter of
/// every resource of the catalog).
struct TypeIndex {
  struct Entry {
    bool lists_attributes;
    std::unordered_set<std::string_view> attributes;
  };
  std::unordered_map<std::string_view, Entry> types;
  std::unordered_set<std::string_view> metaparameters{std::begin(kMetaparameters),
                                                      std::end(kMetaparameters)};

  TypeIndex() {
    for (const TypeAttributes& type : kTypes)
      types.emplace(type.type, Entry{type.attributes.size() > 0,
                                     {type.attributes.begin(), type.attributes.end()}});
  }
};

const TypeIndex& type_index() {
  static const TypeIndex index;
  return index;
}

}  // namespace

bool is_builtin_type(std::string_view name) {
  return type_index().types.count(name) > 0;
}

bool is_metaparameter(std::string_view name) {
  return type_index().metaparameters.count(name) > 0;
}

bool accepts_attribute(std::string_view type, std::string_view attribute) {
  return AttributeCheck(type).accepts(attribute);
}

AttributeCheck::AttributeCheck(std::string_view type) : entry_(nullptr) {
  const TypeIndex& index = type_index();
  auto found = index.types.find(type);
  if (found != index.types.end() && found->second.lists_attributes) entry_ = &found->second;
}

bool AttributeCheck::accepts(std::string_view attribute) const {
  if (!entry_) return true;
  const auto& entry = *static_cast<const TypeIndex::Entry*>(entry_);
  return entry.attributes.count(attribute) > 0 || type_index().metaparameters.count(attribute) > 0;
}

}  // namespace marionette::compiler
