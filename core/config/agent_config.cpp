#include "config/agent_config.hpp"

#include <charconv>

#include "config/setting_values.hpp"
#include "config/settings_table.hpp"
#include "config/yaml_config.hpp"

namespace marionette::config {

std::optional<std::chrono::seconds> parse_duration(const std::string& text) {
  if (text.empty()) return std::nullopt;
  long long amount = 0;
  const char* end = text.data() + text.size();
  auto [rest, error] = std::from_chars(text.data(), end, amount);
  if (error != std::errc() || amount < 0) return std::nullopt;
  long long unit = 1;
  if (rest != end) {
    if (rest + 1 != end) return std::nullopt;
    switch (*rest) {
      case 's':
        unit = 1;
        break;
      case 'm':
        unit = 60;
        break;
      case 'h':
        unit = 3600;
        break;
      case 'd':
        unit = 86400;
        break;
      case 'y':
        unit = 31536000;
        break;
      default:
        return std::nullopt;
    }
  }
  return std::chrono::seconds(amount * unit);
}

void load_file(const std::filesystem::path& path, AgentConfig& into) {
  SettingValues values;
  write_marionette_yaml(path, values);
  into = values.to_config();
}

void apply_option(const std::string& name, const std::string& value, AgentConfig& into) {
  const SettingDefinition* setting = find_setting(name);
  if (!setting || !setting->set) throw ConfigError("unknown option --" + name);
  try {
    setting->set(into, value);
  } catch (const BadValue& bad) {
    throw ConfigError("option --" + name + " " + bad.why);
  }
}

std::vector<std::string> setting_names() {
  std::vector<std::string> names;
  for (const SettingDefinition& setting : setting_definitions())
    names.push_back(dashed_setting_name(setting.name));
  return names;
}

bool is_switch(const std::string& name) {
  const SettingDefinition* setting = find_setting(name);
  return setting && setting->kind == SettingKind::a_switch;
}

}  // namespace marionette::config
