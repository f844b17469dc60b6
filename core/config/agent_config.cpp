#include "config/agent_config.hpp"

#include <yaml-cpp/yaml.h>

#include <charconv>
#include <fstream>
#include <functional>
#include <sstream>
#include <stdexcept>

#include "lang/diagnostic.hpp"

namespace marionette::config {

namespace {

/// Thrown by a setter: why the value is not acceptable, without saying where it came from.
struct BadValue {
  std::string why;
};

bool parse_boolean(const std::string& text) {
  if (text == "true" || text == "yes" || text == "on") return true;
  if (text == "false" || text == "no" || text == "off") return false;
  throw BadValue{"must be true or false, not '" + text + "'"};
}

std::chrono::seconds duration_of(const std::string& text) {
  auto seconds = parse_duration(text);
  if (!seconds)
    throw BadValue{"must be a duration such as 30, 30s, 5m, 2h or 1d, not '" + text + "'"};
  return *seconds;
}

std::string not_empty(const std::string& text) {
  if (text.empty()) throw BadValue{"must not be empty"};
  return text;
}

std::string log_level_of(const std::string& text) {
  for (const char* level : {"debug", "info", "notice", "warning", "err"})
    if (text == level) return text;
  throw BadValue{"must be one of debug, info, notice, warning or err, not '" + text + "'"};
}

struct Setting {
  const char* name;
  bool is_switch;
  std::function<void(AgentConfig&, const std::string&)> set;
};

const std::vector<Setting>& settings() {
  static const std::vector<Setting> all = {
      {"env-dir", false, [](AgentConfig& c, const std::string& v) { c.env_dir = not_empty(v); }},
      {"manifest", false, [](AgentConfig& c, const std::string& v) { c.manifest = not_empty(v); }},
      {"modulepath", false, [](AgentConfig& c, const std::string& v) { c.modulepath = v; }},
      {"basemodulepath", false, [](AgentConfig& c, const std::string& v) { c.basemodulepath = v; }},
      {"environmentpath", false,
       [](AgentConfig& c, const std::string& v) { c.environmentpath = not_empty(v); }},
      {"facts", false, [](AgentConfig& c, const std::string& v) { c.facts = not_empty(v); }},
      {"certname", false, [](AgentConfig& c, const std::string& v) { c.certname = not_empty(v); }},
      {"environment", false,
       [](AgentConfig& c, const std::string& v) { c.environment = not_empty(v); }},
      {"statedir", false, [](AgentConfig& c, const std::string& v) { c.statedir = not_empty(v); }},
      {"runinterval", false,
       [](AgentConfig& c, const std::string& v) {
         c.runinterval = duration_of(v);
         if (c.runinterval.count() == 0) throw BadValue{"must be longer than 0 seconds"};
       }},
      {"noop", true, [](AgentConfig& c, const std::string& v) { c.noop = parse_boolean(v); }},
      {"snmp", true, [](AgentConfig& c, const std::string& v) { c.snmp = parse_boolean(v); }},
      {"agentx-socket", false,
       [](AgentConfig& c, const std::string& v) { c.agentx_socket = not_empty(v); }},
      {"root-oid", false, [](AgentConfig& c, const std::string& v) { c.root_oid = not_empty(v); }},
      {"redis", false, [](AgentConfig& c, const std::string& v) { c.redis = not_empty(v); }},
      {"redis-prefix", false,
       [](AgentConfig& c, const std::string& v) { c.redis_prefix = not_empty(v); }},
      {"log-level", false,
       [](AgentConfig& c, const std::string& v) { c.log_level = log_level_of(v); }},
      {"logdest", false, [](AgentConfig& c, const std::string& v) { c.logdest = not_empty(v); }},
      {"splay", true, [](AgentConfig& c, const std::string& v) { c.splay = parse_boolean(v); }},
      {"splaylimit", false,
       [](AgentConfig& c, const std::string& v) { c.splaylimit = duration_of(v); }},
      {"usecacheonfailure", true,
       [](AgentConfig& c, const std::string& v) { c.usecacheonfailure = parse_boolean(v); }},
      {"route-file", false,
       [](AgentConfig& c, const std::string& v) { c.route_file = not_empty(v); }},
      {"external-dir", false,
       [](AgentConfig& c, const std::string& v) { c.external_dir = not_empty(v); }},
      {"hiera-config", false,
       [](AgentConfig& c, const std::string& v) { c.hiera_config = not_empty(v); }},
  };
  return all;
}

const Setting* find_setting(const std::string& name) {
  for (const Setting& s : settings())
    if (name == s.name) return &s;
  return nullptr;
}

std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path);
  if (!in) throw ConfigError(path.string() + ": error: cannot read the configuration file");
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

[[noreturn]] void fail_at(const std::shared_ptr<const lang::SourceFile>& file,
                          const YAML::Mark& mark, std::size_t length, const std::string& message) {
  throw ConfigError(lang::render_error_at(file, mark.line, mark.column, length, message));
}

}  // namespace

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
  auto file = std::make_shared<lang::SourceFile>(lang::SourceFile{path.string(), read_text(path)});
  YAML::Node root;
  try {
    root = YAML::Load(file->text);
  } catch (const YAML::ParserException& e) {
    fail_at(file, e.mark, 1, "not valid YAML: " + e.msg);
  }
  if (root.IsNull()) return;  // an empty file sets nothing
  if (!root.IsMap())
    fail_at(file, root.Mark(), 1, "the configuration must be a mapping of setting names to values");
  for (const auto& entry : root) {
    std::string name = entry.first.Scalar();
    const Setting* setting = find_setting(name);
    if (!setting) fail_at(file, entry.first.Mark(), name.size(), "unknown setting '" + name + "'");
    if (!entry.second.IsScalar())
      fail_at(file, entry.second.Mark(), 1, "setting '" + name + "' must be a single value");
    try {
      setting->set(into, entry.second.Scalar());
    } catch (const BadValue& bad) {
      fail_at(file, entry.second.Mark(), entry.second.Scalar().size(),
              "setting '" + name + "' " + bad.why);
    }
  }
}

void apply_option(const std::string& name, const std::string& value, AgentConfig& into) {
  const Setting* setting = find_setting(name);
  if (!setting) throw ConfigError("unknown option --" + name);
  try {
    setting->set(into, value);
  } catch (const BadValue& bad) {
    throw ConfigError("option --" + name + " " + bad.why);
  }
}

std::vector<std::string> setting_names() {
  std::vector<std::string> names;
  for (const Setting& s : settings()) names.push_back(s.name);
  return names;
}

bool is_switch(const std::string& name) {
  const Setting* setting = find_setting(name);
  return setting && setting->is_switch;
}

}  // namespace marionette::config
