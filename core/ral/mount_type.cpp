#include <algorithm>
#include <cctype>

#include "ral/command_path.hpp"
#include "ral/fstab_file.hpp"
#include "ral/mount_table.hpp"
#include "ral/params.hpp"
#include "ral/prefetch_group.hpp"
#include "ral/record_resource.hpp"
#include "ral/spec_resource.hpp"
#include "ral/types.hpp"
#include "text/text.hpp"

namespace marionette::ral {

namespace {

constexpr const char* kFstab = "/etc/fstab";

struct MountSpec {
  std::string name;
  std::optional<std::string> ensure;  ///< defined, absent, mounted, unmounted
  std::optional<std::string> device, fstype, options;
  std::string dump = "0", pass = "0";  ///< the type's defaults for a managed mount
  /// How Puppet shows them: the defaults and numbers bare, strings quoted.
  std::string dump_shown = "0", pass_shown = "0";
  bool remounts = true;
  std::string target = kFstab;
};

/// A text as Puppet shows a value: quoted, or as Ruby's String#inspect when it holds a tab,
/// a newline, a quote or a backslash.
std::string displayed(const std::string& text) {
  if (text.find_first_of("\t\n\r\"\\") == std::string::npos) return single_quoted(text);
  std::string shown = "\"";
  for (char c : text) {
    switch (c) {
      case '\t': shown += "\\t"; break;
      case '\n': shown += "\\n"; break;
      case '\r': shown += "\\r"; break;
      case '"': shown += "\\\""; break;
      case '\\': shown += "\\\\"; break;
      default: shown += c;
    }
  }
  return shown + "\"";
}

/// Puppet's mount type with mount_core's parsed provider: the fstab entry, and with
/// ensure => mounted/unmounted the mount itself (mount/umount on PATH, what is mounted from
/// `mount`'s listing once per run).
class MountResource final : public ManagedResource {
 public:
  MountResource(MountSpec spec, Host host)
      : spec_(std::move(spec)),
        host_(host),
        table_(MountTable::shared(host)),
        prefetch_(PrefetchGroup::join("mount", this, [this](std::string& error) {
          bool exists = false;
          return load_records(*host_.files, spec_.target, fstab_format(), exists, error) !=
                 nullptr;
        })) {}
  ~MountResource() override { prefetch_->leave(this); }

  std::string identity() const override { return spec_.name; }
  bool refreshable() const override { return true; }
  /// The type's self_refresh, except when the mount is being removed.
  bool self_refresh() const override { return spec_.ensure != "absent"; }

  void evaluate(ResourceContext& context) override {
    // Every target first, then what is mounted, as the provider's prefetch reads them.
    auto prefetch = prefetch_->prefetch([this](std::string& error) { return table_->load(error); });
    if (prefetch.error) {
      return prefetch_failed(context, "mount", "parsed", *prefetch.error, prefetch.first_report);
    }
    bool exists = false;
    std::string error;
    auto parsed = load_records(*host_.files, spec_.target, fstab_format(), exists, error);
    if (!parsed || !table_->load(error)) return prefetch_failed(context, "mount", "parsed", error);
    const FstabEntry* entry = parsed->find(named());
    const bool mounted = table_->mounted(spec_.name);
    const std::string is = entry ? (mounted ? "mounted" : "unmounted")
                                 : (mounted ? "ghost" : "absent");
    FstabFile file = *parsed;
    bool write = false;
    if (spec_.ensure && !ensure_in_sync(is)) {
      if (context.noop()) {
        context.would_change("ensure", ensure_event(), single_quoted(is),
                             single_quoted(*spec_.ensure));
      } else if (auto failure = sync_ensure(context, is, file, write)) {
        return context.evaluation_failed(*failure);
      }
    } else if (entry) {
      sync_properties(context, file, write);
    }
    if (write) {
      if (auto failure = flush(file)) return context.evaluation_failed(*failure);
    }
    // Puppet's flush mounts what ensure => mounted found unmounted (needs_mount).
    if (spec_.ensure == "mounted" && !mounted && !context.noop()) {
      if (auto failure = mount()) return context.evaluation_failed(*failure);
    }
  }

  /// The type's refresh: a remount when mounted (not a swap), or an unmount and a mount when
  /// the file system cannot be remounted.
  std::optional<std::string> refresh(ResourceContext& context) override {
    if (spec_.fstype == "swap" || !table_->mounted(spec_.name)) return std::nullopt;
    context.log("info", "Remounting");
    if (spec_.remounts) return run({"-o", "remount", spec_.name}, "mount");
    if (auto failure = unmount()) return failure;
    return mount();
  }

