// augeas_core's `augeas` type: the `returns` property, in sync when the changes would change no
// file (or onlyif says no); syncing it makes the changes. libaugeas is reached only through
// marionette-augeas.so, loaded when the first augeas resource is evaluated.

#include <algorithm>
#include <filesystem>

#include "ral/augeas_provider.hpp"
#include "ral/params.hpp"
#include "ral/resource_type.hpp"
#include "ral/types.hpp"

namespace marionette::ral {

namespace {

using augeas::AugeasProvider;
using augeas::AugeasSpec;
using augeas::CommandError;

/// What Puppet says when `puppet resource augeas` asks for instances.
const char* const kNoInstances =
    "To support listing resources of this type the 'augeas' provider needs to implement an "
    "'instances' class method returning the current set of resources. We recommend porting your "
    "module to the simpler Resource API instead: "
    "https://puppet.com/search/docs?keys=resource+api";

/// `returns` as the property compares it: in sync when the current value (0, or need_to_run)
/// equals one of the values asked for, as Ruby's == does (0 == 0.0, never 0 == "0").
struct Returns {
  std::vector<catalog::Data> wanted;

  bool accepts_zero() const {
    return std::any_of(wanted.begin(), wanted.end(), [](const catalog::Data& value) {
      return value.is_number() && value.get<double>() == 0;
    });
  }
  /// The first value asked for as Puppet prints a should: numbers bare, texts quoted.
  std::string shown() const {
    const catalog::Data& first = wanted.front();
    return first.is_string() ? single_quoted(first.get<std::string>()) : first.dump();
  }
  std::string plain() const { return params::display(wanted.front()); }
};

class AugeasResource final : public ManagedResource {
 public:
  AugeasResource(AugeasSpec spec, Returns returns, std::string reference, std::string loglevel,
                 Host host)
      : spec_(std::move(spec)),
        returns_(std::move(returns)),
        reference_(std::move(reference)),
        loglevel_(std::move(loglevel)),
        host_(host) {}

  /// As `puppet resource augeas TITLE changes=…` prints it: the provider and the returns
  /// property (its default 0 is why it is shown), 'need_to_run' while the changes would still
  /// change a file. Nothing without changes (Puppet then looks among the instances, which it
  /// cannot list) or when the provider cannot tell.
  std::vector<std::pair<std::string, std::string>> describe() override {
    std::string why_not;
    const marionette_augeas_module* module = augeas_module(why_not);
    if (!spec_.changes || !module) return {};
    AugeasProvider provider(*module, spec_, host_, [](const std::string&, const std::string&) {});
    try {
      const bool run = provider.need_to_run(std::nullopt, true);
      return {{"provider", "'augeas'"}, {"returns", run ? "'need_to_run'" : "0"}};
    } catch (const CommandError&) {
      return {};
    }
  }
  std::vector<std::string> defaulted_properties() const override { return {"returns"}; }

  void evaluate(ResourceContext& context) override {
    std::string why_not;
    const marionette_augeas_module* module = augeas_module(why_not);
    if (!module) {
      return context.evaluation_failed(
          "the augeas type needs marionette-augeas.so, which cannot be loaded (" + why_not +
          "); install the " + kAugeasModulePackage + " package");
    }
    const std::string source = reference_ + "(provider=augeas): ";
    AugeasProvider provider(*module, spec_, context.host(),
                            [&](const std::string& level, const std::string& message) {
                              context.log_plain(level, source + message);
                            });
    bool run = false;
    try {
      const bool diff = context.show_diff() && spec_.show_diff;
      run = provider.need_to_run(diff ? std::optional(loglevel_) : std::nullopt, context.noop());
    } catch (const CommandError& error) {
      return context.evaluation_failed(error.what());
    }
    if (!run && returns_.accepts_zero()) return;
    const std::string is = run ? "'need_to_run'" : "0";
    if (context.noop()) {
      return context.would_change("returns", "returns_changed", is, returns_.shown());
    }
    try {
      provider.execute_changes();
    } catch (const CommandError& error) {
      return context.change_failed("returns", is, returns_.shown(), error.what());
    }
    context.changed("returns", "returns_changed", "executed successfully",
                    run ? "need_to_run" : "0", returns_.plain());
  }

