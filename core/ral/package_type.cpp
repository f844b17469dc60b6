#include <memory>

#include "ral/package_inventory.hpp"
#include "ral/params.hpp"
#include "ral/resource_type.hpp"
#include "ral/types.hpp"

namespace marionette::ral {

namespace {

struct PackageSpec {
  std::string name;
  std::string ensure = "present";     ///< present, absent, purged, latest, or a version
  std::string provider = "apt";       ///< apt or dpkg
  std::optional<std::string> source;  ///< a .deb to install with dpkg
};

/// Puppet's package type with the apt and dpkg providers, states from one dpkg-query per run.
class PackageResource final : public ManagedResource {
 public:
  PackageResource(PackageSpec spec, Host host)
      : spec_(std::move(spec)), host_(host), inventory_(PackageInventory::shared(*host.commands)) {}

  void evaluate(ResourceContext& context) override {
    std::string error;
    std::optional<InstalledPackage> installed = inventory_->find(spec_.name, error);
    if (!error.empty()) return context.evaluation_failed(error);
    const bool is_installed = installed && installed->status == "installed";
    // Puppet's dpkg provider: not installed is 'purged'; removed with its configuration, 'absent'.
    const std::string is = is_installed ? installed->version : installed ? "absent" : "purged";

    std::string should = spec_.ensure;
    if (should == "latest") {
      std::optional<std::string> candidate = latest_version(error);
      if (!candidate) return context.evaluation_failed(error);
      should = *candidate;
    }
    if (in_sync(is_installed, installed, should)) return;

    if (context.noop()) {
      return context.would_change("ensure", event_name(should), single_quoted(is),
                                  single_quoted(spec_.ensure));
    }
    if (std::optional<std::string> failure = sync(should)) {
      return context.change_failed("ensure", single_quoted(is), single_quoted(spec_.ensure),
                                   "Could not set '" + spec_.ensure + "' on ensure: " + *failure);
    }
    inventory_->invalidate();
    context.changed("ensure", event_name(should), change_message(is, is_installed, should), is,
                    spec_.ensure);
  }

  std::string identity() const override { return spec_.name; }

  std::vector<std::pair<std::string, std::string>> describe() override {
    std::string error;
    std::optional<InstalledPackage> installed = inventory_->find(spec_.name, error);
    std::string ensure = !installed                         ? "purged"
                         : installed->status == "installed" ? installed->version
                                                            : "absent";
    return {{"ensure", single_quoted(ensure)}, {"provider", single_quoted(spec_.provider)}};
  }

 private:
  bool in_sync(bool is_installed, const std::optional<InstalledPackage>& installed,
               const std::string& should) const {
    if (should == "present" || should == "installed") return is_installed;
    if (should == "absent") return !is_installed;
    if (should == "purged") return !installed;
    return is_installed && installed->version == should;  // a version, or latest's candidate
  }

  static std::string event_name(const std::string& should) {
    if (should == "absent" || should == "purged") return "package_removed";
    return "package_installed";
  }

  std::string change_message(const std::string& is, bool was_installed,
                             const std::string& should) const {
    if (should == "absent" || should == "purged") return "removed";
    if (!was_installed) return "created";
    return "ensure changed " + single_quoted(is) + " to " + single_quoted(should);
  }

  CommandResult run(std::vector<std::string> argv) {
    CommandRequest request;
    request.argv = std::move(argv);
    request.environment["PATH"] = "/usr/sbin:/usr/bin:/sbin:/bin";
    request.environment["DEBIAN_FRONTEND"] = "noninteractive";
    return host_.commands->run(request);
  }

  static std::optional<std::string> failure_of(const CommandResult& result,
                                               const std::vector<std::string>& argv) {
    if (!result.error.empty()) return result.error;
    if (result.exit_code == 0) return std::nullopt;
    std::string command;
    for (const auto& word : argv) command += (command.empty() ? "" : " ") + word;
    return "Execution of '" + command + "' returned " + std::to_string(result.exit_code) + ": " +
           result.output;
  }

  std::optional<std::string> sync(const std::string& should) {
    std::vector<std::string> argv;
    if (should == "absent") {
      argv = spec_.provider == "dpkg"
                 ? std::vector<std::string>{"/usr/bin/dpkg", "-r", spec_.name}
                 : std::vector<std::string>{"/usr/bin/apt-get", "-q", "-y", "remove", spec_.name};
    } else if (should == "purged") {
      argv = spec_.provider == "dpkg"
                 ? std::vector<std::string>{"/usr/bin/dpkg", "--purge", spec_.name}
                 : std::vector<std::string>{"/usr/bin/apt-get", "-q", "-y", "purge", spec_.name};
    } else if (spec_.source) {
      argv = {"/usr/bin/dpkg", "--force-confold", "-i", *spec_.source};
    } else if (spec_.provider == "dpkg") {
      return "To install a package with the dpkg provider, give its .deb as source";
    } else {
      std::string wanted = spec_.name;
      if (should != "present" && should != "installed") wanted += "=" + should;
      argv = {"/usr/bin/apt-get", "-q",  "-y", "-o", "DPkg::Options::=--force-confold",
              "install",          wanted};
    }
    return failure_of(run(argv), argv);
  }

  /// apt-cache policy's candidate version for ensure => latest.
  std::optional<std::string> latest_version(std::string& error) {
    std::vector<std::string> argv = {"/usr/bin/apt-cache", "policy", spec_.name};
    CommandResult result = run(argv);
    const std::string marker = "Candidate: ";
    std::size_t at = result.output.find(marker);
    if (result.exit_code != 0 || at == std::string::npos) {
      error = "Could not find the latest version of " + spec_.name + " with apt-cache policy";
      return std::nullopt;
    }
    std::size_t end = result.output.find('\n', at);
    std::string candidate = result.output.substr(at + marker.size(), end - at - marker.size());
    if (candidate == "(none)") {
      error = "Package " + spec_.name + " has no installation candidate";
      return std::nullopt;
    }
    return candidate;
  }

  PackageSpec spec_;
  Host host_;
  std::shared_ptr<PackageInventory> inventory_;
};

}  // namespace

std::unique_ptr<ManagedResource> make_package(const catalog::Resource& resource, Host host,
                                              std::string& error) {
  PackageSpec spec;
  spec.name = params::text(resource, "name").value_or(resource.title);
  if (auto ensure = params::text(resource, "ensure")) spec.ensure = *ensure;
  if (spec.ensure == "installed") spec.ensure = "present";
  if (auto provider = params::text(resource, "provider")) spec.provider = *provider;
  spec.source = params::text(resource, "source");
  if (spec.provider != "apt" && spec.provider != "dpkg") {
    error = "Validation of " + resource.ref() + " failed: marionette has the apt and dpkg " +
            "package providers, not '" + spec.provider + "'";
    return nullptr;
  }
  if (spec.ensure.empty() || spec.ensure == "held") {
    error = "Validation of " + resource.ref() + " failed: marionette does not support ensure => '" +
            spec.ensure + "' for packages";
    return nullptr;
  }
  return std::make_unique<PackageResource>(std::move(spec), host);
}

Provider package_type_provider() {
  return {make_package, package_instances};
}

}  // namespace marionette::ral