  std::vector<std::pair<std::string, std::string>> describe() override {
    bool exists = false;
    std::string error;
    auto file = load_records(*host_.files, spec_.target, fstab_format(), exists, error);
    const FstabEntry* entry = file ? file->find(named()) : nullptr;
    const bool mounted = table_->load(error) && table_->mounted(spec_.name);
    if (!entry) {
      if (!mounted) return {{"ensure", "'absent'"}};
      return {{"ensure", "'ghost'"}, {"provider", "'parsed'"}, {"target", single_quoted(spec_.target)}};
    }
    std::vector<std::pair<std::string, std::string>> state = {
        {"ensure", mounted ? "'mounted'" : "'unmounted'"}};
    if (entry->device) state.emplace_back("device", single_quoted(*entry->device));
    if (entry->dump) state.emplace_back("dump", single_quoted(*entry->dump));
    if (entry->fstype) state.emplace_back("fstype", single_quoted(*entry->fstype));
    if (entry->options) state.emplace_back("options", single_quoted(*entry->options));
    if (entry->pass) state.emplace_back("pass", single_quoted(*entry->pass));
    state.emplace_back("provider", "'parsed'");
    state.emplace_back("target", single_quoted(spec_.target));
    return state;
  }

 private:
  using FstabFile = ParsedFile<FstabEntry>;

  std::function<bool(const FstabEntry&)> named() const {
    return [this](const FstabEntry& entry) { return entry.name == spec_.name; };
  }

  bool ensure_in_sync(const std::string& is) const {
    if (*spec_.ensure == "defined") return is == "mounted" || is == "unmounted";
    return is == *spec_.ensure;
  }

  std::string ensure_event() const {
    if (*spec_.ensure == "absent") return "mount_deleted";
    if (*spec_.ensure == "mounted") return "mount_mounted";
    return "mount_created";
  }

  FstabEntry created() const {
    FstabEntry entry;
    entry.device = spec_.device;
    entry.name = spec_.name;
    entry.fstype = spec_.fstype;
    entry.options = spec_.options.value_or("defaults");  // the provider's pre_gen on Linux
    entry.dump = spec_.dump;
    entry.pass = spec_.pass;
    return entry;
  }

  std::optional<std::string> sync_ensure(ResourceContext& context, const std::string& is,
                                         FstabFile& file, bool& write) {
    const std::string& should = *spec_.ensure;
    FstabEntry* entry = file.find(named());
    bool mounted = is == "mounted" || is == "ghost";
    if (should == "absent") {
      if (mounted) {
        if (auto failure = unmount()) return failure;
      }
      if (entry) {
        file.remove(entry);
        write = true;
      }
    } else if (!entry) {
      if (!spec_.fstype) return "Mount[" + spec_.name + "]: Field 'fstype' is required";
      file.append(created());
      write = true;
      if (should == "unmounted" && mounted) {  // a ghost: the entry written, then unmounted
        if (auto failure = flush(file)) return failure;
        write = false;
        if (auto failure = unmount()) return failure;
      }
    } else if (should == "unmounted") {  // mounted: unmounted, then the others synced
      if (auto failure = unmount()) return failure;
      write = sync_others(file);
    } else if (should == "mounted") {
      write = sync_others(file);
    }
    std::string message = property_change_message("ensure", is == "absent" ? "" : single_quoted(is),
                                                   should == "absent" ? "" : single_quoted(should));
    std::string event = should == "unmounted" && mounted ? "mount_unmounted" : ensure_event();
    context.changed("ensure", event, message, is, should);
    return std::nullopt;
  }

  struct Property {
    const char* name;
    std::optional<std::string> FstabEntry::*field;
    std::optional<std::string> should;
    std::string should_shown;
  };
  /// The properties after ensure, in the type's order.
  std::vector<Property> properties() const {
    auto shown = [](const std::optional<std::string>& value) {
      return value ? displayed(*value) : std::string();
    };
    return {{"device", &FstabEntry::device, spec_.device, shown(spec_.device)},
            {"fstype", &FstabEntry::fstype, spec_.fstype, shown(spec_.fstype)},
            {"options", &FstabEntry::options, spec_.options, shown(spec_.options)},
            {"pass", &FstabEntry::pass, spec_.pass, spec_.pass_shown},
            {"dump", &FstabEntry::dump, spec_.dump, spec_.dump_shown}};
  }

  /// The other properties brought in line without their own events (Puppet's syncothers).
  bool sync_others(FstabFile& file) {
    FstabEntry* entry = file.find(named());
    bool changed = false;
    for (const auto& property : properties()) {
      auto& is = entry->*property.field;
      if (!property.should || is == property.should) continue;
      is = property.should;
      changed = true;
    }
    return changed;
  }

  void sync_properties(ResourceContext& context, FstabFile& file, bool& write) {
    FstabEntry* entry = file.find(named());
    for (const auto& property : properties()) {
      auto& is = entry->*property.field;
      if (!property.should || is == property.should) continue;
      const std::string name = property.name;
      const std::string shown_is = is ? displayed(*is) : "";
      if (context.noop()) {
        context.would_change(name, name + "_changed", is ? shown_is : "'absent'",
                             property.should_shown);
        continue;
      }
      context.changed(name, name + "_changed",
                      property_change_message(name, shown_is, property.should_shown));
      is = property.should;
      write = true;
    }
  }

