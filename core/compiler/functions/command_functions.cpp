// Functions that run a command on the compiling host: Puppet's generate(command, args...) (no
// shell, in the command's directory, its output as the value) and stdlib's
// validate_cmd(content, command, message) (the content in a temporary file, the command run on
// it through /bin/sh with `%` standing for the file). A non-zero exit fails the compilation.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <regex>

#include "compiler/functions/stdlib_support.hpp"
#include "text/text.hpp"

namespace marionette::compiler {

namespace {

using stdlib::raise;

/// A command may run this long before it is killed (Puppet waits forever).
constexpr int kCommandSeconds = 300;

struct Outcome {
  int status = 0;  ///< the exit status, or 128 + the signal
  std::string output;
};

/// Runs the program (argv[0], a path) in `directory` (none: here) with standard output and error
/// on one pipe; nullopt when no process could be started.
std::optional<Outcome> run_command(const std::vector<std::string>& argv,
                                   const std::string& directory = "") {
  std::vector<char*> pointers;
  for (const std::string& arg : argv) pointers.push_back(const_cast<char*>(arg.c_str()));
  pointers.push_back(nullptr);
  int pipe_fds[2];
  if (pipe2(pipe_fds, O_CLOEXEC) != 0) return std::nullopt;
  pid_t child = fork();
  if (child < 0) {
    close(pipe_fds[0]);
    close(pipe_fds[1]);
    return std::nullopt;
  }
  if (child == 0) {
    setpgid(0, 0);
    dup2(pipe_fds[1], 1);
    dup2(pipe_fds[1], 2);
    int devnull = open("/dev/null", O_RDONLY);
    if (devnull >= 0) dup2(devnull, 0);
    if (!directory.empty() && chdir(directory.c_str()) != 0) _exit(127);
    execv(pointers[0], pointers.data());
    _exit(127);
  }
  close(pipe_fds[1]);
  Outcome outcome;
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(kCommandSeconds);
  bool killed = false;
  while (true) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      kill(-child, SIGKILL);
      killed = true;
      break;
    }
    pollfd readable{pipe_fds[0], POLLIN, 0};
    if (poll(&readable, 1, static_cast<int>(left.count())) <= 0) continue;
    char buffer[4096];
    ssize_t n = read(pipe_fds[0], buffer, sizeof buffer);
    if (n <= 0) break;
    if (outcome.output.size() < (1u << 20))
      outcome.output.append(buffer, static_cast<std::size_t>(n));
  }
  close(pipe_fds[0]);
  int status = 0;
  waitpid(child, &status, 0);
  outcome.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  if (killed) outcome.output += "\n(killed after " + std::to_string(kCommandSeconds) + " seconds)";
  return outcome;
}

/// A temporary file named as Ruby's Tempfile names it: validate_cmdYYYYMMDD-PID-XXXXXX.
std::string temporary_file(const std::string& content) {
  const char* dir = std::getenv("TMPDIR");
  std::time_t now = std::time(nullptr);
  char date[16];
  std::strftime(date, sizeof date, "%Y%m%d", std::localtime(&now));
  std::string pattern = std::string(dir && *dir ? dir : "/tmp") + "/validate_cmd" + date + "-" +
                        std::to_string(getpid()) + "-XXXXXX";
  int fd = mkstemp(pattern.data());
  if (fd < 0) return "";
  std::size_t written = 0;
  while (written < content.size()) {
    ssize_t n = write(fd, content.data() + written, content.size() - written);
    if (n <= 0) break;
    written += static_cast<std::size_t>(n);
  }
  close(fd);
  return pattern;
}

Value validate_cmd(CallContext& call) {
  std::vector<Value> args = stdlib::legacy_arguments(call.arguments);
  if (args.size() < 2 || args.size() > 3)
    raise(call, "validate_cmd(): wrong number of arguments (" + std::to_string(args.size()) +
                    "; must be 2 or 3)");
  std::string message =
      args.size() > 2 && truthy(args[2])
          ? ruby_to_s(args[2])
          : "validate_cmd(): failed to validate content with command " + ruby_inspect(args[1]);
  std::string path = temporary_file(ruby_to_s(args[0]));
  if (path.empty()) raise(call, message + "\nErrno::EACCES cannot create a temporary file");
  struct Remove {
    std::string p;
    ~Remove() { std::remove(p.c_str()); }
  } remove{path};
  std::string check = ruby_to_s(args[1]);
  static const std::regex placeholder(R"(\s%(\s|$))");
  std::string command;
  if (std::regex_search(check, placeholder)) {
    for (char c : check) command += c == '%' ? path : std::string(1, c);
  } else {
    command = check + " " + path;
  }
  // Puppet execs the command itself: a missing program is its own message, status 1.
  std::string program = check.substr(0, check.find_first_of(" \t"));
  if (program.starts_with("/") && access(program.c_str(), X_OK) != 0)
    raise(call, message + "\nExecution of '" + command +
                    "' returned 1: Error: Could not execute posix command: No such file or "
                    "directory - " +
                    program);
  std::optional<Outcome> outcome = run_command({"/bin/sh", "-c", command});
  if (!outcome) raise(call, message + "\nErrno::EAGAIN cannot start the command");
  if (outcome->status != 0)
    raise(call, message + "\nExecution of '" + command + "' returned " +
                    std::to_string(outcome->status) + ": " +
                    std::string(text::trimmed(outcome->output)));
  return Value();
}

/// generate('/path/to/command', args...): the command's output.
Value generate(CallContext& call) {
  if (call.arguments.empty()) call.fail("expects at least 1 argument, got 0");
  std::vector<std::string> argv;
  for (const Value& arg : stdlib::legacy_arguments(call.arguments)) argv.push_back(ruby_to_s(arg));
  const std::string& program = argv[0];
  if (!stdlib::is_absolute_path(Value(program))) raise(call, "Generators must be fully qualified");
  static const std::regex allowed(R"(^[-/\w.+]+$)", std::regex::multiline);
  if (program.size() > stdlib::kLongestRegexInput || !std::regex_search(program, allowed))
    raise(call, "Generators can only contain alphanumerics, file separators, and dashes");
  if (program.find("..") != std::string::npos)
    raise(call, "Can not use generators with '..' in them.");
  std::string command;
  for (const std::string& arg : argv) command += (command.empty() ? "" : " ") + arg;
  std::string prefix = "Failed to execute generator " + program + ": Execution of '" + command;
  std::string directory = program.substr(0, program.rfind('/'));
  if (directory.empty()) directory = "/";
  std::error_code ignored;
  if (!std::filesystem::is_directory(directory, ignored))
    raise(call, "No such file or directory @ dir_chdir - " + directory);
  if (access(program.c_str(), X_OK) != 0)
    raise(call, prefix +
                    "' returned 1: Error: Could not execute posix command: No such file or "
                    "directory - " +
                    program);
  std::optional<Outcome> outcome = run_command(argv, directory);
  if (!outcome) raise(call, prefix + "' could not be started");
  if (outcome->status != 0)
    raise(call, prefix + "' returned " + std::to_string(outcome->status) + ": " +
                    std::string(text::trimmed(outcome->output)));
  return outcome->output;
}

}  // namespace

void register_command_functions(FunctionTable& table) {
  table.emplace_back("generate", generate);
  table.emplace_back("validate_cmd", validate_cmd);
}

}  // namespace marionette::compiler
