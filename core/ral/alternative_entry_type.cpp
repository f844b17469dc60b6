#include <algorithm>
#include <set>
#include <sstream>

#include "ral/alternatives_command.hpp"
#include "ral/params.hpp"
#include "ral/resource_type.hpp"
#include "ral/ruby_lines.hpp"
#include "ral/types.hpp"

namespace marionette::ral {

namespace {

/// The provider's instances: every alternative of every link group.
std::vector<alternatives::Entry> all_entries(Host host) {
  std::string error;
  std::vector<alternatives::Entry> entries;
  auto groups = alternatives::selections(host, error);
  if (!groups) return entries;
  for (const auto& [group, selection] : *groups) {
    for (auto& entry : alternatives::query(host, group, error)) entries.push_back(entry);
  }
  return entries;
}

struct EntrySpec {
  bool present = true;
  std::string name;  ///< the alternative's path
  std::string altlink;
  std::optional<std::string> altname;
  std::optional<std::string> priority;
};

/// voxpupuli-alternatives' `alternative_entry` with the dpkg provider: one alternative of a
/// link group, installed (`--install`) or removed (`--remove`); a changed altname or priority
/// removes and installs it again.
class AlternativeEntryResource final : public ManagedResource {
 public:
  AlternativeEntryResource(EntrySpec spec, Host host, std::set<std::string> numeric)
      : spec_(std::move(spec)), host_(host), numeric_(std::move(numeric)) {}

  /// As `puppet resource` prints an instance: its group's values for this path.
  std::vector<std::pair<std::string, std::string>> describe() override {
    for (const auto& entry : all_entries(host_)) {
      if (entry.name != spec_.name) continue;
      return {{"ensure", "'present'"},
              {"altname", single_quoted(entry.altname)},
              {"priority", single_quoted(entry.priority)},
              {"provider", "'dpkg'"}};
    }
    return {{"ensure", "'absent'"}};
  }

  void evaluate(ResourceContext& context) override {
    const bool exists = listed();
    if (exists != spec_.present) return sync_ensure(context);
    if (!spec_.present) return;
    // The provider's prefetched values: the group's entry with this path and link.
    std::optional<alternatives::Entry> current = prefetched();
    for (const char* property : {"altname", "priority"}) {
      const std::optional<std::string>& should =
          std::string(property) == "altname" ? spec_.altname : spec_.priority;
      if (!should) continue;
      std::string is = "absent";
      if (current) is = std::string(property) == "altname" ? current->altname : current->priority;
      if (is == *should) continue;
      // An Integer in the manifest prints bare, as Puppet formats the should value.
      const std::string from = single_quoted(is);
      const std::string to = numeric_.count(property) ? *should : single_quoted(*should);
      const std::string event = std::string(property) + "_changed";
      if (context.noop()) {
        context.would_change(property, event, from, to);
        continue;
      }
      if (auto failure = rebuild()) {
        context.change_failed(property, from, to, *failure);
        continue;
      }
      context.changed(property, event,
                      is == "absent" ? "defined '" + std::string(property) + "' as " + to
                                     : std::string(property) + " changed " + from + " to " + to);
    }
  }

 private:
  /// exists?: the path among `--list ALTNAME`'s lines (a failing --list: not there).
  bool listed() {
    auto outcome = alternatives::run(host_, {"--list", spec_.altname.value_or("")});
    if (outcome.failure) return false;
    std::istringstream lines(outcome.output);
    for (std::string line; std::getline(lines, line);) {
      if (stripped(line) == spec_.name) return true;
    }
    return false;
  }

  std::optional<alternatives::Entry> prefetched() {
    for (auto& entry : all_entries(host_)) {
      if (entry.name == spec_.name && entry.altlink == spec_.altlink) return entry;
    }
    return std::nullopt;
  }

  std::optional<std::string> install() {
    return alternatives::run(host_, {"--install", spec_.altlink, spec_.altname.value_or(""),
                                     spec_.name, spec_.priority.value_or("")})
        .failure;
  }
  std::optional<std::string> remove() {
    return alternatives::run(host_, {"--remove", spec_.altname.value_or(""), spec_.name}).failure;
  }
  std::optional<std::string> rebuild() {
    if (auto failure = remove()) return failure;
    return install();
  }

  void sync_ensure(ResourceContext& context) {
    const bool wanted = spec_.present;
    const std::string from = wanted ? "'absent'" : "'present'";
    const std::string to = wanted ? "'present'" : "'absent'";
    const std::string event = wanted ? "alternative_entry_created" : "alternative_entry_removed";
    if (context.noop()) return context.would_change("ensure", event, from, to);
    if (auto failure = wanted ? install() : remove()) {
      return context.change_failed("ensure", from, to, *failure);
    }
    context.changed("ensure", event, wanted ? "created" : "removed", wanted ? "absent" : "present",
                    wanted ? "present" : "absent");
  }

  EntrySpec spec_;
  Host host_;
  std::set<std::string> numeric_;  ///< properties given as numbers
};

}  // namespace

std::unique_ptr<ManagedResource> make_alternative_entry(const catalog::Resource& resource,
                                                        Host host, std::string& error) {
  EntrySpec spec;
  const std::string ensure = params::text(resource, "ensure").value_or("present");
  if (ensure != "present" && ensure != "absent") {
    error = "Parameter ensure failed on " + resource.ref() + ": Invalid value \"" + ensure +
            "\". Valid values are present, absent.";
    return nullptr;
  }
  spec.present = ensure == "present";
  // The title is "PATH" or "PATH:ALTLINK" (the type's title patterns).
  std::string title = resource.title, title_link;
  if (std::size_t colon = title.rfind(':'); colon != std::string::npos) {
    title_link = title.substr(colon + 1);
    title = title.substr(0, colon);
  }
  spec.name = params::text(resource, "name").value_or(title);
  spec.altlink = params::text(resource, "altlink").value_or(title_link);
  spec.altname = params::text(resource, "altname");
  spec.priority = params::text(resource, "priority");
  for (const auto& [param, value] : {std::pair{"name", spec.name}, {"altlink", spec.altlink}}) {
    if (!value.starts_with('/') && !(std::string(param) == "altlink" && value.empty())) {
      error = "Parameter " + std::string(param) + " failed on " + resource.ref() +
              ": path must be a fully qualified path";
      return nullptr;
    }
  }
  std::set<std::string> numeric;
  for (const char* property : {"altname", "priority"}) {
    auto found = resource.parameters.find(property);
    if (found != resource.parameters.end() && found->is_number()) numeric.insert(property);
  }
  return std::make_unique<AlternativeEntryResource>(std::move(spec), host, std::move(numeric));
}

/// The alternatives of every link group, by path, sorted.
std::vector<std::string> alternative_entry_instances(Host host, std::string& error) {
  std::vector<std::string> names;
  if (!alternatives::selections(host, error)) return names;
  for (const auto& entry : all_entries(host)) names.push_back(entry.name);
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  return names;
}

Provider alternative_entry_type_provider() {
  return {make_alternative_entry, alternative_entry_instances};
}

}  // namespace marionette::ral