  std::optional<std::string> flush(const FstabFile& file) {
    return write_target(host_, spec_.target,
                        render_records(file, fstab_format(), ruby_time_now()), {});
  }

  /// Puppet's provider.mount and unmount: the command, then the table updated.
  std::optional<std::string> mount() {
    if (auto failure = run({spec_.name}, "mount")) return failure;
    table_->set_mounted(spec_.name, true);
    return std::nullopt;
  }
  std::optional<std::string> unmount() {
    if (auto failure = run({spec_.name}, "umount")) return failure;
    table_->set_mounted(spec_.name, false);
    return std::nullopt;
  }

  std::optional<std::string> run(const std::vector<std::string>& args, const std::string& tool) {
    CommandRequest request;
    request.argv = {command_path(host_, tool)};
    request.argv.insert(request.argv.end(), args.begin(), args.end());
    CommandResult result = host_.commands->run(request);
    std::string line;
    for (const auto& word : request.argv) line += (line.empty() ? "" : " ") + word;
    if (!result.error.empty()) return "Could not run '" + line + "': " + result.error;
    if (result.exit_code != 0) {
      std::string output = result.output;
      while (!output.empty() && std::isspace(static_cast<unsigned char>(output.back()))) {
        output.pop_back();
      }
      return "Execution of '" + line + "' returned " + std::to_string(result.exit_code) + ": " +
             output;
    }
    return std::nullopt;
  }

  MountSpec spec_;
  Host host_;
  std::shared_ptr<MountTable> table_;
  std::shared_ptr<PrefetchGroup> prefetch_;
};

bool read_spec(const catalog::Resource& resource, MountSpec& spec, std::string& error) {
  auto fail = [&](const std::string& parameter, const std::string& reason) {
    error = "Parameter " + parameter + " failed on " + resource.ref() + ": " + reason;
    return false;
  };
  spec.name = mount_point_name(params::text(resource, "name").value_or(resource.title));
  spec.ensure = params::text(resource, "ensure");
  if (spec.ensure == "present") spec.ensure = "defined";
  static const char* const kEnsures[] = {"defined", "absent", "mounted", "unmounted"};
  if (spec.ensure && std::find(std::begin(kEnsures), std::end(kEnsures), *spec.ensure) ==
                         std::end(kEnsures)) {
    return fail("ensure", "Invalid value \"" + *spec.ensure +
                              "\". Valid values are defined, present, unmounted, absent, mounted.");
  }
  spec.device = params::text(resource, "device");
  spec.fstype = params::text(resource, "fstype");
  spec.options = params::text(resource, "options");
  for (const auto& [name, value] :
       {std::pair{"device", spec.device}, std::pair{"fstype", spec.fstype},
        std::pair{"options", spec.options}}) {
    if (value && text::has_whitespace(*value)) {
      return fail(name, std::string(name) + " must not contain whitespace: " + *value);
    }
    if (value && value->empty() && std::string(name) != "device") {
      return fail(name, std::string(name) + " must not be an empty string");
    }
  }
  auto shown = [&](const char* name, const std::string& value) {
    auto found = resource.parameters.find(name);
    bool bare = found == resource.parameters.end() || found->is_number();
    return bare ? value : displayed(value);
  };
  spec.dump = params::text(resource, "dump").value_or("0");
  spec.dump_shown = shown("dump", spec.dump);
  if (spec.dump != "0" && spec.dump != "1") {
    return fail("dump", "Invalid value \"" + spec.dump + "\". Valid values are /(0|1)/.");
  }
  spec.pass = params::text(resource, "pass").value_or("0");
  spec.pass_shown = shown("pass", spec.pass);
  spec.remounts = params::boolean(resource, "remounts").value_or(true);
  spec.target = params::text(resource, "target").value_or(kFstab);
  return true;
}

}  // namespace

std::unique_ptr<ManagedResource> make_mount(const catalog::Resource& resource, Host host,
                                            std::string& error) {
  return made_from_spec<MountSpec, MountResource>(resource, host, error, read_spec);
}

/// Puppet's instances: the entries of /etc/fstab, and what is mounted without one (ghosts).
std::vector<std::string> mount_instances(Host host, std::string& error) {
  bool exists = false;
  auto file = load_records(*host.files, kFstab, fstab_format(), exists, error);
  if (!file) return {};
  std::vector<std::string> names;
  for (const auto& line : file->lines) {
    if (line.is_record) names.push_back(line.record.name);
  }
  MountTable table(host);
  if (!table.load(error)) return {};
  for (const std::string& name : table.names()) names.push_back(name);
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  return names;
}

Provider mount_type_provider() {
  return {make_mount, mount_instances};
}

}  // namespace marionette::ral
