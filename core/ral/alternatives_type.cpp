#include "ral/alternatives_command.hpp"
#include "ral/params.hpp"
#include "ral/resource_type.hpp"
#include "ral/types.hpp"

namespace marionette::ral {

namespace {

struct AlternativesSpec {
  std::string name;
  std::optional<std::string> path;
  std::optional<std::string> mode;  ///< auto | manual
};

/// voxpupuli-alternatives' `alternatives` with the dpkg provider: which alternative a link
/// group points to (path, through `--set`) and whether it follows priorities (mode).
class AlternativesResource final : public ManagedResource {
 public:
  AlternativesResource(AlternativesSpec spec, Host host) : spec_(std::move(spec)), host_(host) {}

  void evaluate(ResourceContext& context) override {
    std::string error;
    if (!alternatives::selections(host_, error)) return context.evaluation_failed(error);
    const std::optional<std::string> current = current_path();
    if (spec_.path && current != spec_.path) sync_path(context, current);
    if (spec_.mode) sync_mode(context);
  }

  std::vector<std::pair<std::string, std::string>> describe() override {
    std::string error;
    auto groups = alternatives::selections(host_, error);
    if (!groups) return {};
    auto found = groups->find(spec_.name);
    if (found == groups->end()) return {};
    std::vector<std::pair<std::string, std::string>> state;
    if (auto mode = current_mode(error)) state.emplace_back("mode", single_quoted(*mode));
    state.emplace_back("path", single_quoted(found->second.path));
    state.emplace_back("provider", "'dpkg'");
    return state;
  }

 private:
  void sync_path(ResourceContext& context, const std::optional<std::string>& current) {
    // A group that is not there reads as nil, which Puppet prints as nothing.
    const std::string from = current ? single_quoted(*current) : "";
    const std::string to = single_quoted(*spec_.path);
    if (context.noop()) return context.would_change("path", "path_changed", from, to);
    auto outcome = alternatives::run(host_, {"--set", spec_.name, *spec_.path});
    if (outcome.failure) return context.change_failed("path", from, to, *outcome.failure);
    context.changed("path", "path_changed",
                    current ? "path changed " + from + " to " + to : "defined 'path' as " + to);
  }

  /// The first line of `--display`: "NAME - auto mode" or "manual mode".
  std::optional<std::string> current_mode(std::string& error) {
    auto outcome = alternatives::run(host_, {"--display", spec_.name});
    const std::string first = outcome.output.substr(0, outcome.output.find('\n'));
    if (first.find("auto mode") != std::string::npos) return "auto";
    if (first.find("manual mode") != std::string::npos) return "manual";
    error = outcome.failure ? *outcome.failure
                            : "Could not determine if Alternatives[" + spec_.name +
                                  "](provider=dpkg) is in auto or manual mode";
    return std::nullopt;
  }

  std::optional<std::string> current_path() {
    std::string error;
    auto groups = alternatives::selections(host_, error);
    if (!groups) return std::nullopt;
    auto found = groups->find(spec_.name);
    if (found == groups->end()) return std::nullopt;
    return found->second.path;
  }

  void sync_mode(ResourceContext& context) {
    std::string error;
    // A path just set leaves the group in manual mode; read it afresh, as Puppet does.
    std::optional<std::string> mode = current_mode(error);
    if (!mode) return context.evaluation_failed(error);
    if (*mode == *spec_.mode) return;
    const std::string from = single_quoted(*mode);
    const std::string to = single_quoted(*spec_.mode);
    if (context.noop()) return context.would_change("mode", "mode_changed", from, to);
    std::vector<std::string> args = {"--auto", spec_.name};
    if (*spec_.mode == "manual") args = {"--set", spec_.name, current_path().value_or("")};
    auto outcome = alternatives::run(host_, args);
    if (outcome.failure) return context.change_failed("mode", from, to, *outcome.failure);
    context.changed("mode", "mode_changed", "mode changed " + from + " to " + to);
  }

  AlternativesSpec spec_;
  Host host_;
};

}  // namespace

std::unique_ptr<ManagedResource> make_alternatives(const catalog::Resource& resource, Host host,
                                                   std::string& error) {
  AlternativesSpec spec;
  spec.name = params::text(resource, "name").value_or(resource.title);
  spec.path = params::text(resource, "path");
  if (spec.path && !spec.path->starts_with('/')) {
    error = "Parameter path failed on " + resource.ref() + ": path must be a fully qualified path";
    return nullptr;
  }
  spec.mode = params::text(resource, "mode");
  if (spec.mode && *spec.mode != "auto" && *spec.mode != "manual") {
    error = "Parameter mode failed on " + resource.ref() + ": Invalid value \"" + *spec.mode +
            "\". Valid values are auto, manual.";
    return nullptr;
  }
  return std::make_unique<AlternativesResource>(std::move(spec), host);
}

/// The link groups `--get-selections` lists, by name.
std::vector<std::string> alternatives_instances(Host host, std::string& error) {
  std::vector<std::string> names;
  if (auto groups = alternatives::selections(host, error)) {
    for (const auto& [name, selection] : *groups) names.push_back(name);
  }
  return names;
}

Provider alternatives_type_provider() {
  return {make_alternatives, alternatives_instances};
}

}  // namespace marionette::ral
