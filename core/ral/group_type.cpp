#include "ral/account_command.hpp"
#include "ral/params.hpp"
#include "ral/resource_type.hpp"
#include "ral/types.hpp"

namespace marionette::ral {

namespace {

struct GroupSpec {
  std::string name;
  bool present = true;
  std::optional<gid_t> gid;
};

/// Puppet's group type with the groupadd provider.
class GroupResource final : public ManagedResource {
 public:
  GroupResource(GroupSpec spec, Host host) : spec_(std::move(spec)), host_(host) {}

  void evaluate(ResourceContext& context) override {
    std::optional<gid_t> gid = host_.accounts->group_id(spec_.name);
    if (!spec_.present) {
      if (!gid) return;
      return change_account(context, *host_.commands, "ensure", "group_removed", "'present'",
                            "'absent'", "removed", {"/usr/sbin/groupdel", spec_.name});
    }
    if (!gid) {
      std::vector<std::string> argv = {"/usr/sbin/groupadd"};
      if (spec_.gid) argv.insert(argv.end(), {"-g", std::to_string(*spec_.gid)});
      argv.push_back(spec_.name);
      return change_account(context, *host_.commands, "ensure", "group_created", "'absent'",
                            "'present'", "created", argv);
    }
    if (spec_.gid && *spec_.gid != *gid) {
      const std::string is = std::to_string(*gid);
      const std::string should = std::to_string(*spec_.gid);
      change_account(context, *host_.commands, "gid", "gid_changed", is, should,
                     "gid changed " + is + " to " + should,
                     {"/usr/sbin/groupmod", "-g", should, spec_.name});
    }
  }

  std::string identity() const override { return spec_.name; }

  std::vector<std::pair<std::string, std::string>> describe() override {
    std::optional<gid_t> gid = host_.accounts->group_id(spec_.name);
    if (!gid) return {{"ensure", "'absent'"}};
    return {{"ensure", "'present'"}, {"gid", std::to_string(*gid)}, {"provider", "'groupadd'"}};
  }

 private:
  GroupSpec spec_;
  Host host_;
};

}  // namespace

std::unique_ptr<ManagedResource> make_group(const catalog::Resource& resource, Host host,
                                            std::string& error) {
  GroupSpec spec;
  spec.name = params::text(resource, "name").value_or(resource.title);
  std::string ensure = params::text(resource, "ensure").value_or("present");
  if (ensure != "present" && ensure != "absent") {
    error = "Parameter ensure failed on " + resource.ref() + ": Invalid value \"" + ensure +
            "\". Valid values are present, absent.";
    return nullptr;
  }
  spec.present = ensure == "present";
  if (auto gid = params::text(resource, "gid")) {
    try {
      spec.gid = static_cast<gid_t>(std::stoul(*gid));
    } catch (const std::exception&) {
      error = "Parameter gid failed on " + resource.ref() + ": Invalid GID " + *gid;
      return nullptr;
    }
  }
  return std::make_unique<GroupResource>(std::move(spec), host);
}

Provider group_type_provider() {
  return {make_group, group_instances};
}

}  // namespace marionette::ral
