#include "config/setting_values.hpp"

#include <cctype>
#include <set>

#include "config/settings_table.hpp"
#include "lang/diagnostic.hpp"

namespace marionette::config {

namespace {

/// How deep `$a` may refer to `$b` that refers to `$c`…; deeper is a loop in practice.
constexpr int kMaxInterpolationDepth = 16;

bool is_name_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

}  // namespace

std::string render_at(const ValueOrigin& origin, const std::string& message) {
  if (origin.file)
    return lang::render_error_at(origin.file, origin.line, origin.column, origin.length, message);
  if (origin.option.empty()) return "error: " + message;
  return "option " + origin.option + ": " + message;
}

void SettingValues::set_default(const std::string& name, std::string text) {
  Entry& slot = entries_[canonical_setting_name(name)];
  if (!slot.is_default) return;
  slot.text = std::move(text);
}

void SettingValues::write(const std::string& name, std::string text, ValueOrigin origin) {
  entries_[canonical_setting_name(name)] = Entry{std::move(text), std::move(origin), false};
}

void SettingValues::write_puppet_conf(const PuppetConf& conf) {
  // The least preferred section first, so that the preferred one's values are written last.
  std::vector<std::string> sections = sections_read_by(mode_);
  for (auto section = sections.rbegin(); section != sections.rend(); ++section) {
    std::set<std::string> seen;
    for (const PuppetConf::Section& candidate : conf.sections) {
      if (candidate.name != *section) continue;
      for (const ConfSetting& setting : candidate.settings) {
        if (!seen.insert(setting.name).second) continue;  // Puppet: the first one wins
        write(setting.name, setting.value,
              ValueOrigin{conf.file, setting.line, setting.value_column,
                          std::max<std::size_t>(setting.value.size(), 1), ""});
      }
    }
  }
}

std::vector<std::string> SettingValues::deprecation_warnings() const {
  // The settings Puppet 7.23 still accepts with a deprecation warning, and nothing else.
  static const char* const kDeprecated[] = {"pluginsync", "environment_data_provider"};
  std::vector<std::string> warnings;
  for (const char* name : kDeprecated)
    if (written(name)) warnings.push_back("Setting '" + std::string(name) + "' is deprecated.");
  return warnings;
}

bool SettingValues::written(const std::string& name) const {
  const Entry* found = entry(name);
  return found && !found->is_default;
}

const SettingValues::Entry* SettingValues::entry(const std::string& name) const {
  const std::string canonical = canonical_setting_name(name);
  if (auto it = entries_.find(canonical); it != entries_.end()) return &it->second;
  static const std::map<std::string, Entry> defaults = [] {
    std::map<std::string, Entry> all;
    for (const SettingDefinition& setting : setting_definitions())
      if (setting.default_text) all[setting.name] = Entry{setting.default_text, {}, true};
    return all;
  }();
  if (puppet7_default(canonical) && follows_puppet7()) {
    static const std::map<std::string, Entry> puppet7_defaults = [] {
      std::map<std::string, Entry> all;
      for (const SettingDefinition& setting : setting_definitions())
        if (const char* text = puppet7_default(setting.name))
          all[setting.name] = Entry{text, {}, true};
      return all;
    }();
    return &puppet7_defaults.at(canonical);
  }
  if (auto it = defaults.find(canonical); it != defaults.end()) return &it->second;
  return nullptr;
}

bool SettingValues::follows_puppet7() const {
  auto written = entries_.find("puppet_compat");
  return written != entries_.end() && written->second.text == "7";
}

void SettingValues::fail(const Entry& entry, const std::string& message) const {
  throw ConfigError(render_at(entry.origin, message));
}

std::string SettingValues::interpolate(const std::string& name, const Entry& value, int depth,
                                       bool* touches_written) const {
  if (!value.is_default) *touches_written = true;
  if (depth > kMaxInterpolationDepth)
    fail(value,
         "Error converting value for param '" + name + "': interpolation nested deeper than " +
             std::to_string(kMaxInterpolationDepth) + " settings (does it refer to itself?)");
  const std::string& text = value.text;
  std::string result;
  for (std::size_t at = 0; at < text.size();) {
    if (text[at] != '$') {
      result += text[at++];
      continue;
    }
    std::size_t start = at + 1;
    bool braced = start < text.size() && text[start] == '{';
    if (braced) ++start;
    std::size_t end = start;
    while (end < text.size() && is_name_char(text[end])) ++end;
    if (end == start || (braced && (end == text.size() || text[end] != '}'))) {
      result += text[at++];  // a `$` that starts no name stays as it is, as in Puppet
      continue;
    }
    const std::string variable = text.substr(start, end - start);
    const std::string expression = text.substr(at, end + (braced ? 1 : 0) - at);
    at = end + (braced ? 1 : 0);
    if (variable == "run_mode") {
      result += run_mode_name(mode_);
      continue;
    }
    const Entry* referred = entry(variable);
    if (!referred)
      fail(value, "Error converting value for param '" + name + "': Could not find value for " +
                      expression);
    result += interpolate(variable, *referred, depth + 1, touches_written);
  }
  return result;
}

std::optional<std::string> SettingValues::text(const std::string& name) const {
  const Entry* found = entry(name);
  if (!found) return std::nullopt;
  bool touches_written = false;
  return interpolate(canonical_setting_name(name), *found, 0, &touches_written);
}

std::optional<std::string> SettingValues::printable(const std::string& name) const {
  std::optional<std::string> value = text(name);
  const SettingDefinition* setting = find_setting(name);
  if (!value || !setting) return value;
  try {
    return normalized_text(*setting, *value);
  } catch (const BadValue& bad) {
    fail(*entry(name), "setting '" + std::string(setting->name) + "' " + bad.why);
  }
}

AgentConfig SettingValues::to_config() const {
  // Every written setting must interpolate, used or not, as Puppet checks them all at start.
  for (const auto& [name, value] : entries_)
    if (!value.is_default && find_setting(name)) text(name);
  AgentConfig config;
  for (const SettingDefinition& setting : setting_definitions()) {
    if (!setting.set) continue;
    const Entry* found = entry(setting.name);
    if (!found) continue;
    bool touches_written = false;
    std::string value;
    try {
      value = interpolate(setting.name, *found, 0, &touches_written);
    } catch (const ConfigError&) {
      if (!found->is_default) throw;
      continue;  // a default that needs one the caller did not give (vardir): AgentConfig's own
    }
    // The default: AgentConfig's own means the same, except puppet_compat's and the defaults
    // that follow it (AgentConfig's own are Puppet 7's).
    const bool follows_compat =
        puppet7_default(setting.name) || std::string_view(setting.name) == "puppet_compat";
    if (!touches_written && !follows_compat) continue;
    if (found->is_default && std::string_view(setting.name) == "hiera_config") {
      // A derived hiera_config is used when it exists, as Puppet's $confdir/hiera.yaml is.
      std::error_code missing;
      if (!std::filesystem::is_regular_file(value, missing)) continue;
    }
    try {
      setting.set(config, value);
    } catch (const BadValue& bad) {
      if (!found->origin.option.empty())
        throw OptionError("option " + found->origin.option + " " + bad.why);
      fail(*found, "setting '" + std::string(setting.name) + "' " + bad.why);
    }
  }
  config.manifest_settings = manifest_settings();
  return config;
}

std::vector<compiler::ManifestSetting> SettingValues::manifest_settings() const {
  using Kind = compiler::ManifestSetting::Kind;
  std::vector<compiler::ManifestSetting> out;
  for (const SettingDefinition& setting : setting_definitions()) {
    if (!is_puppet_setting(setting.name)) continue;
    std::optional<std::string> value;
    try {
      value = printable(setting.name);
    } catch (const ConfigError&) {
      continue;  // a default that needs one the caller did not give (a bad written one threw)
    }
    if (!value) continue;
    Kind kind = value->empty() && puppet_default_is_undef(setting.name) ? Kind::undef : Kind::text;
    switch (setting.kind) {
      case SettingKind::a_switch:
        kind = Kind::boolean;
        break;
      case SettingKind::duration:
      case SettingKind::number:
        kind = Kind::number;
        break;
      case SettingKind::duration_or_unlimited:
        kind = Kind::number;
        if (*value == "unlimited") value = "Infinity";
        break;
      case SettingKind::text:
        break;
    }
    out.push_back({setting.name, std::move(*value), kind});
  }
  return out;
}

}  // namespace marionette::config
