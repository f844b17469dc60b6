#include "daemon/daemon_state.hpp"

#include <signal.h>

#include <cerrno>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>

namespace marionette::daemon {

namespace {

nlohmann::ordered_json to_json(const DaemonState& state) {
  nlohmann::ordered_json json = {
      {"pid", state.pid},
      {"state", state.state},
      {"started_at", state.started_at},
      {"updated_at", state.updated_at},
      {"last_run", state.last_run ? nlohmann::ordered_json(*state.last_run) : nullptr},
      {"last_status", state.last_status},
      {"catalog_source", state.catalog_source},
      {"next_run", state.next_run ? nlohmann::ordered_json(*state.next_run) : nullptr},
      {"run_interval", state.run_interval_s},
      {"noop", state.noop},
  };
  return json;
}

std::optional<std::int64_t> optional_time(const nlohmann::json& json, const char* key) {
  const auto& value = json.at(key);
  if (value.is_null()) return std::nullopt;
  return value.get<std::int64_t>();
}

}  // namespace

std::filesystem::path daemon_state_path(const std::filesystem::path& state_dir) {
  return state_dir / "agent_state.json";
}

void write_daemon_state(const std::filesystem::path& path, const DaemonState& state) {
  const std::string temporary = path.string() + ".tmp";
  {
    std::ofstream out(temporary, std::ios::trunc);
    out << to_json(state).dump(2) << "\n";
    out.flush();
    if (!out) throw std::runtime_error("cannot write " + temporary);
  }
  std::error_code error;
  std::filesystem::rename(temporary, path, error);
  if (error) throw std::runtime_error("cannot replace " + path.string() + ": " + error.message());
}

std::optional<DaemonState> read_daemon_state(const std::filesystem::path& path,
                                             std::string& error) {
  error.clear();
  std::ifstream in(path);
  if (!in) {
    std::error_code ignored;
    if (std::filesystem::exists(path, ignored)) error = "cannot read the file";
    return std::nullopt;
  }
  std::stringstream text;
  text << in.rdbuf();
  nlohmann::json json = nlohmann::json::parse(text.str(), nullptr, false);
  if (json.is_discarded() || !json.is_object()) {
    error = "not a JSON object";
    return std::nullopt;
  }
  try {
    DaemonState state;
    state.pid = json.at("pid").get<pid_t>();
    state.state = json.at("state").get<std::string>();
    state.started_at = json.at("started_at").get<std::int64_t>();
    state.updated_at = json.at("updated_at").get<std::int64_t>();
    state.last_run = optional_time(json, "last_run");
    state.last_status = json.at("last_status").get<std::string>();
    state.catalog_source = json.at("catalog_source").get<std::string>();
    state.next_run = optional_time(json, "next_run");
    state.run_interval_s = json.at("run_interval").get<std::int64_t>();
    state.noop = json.at("noop").get<bool>();
    if (state.pid <= 0) throw std::runtime_error("pid must be a positive number");
    return state;
  } catch (const std::exception& e) {
    error = std::string("not an agent state file: ") + e.what();
    return std::nullopt;
  }
}

bool process_alive(pid_t pid) {
  if (pid <= 0) return false;
  return ::kill(pid, 0) == 0 || errno == EPERM;
}

}  // namespace marionette::daemon
