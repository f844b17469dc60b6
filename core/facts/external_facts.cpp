#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <sstream>
#include <system_error>
#include <vector>

#include "facts/facts.hpp"
#include "facts/json_facts.hpp"
#include "facts/native_parts.hpp"
#include "rubyish/indexed_object.hpp"
#include "rubyish/json_nesting.hpp"
#include "lang/located_error.hpp"
#include "text/text.hpp"

namespace marionette::facts {
namespace {

namespace fs = std::filesystem;

/// How long an executable fact may run before it is killed and skipped.
constexpr auto kExecutableTimeout = std::chrono::seconds(30);

/// key=value lines; blank lines and # comments are skipped, other lines are reported.
Facts parse_key_values(const std::string& text, const fs::path& path, const Warn& warn) {
  Facts facts = Facts::object();
  rubyish::IndexedObject names(facts);
  std::istringstream lines(text);
  int number = 0;
  for (std::string line; std::getline(lines, line);) {
    ++number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find_first_not_of(" \t") == std::string::npos || line[0] == '#') continue;
    auto equals = line.find('=');
    if (equals == std::string::npos || equals == 0) {
      warn(path.string() + ":" + std::to_string(number) + ": not a key=value line; skipped");
      continue;
    }
    names.set(text::lowercase(line.substr(0, equals)), line.substr(equals + 1));
  }
  return facts;
}

Facts parse_json(const std::string& text, const fs::path& path) {
  if (std::string problem = rubyish::json_nesting_problem(text); !problem.empty())
    throw std::runtime_error(path.string() + ": error: " + problem);
  Facts parsed;
  try {
    parsed = parse_json_facts(text);
  } catch (const std::runtime_error&) {
    throw std::runtime_error(path.string() + ": error: not valid JSON");
  }
  if (!parsed.is_object()) {
    throw std::runtime_error(path.string() + ": error: expected an object of fact names to values");
  }
  return parsed;
}

Facts parse_yaml_text(const std::string& text, const fs::path& path) {
  // load_yaml_file reads a file; an executable's output goes through a temporary one.
  char name[] = "/tmp/marionette-fact-XXXXXX";
  int fd = ::mkstemp(name);
  if (fd < 0) throw std::runtime_error(path.string() + ": error: cannot make a temporary file");
  bool written = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
  ::close(fd);
  try {
    Facts facts = written ? load_yaml_file(name) : Facts::object();
    ::unlink(name);
    return facts;
  } catch (const std::exception& error) {
    ::unlink(name);
    throw std::runtime_error(path.string() + ": error: its output is not a YAML mapping");
  }
}

/// Runs an executable fact with a time limit; its standard output, or an error naming it.
std::string run_executable(const fs::path& path) {
  int out[2];
  if (::pipe2(out, O_CLOEXEC) != 0) throw std::runtime_error(path.string() + ": cannot run");
  pid_t child = ::fork();
  if (child < 0) throw std::runtime_error(path.string() + ": error: cannot run");
  if (child == 0) {
    // The agent blocks the signals it waits for; a fact executable must not inherit that mask.
    sigset_t nothing_blocked;
    ::sigemptyset(&nothing_blocked);
    ::sigprocmask(SIG_SETMASK, &nothing_blocked, nullptr);
    // Its own process group, so that a timeout kills what it started too (a child of its own
    // holding the pipe open would outlive it otherwise).
    ::setpgid(0, 0);
    ::dup2(out[1], STDOUT_FILENO);
    ::execl(path.c_str(), path.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  ::close(out[1]);
  ::setpgid(child, child);  // as the child does: whichever runs first
  std::string text;
  const auto deadline = std::chrono::steady_clock::now() + kExecutableTimeout;
  bool timed_out = false;
  for (;;) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      timed_out = true;
      break;
    }
    pollfd ready{out[0], POLLIN, 0};
    if (::poll(&ready, 1, static_cast<int>(left.count())) <= 0) continue;
    char buffer[4096];
    ssize_t n = ::read(out[0], buffer, sizeof buffer);
    if (n <= 0) break;
    text.append(buffer, static_cast<std::size_t>(n));
  }
  ::close(out[0]);
  if (timed_out) ::kill(-child, SIGKILL);  // the whole group; the unreaped child keeps it alive
  int status = 0;
  ::waitpid(child, &status, 0);
  if (timed_out) {
    throw std::runtime_error(path.string() + ": error: still running after " +
                             std::to_string(kExecutableTimeout.count()) + " seconds; killed");
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    throw std::runtime_error(path.string() + ": error: exited with status " +
                             std::to_string(WIFEXITED(status) ? WEXITSTATUS(status) : -1));
  }
  return text;
}

/// An executable's output: JSON when it starts with '{', YAML when it starts with "---" or its
/// first line is a "key: value", else key=value lines.
Facts executable_facts(const fs::path& path, const Warn& warn) {
  const std::string text = run_executable(path);
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return Facts::object();
  if (text[first] == '{') return parse_json(text, path);
  const std::string first_line = text.substr(first, text.find('\n', first) - first);
  if (first_line.starts_with("---") ||
      (first_line.find('=') == std::string::npos && first_line.find(": ") != std::string::npos)) {
    return parse_yaml_text(text, path);
  }
  return parse_key_values(text, path, warn);
}

std::string read_file(const fs::path& path) {
  std::string text = native::read_text(path.c_str());
  if (text.empty() && !fs::is_regular_file(path)) {
    throw std::runtime_error(path.string() + ": error: cannot read the file");
  }
  return text;
}

/// The facts in one file of a facts.d directory; nullopt for files that are not facts.
std::optional<Facts> facts_in(const fs::path& path, const Warn& warn) {
  const std::string extension = text::lowercase(path.extension().string());
  if (extension == ".yaml" || extension == ".yml") return load_yaml_file(path);
  if (extension == ".json") return parse_json(read_file(path), path);
  if (extension == ".txt") return parse_key_values(read_file(path), path, warn);
  if (::access(path.c_str(), X_OK) == 0) return executable_facts(path, warn);
  return std::nullopt;
}

}  // namespace

