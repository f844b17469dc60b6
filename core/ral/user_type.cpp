#include <algorithm>
#include <cctype>

#include "ral/account_command.hpp"
#include "ral/params.hpp"
#include "ral/resource_type.hpp"
#include "ral/types.hpp"
#include "text/text.hpp"

namespace marionette::ral {

namespace {

struct UserSpec {
  std::string name;
  bool present = true;
  std::optional<uid_t> uid;
  std::optional<std::string> gid;  ///< a group name or a numeric id
  std::optional<std::string> home, shell, comment;
  std::optional<std::vector<std::string>> groups;  ///< supplementary groups (minimum membership)
  bool managehome = false;
};

/// Puppet's user type with the useradd provider: ensure, home, uid, gid, comment, shell, groups.
class UserResource final : public ManagedResource {
 public:
  UserResource(UserSpec spec, Host host) : spec_(std::move(spec)), host_(host) {}

  void evaluate(ResourceContext& context) override {
    std::optional<UserEntry> entry = host_.accounts->user(spec_.name);
    if (!spec_.present) {
      if (!entry) return;
      std::vector<std::string> argv = {"/usr/sbin/userdel"};
      if (spec_.managehome) argv.push_back("-r");
      argv.push_back(spec_.name);
      return change_account(context, *host_.commands, "ensure", "user_removed", "'present'",
                            "'absent'", "removed", argv);
    }
    if (!entry) return create(context);

    if (spec_.home && *spec_.home != entry->home) {
      modify(context, "home", single_quoted(entry->home), single_quoted(*spec_.home),
             {"-d", *spec_.home});
    }
    if (spec_.uid && *spec_.uid != entry->uid) {
      modify(context, "uid", std::to_string(entry->uid), std::to_string(*spec_.uid),
             {"-u", std::to_string(*spec_.uid)});
    }
    if (spec_.gid) {
      std::optional<gid_t> gid = group_id(*spec_.gid);
      if (!gid) {
        context.change_failed("gid", std::to_string(entry->gid), *spec_.gid,
                              "Could not find group " + *spec_.gid);
      } else if (*gid != entry->gid) {
        modify(context, "gid", std::to_string(entry->gid), std::to_string(*gid),
               {"-g", std::to_string(*gid)});
      }
    }
    if (spec_.comment && *spec_.comment != entry->comment) {
      modify(context, "comment", single_quoted(entry->comment), single_quoted(*spec_.comment),
             {"-c", *spec_.comment});
    }
    if (spec_.shell && *spec_.shell != entry->shell) {
      modify(context, "shell", single_quoted(entry->shell), single_quoted(*spec_.shell),
             {"-s", *spec_.shell});
    }
    if (spec_.groups) sync_groups(context);
  }

  std::string identity() const override { return spec_.name; }

  std::vector<std::pair<std::string, std::string>> describe() override {
    std::optional<UserEntry> entry = host_.accounts->user(spec_.name);
    if (!entry) return {{"ensure", "'absent'"}};
    return {{"ensure", "'present'"},
            {"comment", single_quoted(entry->comment)},
            {"gid", std::to_string(entry->gid)},
            {"home", single_quoted(entry->home)},
            {"provider", "'useradd'"},
            {"shell", single_quoted(entry->shell)},
            {"uid", std::to_string(entry->uid)}};
  }

 private:
  std::optional<gid_t> group_id(const std::string& group) {
    if (text::all_digits(group)) return static_cast<gid_t>(std::stoul(group));
    return host_.accounts->group_id(group);
  }

  void create(ResourceContext& context) {
    std::vector<std::string> argv = {"/usr/sbin/useradd"};
    if (spec_.uid) argv.insert(argv.end(), {"-u", std::to_string(*spec_.uid)});
    if (spec_.gid) argv.insert(argv.end(), {"-g", *spec_.gid});
    if (spec_.home) argv.insert(argv.end(), {"-d", *spec_.home});
    if (spec_.comment) argv.insert(argv.end(), {"-c", *spec_.comment});
    if (spec_.shell) argv.insert(argv.end(), {"-s", *spec_.shell});
    if (spec_.groups && !spec_.groups->empty())
      argv.insert(argv.end(), {"-G", text::joined(*spec_.groups, ",")});
    argv.push_back(spec_.managehome ? "-m" : "-M");
    argv.push_back(spec_.name);
    change_account(context, *host_.commands, "ensure", "user_created", "'absent'", "'present'",
                   "created", argv);
  }

  /// Puppet's default membership => minimum: the listed groups are added, others are kept.
  void sync_groups(ResourceContext& context) {
    std::vector<std::string> current = host_.accounts->groups_of(spec_.name);
    std::vector<std::string> wanted = current;
    for (const auto& group : *spec_.groups) {
      if (std::find(wanted.begin(), wanted.end(), group) == wanted.end()) wanted.push_back(group);
    }
    if (wanted.size() == current.size()) return;
    std::sort(wanted.begin(), wanted.end());
    modify(context, "groups", single_quoted(text::joined(current, ",")),
           single_quoted(text::joined(wanted, ",")), {"-G", text::joined(wanted, ",")});
  }

  void modify(ResourceContext& context, const std::string& property, const std::string& is,
              const std::string& should, std::vector<std::string> options) {
    std::vector<std::string> argv = {"/usr/sbin/usermod"};
    argv.insert(argv.end(), options.begin(), options.end());
    argv.push_back(spec_.name);
    change_account(context, *host_.commands, property, property + "_changed", is, should,
                   property + " changed " + is + " to " + should, argv);
  }

  UserSpec spec_;
  Host host_;
};

}  // namespace

std::unique_ptr<ManagedResource> make_user(const catalog::Resource& resource, Host host,
                                           std::string& error) {
  UserSpec spec;
  spec.name = params::text(resource, "name").value_or(resource.title);
  std::string ensure = params::text(resource, "ensure").value_or("present");
  if (ensure != "present" && ensure != "absent") {
    error = "Parameter ensure failed on " + resource.ref() + ": Invalid value \"" + ensure +
            "\". Valid values are present, absent, role.";
    return nullptr;
  }
  spec.present = ensure == "present";
  if (auto uid = params::text(resource, "uid")) {
    if (!text::all_digits(*uid)) {
      error = "Parameter uid failed on " + resource.ref() + ": Invalid UID " + *uid;
      return nullptr;
    }
    spec.uid = static_cast<uid_t>(std::stoul(*uid));
  }
  spec.gid = params::text(resource, "gid");
  spec.home = params::text(resource, "home");
  spec.shell = params::text(resource, "shell");
  spec.comment = params::text(resource, "comment");
  if (resource.parameters.contains("groups")) spec.groups = params::texts(resource, "groups");
  spec.managehome = params::boolean(resource, "managehome").value_or(false);
  return std::make_unique<UserResource>(std::move(spec), host);
}

Provider user_type_provider() {
  return {make_user, user_instances};
}

}  // namespace marionette::ral