 private:
  AugeasSpec spec_;
  Returns returns_;
  std::string reference_;  ///< "Augeas[title]", the source of the provider's messages
  std::string loglevel_;
  Host host_;
};

/// A parameter that is a string (split at newlines, as the provider splits it) or an array.
std::optional<std::vector<std::string>> command_lines(const catalog::Resource& resource,
                                                      const std::string& name) {
  auto found = resource.parameters.find(name);
  if (found == resource.parameters.end() || found->is_null()) return std::nullopt;
  if (!found->is_string()) return params::texts(resource, name);
  std::vector<std::string> lines;
  const std::string text = found->get<std::string>();
  for (std::size_t start = 0; start <= text.size();) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

/// load_path's directories, then each module's lib/augeas/lenses (Puppet's plugin directories),
/// colon-separated.
std::string load_path_of(const catalog::Resource& resource, const Host& host) {
  std::vector<std::string> directories;
  for (const auto& entry : params::texts(resource, "load_path")) {
    std::vector<std::string> parts;
    for (std::size_t start = 0; start <= entry.size();) {
      std::size_t end = entry.find(':', start);
      if (end == std::string::npos) end = entry.size();
      parts.push_back(entry.substr(start, end - start));
      start = end + 1;
    }
    while (!parts.empty() && parts.back().empty()) parts.pop_back();  // as Ruby's split
    directories.insert(directories.end(), parts.begin(), parts.end());
  }
  if (host.paths) {
    namespace fs = std::filesystem;
    for (const auto& modules : host.paths->module_dirs) {
      std::error_code error;
      std::vector<fs::path> found;
      for (const auto& module : fs::directory_iterator(modules, error)) {
        if (fs::is_directory(module.path() / "lib" / "augeas" / "lenses", error))
          found.push_back(module.path() / "lib" / "augeas" / "lenses");
      }
      std::sort(found.begin(), found.end());
      for (const auto& lenses : found) directories.push_back(lenses.string());
    }
  }
  std::string joined;
  for (const auto& directory : directories) joined += (joined.empty() ? "" : ":") + directory;
  return joined;
}

/// Puppet::Parameter::Boolean: true/false/yes/no; `error` set otherwise.
bool boolean_parameter(const catalog::Resource& resource, const std::string& name, bool fallback,
                       std::string& error) {
  std::optional<std::string> given = params::text(resource, name);
  if (!given) return fallback;
  if (*given == "true" || *given == "yes") return true;
  if (*given == "false" || *given == "no") return false;
  const catalog::Data& value = resource.parameters[name];
  error = "Parameter " + name + " failed on " + resource.ref() + ": Invalid value " +
          (value.is_string() ? "\"" + *given + "\"" : *given) +
          ". Valid values are true, false, yes, no.";
  return fallback;
}

}  // namespace

std::unique_ptr<ManagedResource> make_augeas(const catalog::Resource& resource, Host host,
                                             std::string& error) {
  AugeasSpec spec;
  spec.lens = params::text(resource, "lens");
  spec.incl = params::text(resource, "incl");
  if (spec.lens.has_value() != spec.incl.has_value()) {
    error = "Validation of " + resource.ref() +
            " failed: You must specify both the lens and incl parameters, or neither.";
    return nullptr;
  }
  const std::string type_check = params::text(resource, "type_check").value_or("false");
  if (type_check != "true" && type_check != "false") {
    error = "Parameter type_check failed on " + resource.ref() + ": Invalid value \"" + type_check +
            "\". Valid values are true, false.";
    return nullptr;
  }
  spec.type_check = type_check == "true";
  spec.show_diff = boolean_parameter(resource, "show_diff", true, error);
  if (!error.empty()) return nullptr;
  spec.context = params::text(resource, "context").value_or("");
  if (spec.context.empty() && spec.incl) spec.context = "/files" + *spec.incl;
  spec.changes = command_lines(resource, "changes");
  spec.onlyif = command_lines(resource, "onlyif").value_or(std::vector<std::string>{});
  spec.root = params::text(resource, "root").value_or("/");
  spec.load_path = load_path_of(resource, host);
  // A plain parameter: anything but false (or undef) forces, the string "false" too.
  auto force = resource.parameters.find("force");
  spec.force = force != resource.parameters.end() && !force->is_null() &&
               !(force->is_boolean() && !force->get<bool>());
  Returns returns;
  auto given = resource.parameters.find("returns");
  if (given != resource.parameters.end() && !given->is_null()) {
    if (given->is_array()) {
      for (const auto& value : *given) returns.wanted.push_back(value);
    } else {
      returns.wanted.push_back(*given);
    }
  }
  if (returns.wanted.empty()) returns.wanted.push_back(0);
  const std::string loglevel = params::text(resource, "loglevel").value_or("notice");
  return std::make_unique<AugeasResource>(std::move(spec), std::move(returns),
                                          "Augeas[" + resource.title + "]", loglevel, host);
}

std::vector<std::string> augeas_instances(Host, std::string& error) {
  error = kNoInstances;
  return {};
}

Provider augeas_type_provider() {
  return {make_augeas, augeas_instances};
}

}  // namespace marionette::ral