std::vector<fs::path> native::directories_from_environment(const char* variable) {
  std::vector<fs::path> dirs;
  if (const char* value = std::getenv(variable); value && *value) {
    std::istringstream parts(value);
    for (std::string dir; std::getline(parts, dir, ':');) {
      if (!dir.empty()) dirs.emplace_back(dir);
    }
  }
  return dirs;
}

std::vector<fs::path> default_external_dirs(bool root, const char* home) {
  // Facter's own defaults first, so that a fact a package installs for Puppet (Debian's
  // puppet-module-openstacklib ships /etc/facter/facts.d/os_service_default.txt) is seen here too:
  // as root, Debian's Facter reads /etc/facter/facts.d and OpenVox's the two puppetlabs ones;
  // otherwise Facter reads ~/.facter/facts.d.
  std::vector<fs::path> dirs;
  if (root) {
    dirs = {"/etc/puppetlabs/facter/facts.d", "/etc/facter/facts.d",
            "/opt/puppetlabs/facter/facts.d"};
  } else if (home && *home) {
    dirs.push_back(fs::path(home) / ".facter/facts.d");
  }
  dirs.emplace_back(kDefaultExternalFactsDir);
  for (fs::path& dir : native::directories_from_environment("MARIONETTE_FACTS_D"))
    dirs.push_back(std::move(dir));
  return dirs;
}

std::vector<fs::path> default_external_dirs() {
  return default_external_dirs(::geteuid() == 0, std::getenv("HOME"));
}

Facts load_external_facts(const std::vector<fs::path>& dirs, const Warn& warn) {
  Facts external = Facts::object();
  for (const auto& dir : dirs) {
    std::error_code error;
    if (!fs::is_directory(dir, error)) continue;
    std::vector<fs::path> files;
    for (fs::directory_iterator it(dir, error), end; !error && it != end; it.increment(error)) {
      if (it->is_regular_file(error) && !it->path().filename().string().starts_with(".")) {
        files.push_back(it->path());
      }
    }
    if (error) warn(dir.string() + ": cannot list the directory: " + error.message());
    std::sort(files.begin(), files.end());
    for (const auto& file : files) {
      try {
        auto facts = facts_in(file, warn);
        if (!facts) continue;
        set_all(external, *facts, [](std::string name) { return text::lowercase(name); });
      } catch (const std::exception& failure) {
        warn(lang::describe_line(failure) + "; its facts are skipped");
      }
    }
  }
  return external;
}

Facts gather(const std::vector<fs::path>& external_dirs, const Warn& warn) {
  return gather(external_dirs, warn, {});
}

Facts gather(const std::vector<fs::path>& external_dirs, const Warn& warn,
             const std::vector<std::string>& names) {
  Facts facts = gather_native(names);
  const Facts external = load_external_facts(external_dirs, warn);
  if (external.empty()) return facts;
  set_all(facts, external);
  return native::sorted_facts(std::move(facts));
}

}  // namespace marionette::facts
