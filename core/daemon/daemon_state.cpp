#include "daemon/daemon_state.hpp"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

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
  if (!state.last_error.empty()) json["last_error"] = state.last_error;
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

/// Overwrites the file where it is, without a temporary: on a full file system the blocks the
/// file already has can still be rewritten (the state is far smaller than one block).
bool overwrite_in_place(const std::filesystem::path& path, const std::string& text) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) return false;
  bool written = ::pwrite(fd, text.data(), text.size(), 0) == static_cast<ssize_t>(text.size()) &&
                 ::ftruncate(fd, static_cast<off_t>(text.size())) == 0;
  ::close(fd);
  return written;
}

void write_daemon_state(const std::filesystem::path& path, const DaemonState& state) {
  const std::string temporary = path.string() + ".tmp";
  const std::string text = to_json(state).dump(2) + "\n";
  bool written = false;
  {
    std::ofstream out(temporary, std::ios::trunc);
    out << text;
    out.flush();
    written = static_cast<bool>(out);
  }
  std::error_code error;
  if (written) std::filesystem::rename(temporary, path, error);
  if (written && !error) return;
  std::filesystem::remove(temporary, error);
  if (overwrite_in_place(path, text)) return;
  throw std::runtime_error("cannot write " + temporary);
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
    state.last_error = json.value("last_error", std::string());
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
