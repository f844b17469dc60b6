#include <algorithm>

#include "digest/digest.hpp"

#include "ral/ini_file_io.hpp"
#include "ral/params.hpp"
#include "ral/resource_type.hpp"
#include "ral/spec_resource.hpp"
#include "ral/types.hpp"

namespace marionette::ral {

namespace {

enum class Insert { start, end, before, after, index };

struct IniSubsettingSpec {
  std::string path;
  bool present = true;
  std::string section;
  std::optional<std::string> setting;
  std::string subsetting;
  std::optional<std::string> value;
  std::string separator = " ";     ///< subsetting_separator
  std::string item_separator;      ///< subsetting_key_val_separator
  std::string quote_char;          ///< the default; a quoted value keeps its own
  std::string key_val_separator = " = ";
  bool exact = false;  ///< use_exact_match
  bool delete_if_empty = false;
  Insert insert = Insert::end;
  std::optional<std::string> insert_value;
  std::string show_diff = "true";  ///< true, false or md5
  std::string where;
};

/// inifile's SettingValue: a setting's value split into items on the separator's characters,
/// with the quotes around it kept aside.
class SubsettingValue {
 public:
  SubsettingValue(const std::optional<std::string>& value, const IniSubsettingSpec& spec)
      : spec_(spec), quote_(spec.quote_char) {
    if (!value) return;
    std::string text = *value;
    for (const char* quote : {"\"", "'"}) {
      if (text.size() >= 2 && text.starts_with(quote) && text.ends_with(quote)) {
        quote_ = quote;
        text = text.substr(1, text.size() - 2);
        break;
      }
    }
    std::string item;
    bool in_item = false;
    for (char c : text) {
      if (c != '.' && spec_.separator.find(c) != std::string::npos) {
        if (in_item) items_.push_back(stripped(item));
        item.clear();
        in_item = false;
      } else {
        item += c;
        in_item = true;
      }
    }
    if (in_item) items_.push_back(stripped(item));
  }

  std::string text() const {
    std::string joined;
    for (std::size_t i = 0; i < items_.size(); ++i) {
      joined += (i ? spec_.separator : "") + items_[i];
    }
    return quote_ + joined + quote_;
  }

  /// get_subsetting_value: the item's value after "NAME<separator>"; nothing when absent.
  std::optional<std::string> value_of(const std::string& name, bool exact) const {
    std::optional<std::size_t> at = find(name, exact);
    if (!at) return std::nullopt;
    if (exact) return std::string("true");
    const std::size_t skip = name.size() + spec_.item_separator.size();
    return items_[*at].size() >= skip ? items_[*at].substr(skip) : "";
  }

  void add(const std::string& name, const std::optional<std::string>& value) {
    const std::string item = name + spec_.item_separator + value.value_or("");
    if (find(name, spec_.exact)) {
      for (auto& each : items_) {
        if (matches(each, name, spec_.exact)) each = item;
      }
      return;
    }
    auto at = items_.end();
    const std::string where = spec_.insert_value.value_or("");
    if (spec_.insert == Insert::start) {
      at = items_.begin();
    } else if (spec_.insert == Insert::before || spec_.insert == Insert::after) {
      if (auto found = find(where, spec_.exact)) {
        at = items_.begin() + static_cast<std::ptrdiff_t>(*found) +
             (spec_.insert == Insert::after ? 1 : 0);
      }
    } else if (spec_.insert == Insert::index) {
      // String#to_i: leading digits (with a sign); a negative index counts from the end.
      long index = std::atol(where.c_str());
      const long size = static_cast<long>(items_.size());
      if (index > size) index = size;
      if (index < 0) index = std::max(0L, size + index + 1);
      at = items_.begin() + index;
    }
    items_.insert(at, item);
  }

  void remove(const std::string& name) {
    std::erase_if(items_, [&](const std::string& item) { return matches(item, name, spec_.exact); });
  }

 private:
  bool matches(const std::string& item, const std::string& name, bool exact) const {
    return exact ? item == name : item.starts_with(name + spec_.item_separator);
  }
  std::optional<std::size_t> find(const std::string& name, bool exact) const {
    for (std::size_t i = 0; i < items_.size(); ++i) {
      if (matches(items_[i], name, exact)) return i;
    }
    return std::nullopt;
  }

  const IniSubsettingSpec& spec_;
  std::string quote_;
  std::vector<std::string> items_;
};

/// inifile's ini_subsetting with its ruby provider: one item of a setting's list value.
class IniSubsettingResource final : public ManagedResource {
 public:
  IniSubsettingResource(IniSubsettingSpec spec, Host host)
      : spec_(std::move(spec)), store_(host, spec_.path) {
    format_.separator = spec_.key_val_separator;
  }

  void evaluate(ResourceContext& context) override {
    std::optional<IniFile> file = store_.load(format_);
    if (!file) return context.evaluation_failed(store_.error());
    SubsettingValue current(setting_value(*file), spec_);
    const bool exists = current.value_of(spec_.subsetting, spec_.exact).has_value();
    if (exists != spec_.present) return sync_ensure(context, *file, current);
    if (!spec_.present || !spec_.value) return;
    const std::optional<std::string> is = current.value_of(spec_.subsetting, false);
    if (is == spec_.value) return;
    const std::string from = shown(context, is.value_or(""));
    const std::string to = shown(context, *spec_.value);
    if (context.noop()) return context.would_change("value", "value_changed", from, to);
    current.add(spec_.subsetting, spec_.value);
    file->set_value(spec_.section, spec_.setting, current.text());
    if (auto failure = store_.save(*file)) return context.change_failed("value", from, to, *failure);
    context.changed("value", "value_changed", "value changed " + from + " to " + to);
  }

