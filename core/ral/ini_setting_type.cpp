#include <regex>

#include "ral/ini_file_io.hpp"
#include "ral/params.hpp"
#include "ral/resource_type.hpp"
#include "ral/spec_resource.hpp"
#include "ral/types.hpp"
#include "rubyish/regex.hpp"

namespace marionette::ral {

namespace {

struct IniSettingSpec {
  std::string path;
  bool present = true;
  std::string section;
  std::optional<std::string> setting;
  std::optional<std::string> value;
  IniFormat format;
  bool refreshonly = false;
  bool force_new_section_creation = true;
  std::string where;  ///< " (file: F, line: L)" when the catalog knows, as Puppet's errors end
};

/// inifile's ini_setting with its ruby provider: one setting of one section of an ini file.
class IniSettingResource final : public ManagedResource {
 public:
  IniSettingResource(IniSettingSpec spec, Host host)
      : spec_(std::move(spec)), store_(host, spec_.path) {}

  void evaluate(ResourceContext& context) override {
    try {
      sync(context);
    } catch (const std::regex_error& error) {
      context.evaluation_failed(std::string("invalid regular expression: ") + error.what());
    } catch (const rubyish::RegexTooComplex& error) {
      context.evaluation_failed(error.what());
    }
  }

  bool refreshable() const override { return true; }

  /// With refreshonly, a refresh is when the setting is written (or removed).
  std::optional<std::string> refresh(ResourceContext& context) override {
    if (!spec_.refreshonly || context.noop()) return std::nullopt;
    std::optional<IniFile> file = load();
    if (!file) return read_error_;
    if (spec_.present) {
      if (!spec_.value) return std::nullopt;
      file->set_value(spec_.section, spec_.setting, spec_.value);
    } else if (spec_.setting) {
      file->remove_setting(spec_.section, *spec_.setting);
    }
    return save(*file);
  }

 private:
  void sync(ResourceContext& context) {
    std::optional<IniFile> file = load();
    if (!file) return context.evaluation_failed(read_error_);
    if (spec_.refreshonly) return;  // both ensure and value count as in sync
    bool wanted = spec_.present;
    const bool exists = setting_exists(*file, wanted);
    if (exists != wanted) {
      const std::string from = wanted ? "'absent'" : "'present'";
      const std::string to = wanted ? "'present'" : "'absent'";
      const std::string event = wanted ? "ini_setting_created" : "ini_setting_removed";
      if (context.noop()) return context.would_change("ensure", event, from, to);
      if (wanted) {
        file->set_value(spec_.section, spec_.setting, spec_.value);
      } else if (spec_.setting) {
        file->remove_setting(spec_.section, *spec_.setting);
      }
      if (auto failure = save(*file)) {
        // ensure's values are blocks in this type, and Puppet wraps what they raise
        return context.change_failed("ensure", from, to,
                                     "Could not set " + to + " on ensure: " + *failure +
                                         spec_.where);
      }
      context.changed("ensure", event, wanted ? "created" : "removed",
                      wanted ? "absent" : "present", wanted ? "present" : "absent");
      return;
    }
    if (!wanted || !spec_.value || !spec_.setting) return;
    if (file->value(spec_.section, *spec_.setting) == spec_.value) return;
    if (context.noop()) {
      return context.would_change("value", "value_changed", kRedacted, kRedacted);
    }
    file->set_value(spec_.section, spec_.setting, spec_.value);
    if (auto failure = save(*file)) {
      return context.change_failed("value", kRedacted, kRedacted, *failure);
    }
    context.changed("value", "value_changed",
                    std::string("value changed ") + kRedacted + " to " + kRedacted);
  }

  /// The provider's exists?. A missing section with force_new_section_creation => false turns
  /// the resource's ensure to absent, so nothing is created.
  bool setting_exists(const IniFile& file, bool& wanted) const {
    if (!spec_.setting) return file.has_section(spec_.section);
    if (file.has_section(spec_.section)) {
      return file.value(spec_.section, *spec_.setting).has_value();
    }
    if (!spec_.force_new_section_creation) wanted = false;
    return false;
  }

  std::optional<IniFile> load() {
    std::optional<IniFile> file = store_.load(spec_.format);
    if (!file) read_error_ = store_.error();
    return file;
  }

  std::optional<std::string> save(const IniFile& file) { return store_.save(file); }

  IniSettingSpec spec_;
  IniFileStore store_;
  std::string read_error_;
};

bool read_spec(const catalog::Resource& resource, IniSettingSpec& spec, std::string& error) {
  const std::string ensure = params::text(resource, "ensure").value_or("present");
  if (ensure != "present" && ensure != "absent") {
    error = "Parameter ensure failed on " + resource.ref() + ": Invalid value \"" + ensure +
            "\". Valid values are present, absent.";
    return false;
  }
  spec.present = ensure == "present";
  std::optional<std::string> path = params::text(resource, "path");
  if (path && !path->starts_with('/')) {
    error = "Parameter path failed on " + resource.ref() +
            ": File paths must be fully qualified, not '" + *path + "'";
    return false;
  }
  if (!path) {
    error = "path is a required attribute";  // what the provider would trip over
    return false;
  }
  spec.path = *path;
  if (resource.file && resource.line) {
    spec.where = " (file: " + *resource.file + ", line: " + std::to_string(*resource.line) + ")";
  }
  spec.section = params::text(resource, "section").value_or("");
  if (auto setting = params::text(resource, "setting")) spec.setting = stripped(*setting);
  if (auto value = params::text(resource, "value")) spec.value = stripped(*value);
  spec.format.separator = params::text(resource, "key_val_separator").value_or(" = ");
  spec.format.section_prefix = params::text(resource, "section_prefix").value_or("[");
  spec.format.section_suffix = params::text(resource, "section_suffix").value_or("]");
  spec.format.indent_char = params::text(resource, "indent_char").value_or(" ");
  if (auto width = params::text(resource, "indent_width")) {
    spec.format.indent_width = static_cast<std::size_t>(std::max(0L, std::atol(width->c_str())));
  }
  return params::boolean_parameter(resource, "refreshonly", false, spec.refreshonly, error) &&
         params::boolean_parameter(resource, "force_new_section_creation", true,
                                   spec.force_new_section_creation, error);
}

}  // namespace

std::unique_ptr<ManagedResource> make_ini_setting(const catalog::Resource& resource, Host host,
                                                  std::string& error) {
  return made_from_spec<IniSettingSpec, IniSettingResource>(resource, host, error, read_spec);
}

Provider ini_setting_type_provider() {
  return {make_ini_setting, nullptr};
}

}  // namespace marionette::ral
