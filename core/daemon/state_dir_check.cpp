#include "daemon/state_dir_check.hpp"

#include <unistd.h>
#include <yaml-cpp/yaml.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>

#include "daemon/daemon_state.hpp"

namespace marionette::daemon {

namespace {

namespace fs = std::filesystem;

std::optional<std::string> read_all(const fs::path& path) {
  std::ifstream in(path);
  if (!in) return std::nullopt;
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

/// Why a YAML state file is unusable; empty when it is a mapping.
std::string yaml_mapping_problem(const std::string& text) {
  try {
    YAML::Node root = YAML::Load(text);
    if (!root.IsMap()) return "not a YAML mapping";
    return "";
  } catch (const YAML::Exception& e) {
    return "not valid YAML: " + e.msg;
  }
}

std::string json_object_problem(const std::string& text) {
  nlohmann::json json = nlohmann::json::parse(text, nullptr, false);
  if (json.is_discarded()) return "not valid JSON";
  if (!json.is_object()) return "not a JSON object";
  return "";
}

/// "NAME.tmp.1234" → 1234; 0 when the name is not such a temporary.
pid_t writer_of_temporary(const std::string& name) {
  auto at = name.rfind(".tmp.");
  if (at == std::string::npos || at + 5 >= name.size()) return 0;
  long pid = 0;
  for (std::size_t i = at + 5; i < name.size(); ++i) {
    if (name[i] < '0' || name[i] > '9' || pid > 100000000) return 0;
    pid = pid * 10 + (name[i] - '0');
  }
  return static_cast<pid_t>(pid);
}

}  // namespace

std::size_t remove_stale_temporaries(const fs::path& state_dir) {
  std::size_t removed = 0;
  for (const fs::path& dir : {state_dir, state_dir / "client_data" / "catalog"}) {
    std::error_code error;
    for (fs::directory_iterator it(dir, error), end; !error && it != end; it.increment(error)) {
      const std::string name = it->path().filename().string();
      const pid_t writer = writer_of_temporary(name);
      const bool stale = (writer > 0 && writer != ::getpid() && !process_alive(writer)) ||
                         name == daemon_state_path(state_dir).filename().string() + ".tmp";
      std::error_code ignored;
      if (stale && it->is_regular_file(ignored) && fs::remove(it->path(), ignored)) ++removed;
    }
  }
  return removed;
}

std::vector<std::string> set_aside_corrupt_state(const fs::path& state_dir) {
  std::vector<std::string> messages;
  auto check = [&](const char* name, auto problem_of) {
    const fs::path path = state_dir / name;
    std::optional<std::string> text = read_all(path);
    if (!text) return;
    std::string problem = problem_of(*text);
    if (problem.empty()) return;
    fs::path aside = path.string() + ".corrupt";
    std::error_code error;
    fs::rename(path, aside, error);
    messages.push_back(path.string() + " is corrupt (" + problem + "); " +
                       (error ? "it will be replaced"
                              : "moved to " + aside.string() + " and replaced by the next run"));
  };
  check("last_run_summary.yaml", yaml_mapping_problem);
  check("last_run_report.yaml", yaml_mapping_problem);
  check("facts_cache.json", json_object_problem);
  check("agent_state.json", [&](const std::string&) {
    std::string error;
    read_daemon_state(daemon_state_path(state_dir), error);
    return error;
  });
  return messages;
}

}  // namespace marionette::daemon