 private:
  std::optional<std::string> setting_value(const IniFile& file) const {
    return file.value(spec_.section, spec_.setting.value_or(""));
  }

  void sync_ensure(ResourceContext& context, IniFile& file, SubsettingValue& current) {
    const bool wanted = spec_.present;
    const std::string from = wanted ? "'absent'" : "'present'";
    const std::string to = wanted ? "'present'" : "'absent'";
    const std::string event = wanted ? "ini_subsetting_created" : "ini_subsetting_removed";
    if (context.noop()) return context.would_change("ensure", event, from, to);
    if (wanted) {
      current.add(spec_.subsetting, spec_.value);
      file.set_value(spec_.section, spec_.setting, current.text());
    } else {
      current.remove(spec_.subsetting);
      if (current.text().empty() && spec_.delete_if_empty) {
        file.remove_setting(spec_.section, spec_.setting.value_or(""));
      } else {
        file.set_value(spec_.section, spec_.setting, current.text());
      }
    }
    if (auto failure = store_.save(file)) {
      return context.change_failed("ensure", from, to,
                                   "Could not set " + to + " on ensure: " + *failure + spec_.where);
    }
    context.changed("ensure", event, wanted ? "created" : "removed",
                    wanted ? "absent" : "present", wanted ? "present" : "absent");
  }

  /// The value property's should_to_s: shown with show_diff (the setting and the parameter),
  /// an MD5 with show_diff => md5, redacted otherwise.
  std::string shown(const ResourceContext& context, const std::string& value) const {
    if (context.show_diff() && spec_.show_diff == "true") return value;
    if (context.show_diff() && spec_.show_diff == "md5") {
      return "{md5}" + digest::hex(digest::Algorithm::md5, value);
    }
    return kRedacted;
  }

  IniSubsettingSpec spec_;
  IniFileStore store_;
  IniFormat format_;
};

bool read_choice(const catalog::Resource& resource, const std::string& name,
                 std::initializer_list<const char*> allowed, std::string& value,
                 std::string& error) {
  std::optional<std::string> given = params::text(resource, name);
  if (!given) return true;
  std::string valid;
  for (const char* each : allowed) {
    if (*given == each) {
      value = *given;
      return true;
    }
    valid += (valid.empty() ? "" : ", ") + std::string(each);
  }
  error = "Parameter " + name + " failed on " + resource.ref() + ": Invalid value \"" + *given +
          "\". Valid values are " + valid + ".";
  return false;
}

bool read_spec(const catalog::Resource& resource, IniSubsettingSpec& spec, std::string& error) {
  std::string ensure = "present", exact = "false", delete_if_empty = "false", insert = "end";
  std::string show_diff = "true";
  if (!read_choice(resource, "ensure", {"present", "absent"}, ensure, error) ||
      !read_choice(resource, "use_exact_match", {"true", "false"}, exact, error) ||
      !read_choice(resource, "delete_if_empty", {"true", "false"}, delete_if_empty, error) ||
      !read_choice(resource, "insert_type", {"start", "end", "before", "after", "index"}, insert,
                   error) ||
      !read_choice(resource, "show_diff", {"true", "md5", "false", "yes", "no"}, show_diff,
                   error)) {
    return false;
  }
  spec.present = ensure == "present";
  spec.exact = exact == "true";
  spec.delete_if_empty = delete_if_empty == "true";
  spec.insert = insert == "start"    ? Insert::start
                : insert == "before" ? Insert::before
                : insert == "after"  ? Insert::after
                : insert == "index"  ? Insert::index
                                     : Insert::end;
  spec.show_diff = show_diff == "yes" ? "true" : show_diff == "no" ? "false" : show_diff;
  std::optional<std::string> path = params::text(resource, "path");
  if (path && !path->starts_with('/')) {
    error = "File paths must be fully qualified, not '" + *path + "'";
    return false;
  }
  if (!path) {
    error = "path is a required attribute";
    return false;
  }
  spec.path = *path;
  spec.quote_char = params::text(resource, "quote_char").value_or("");
  if (!spec.quote_char.empty() && spec.quote_char != "\"" && spec.quote_char != "'") {
    error = ":quote_char valid values are '', '\"' and \"'\"";
    return false;
  }
  if (resource.file && resource.line) {
    spec.where = " (file: " + *resource.file + ", line: " + std::to_string(*resource.line) + ")";
  }
  spec.section = params::text(resource, "section").value_or("");
  spec.setting = params::text(resource, "setting");
  spec.subsetting = params::text(resource, "subsetting").value_or("");
  spec.value = params::text(resource, "value");
  spec.separator = params::text(resource, "subsetting_separator").value_or(" ");
  spec.item_separator = params::text(resource, "subsetting_key_val_separator").value_or("");
  spec.key_val_separator = params::text(resource, "key_val_separator").value_or(" = ");
  spec.insert_value = params::text(resource, "insert_value");
  return true;
}

}  // namespace

std::unique_ptr<ManagedResource> make_ini_subsetting(const catalog::Resource& resource, Host host,
                                                     std::string& error) {
  return made_from_spec<IniSubsettingSpec, IniSubsettingResource>(resource, host, error, read_spec);
}

Provider ini_subsetting_type_provider() {
  return {make_ini_subsetting, nullptr};
}

}  // namespace marionette::ral
