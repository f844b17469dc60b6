#include "ca/autosign.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>
#include <thread>

namespace marionette::ca {

namespace {

std::string trimmed_line(const std::string& text) {
  auto first = text.find_first_not_of(" \t\r");
  if (first == std::string::npos) return "";
  auto last = text.find_last_not_of(" \t\r");
  return text.substr(first, last - first + 1);
}

bool listed_in(const std::filesystem::path& file, const std::string& name) {
  std::ifstream in(file);
  std::string line;
  while (std::getline(in, line)) {
    line = trimmed_line(line.substr(0, line.find('#')));
    if (!line.empty() && autosign_line_matches(line, name)) return true;
  }
  return false;
}

/// Runs the policy executable: `policy NAME`, the CSR on stdin, output discarded. Exit 0 signs.
bool policy_allows(const std::filesystem::path& policy, const std::string& name,
                   const std::string& csr_pem, std::chrono::milliseconds timeout) {
  int input[2];
  if (::pipe2(input, O_CLOEXEC) != 0) return false;
  pid_t pid = ::fork();
  if (pid < 0) {
    ::close(input[0]);
    ::close(input[1]);
    return false;
  }
  if (pid == 0) {
    ::setpgid(0, 0);
    ::dup2(input[0], 0);
    int null = ::open("/dev/null", O_WRONLY);
    if (null >= 0) {
      ::dup2(null, 1);
      ::dup2(null, 2);
    }
    sigset_t none;
    sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);
    ::execl(policy.c_str(), policy.c_str(), name.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  ::close(input[0]);
  // The CSR is a few KiB, less than a pipe holds; a policy that never reads gets EPIPE, ignored.
  ::signal(SIGPIPE, SIG_IGN);
  std::size_t written = 0;
  while (written < csr_pem.size()) {
    ssize_t n = ::write(input[1], csr_pem.data() + written, csr_pem.size() - written);
    if (n <= 0) break;
    written += static_cast<std::size_t>(n);
  }
  ::close(input[1]);
  auto deadline = std::chrono::steady_clock::now() + timeout;
  int status = 0;
  while (true) {
    pid_t done = ::waitpid(pid, &status, WNOHANG);
    if (done == pid) break;
    if (done < 0) return false;
    if (std::chrono::steady_clock::now() >= deadline) {
      ::kill(-pid, SIGKILL);
      ::kill(pid, SIGKILL);
      ::waitpid(pid, &status, 0);
      return false;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

}  // namespace

bool autosign_line_matches(const std::string& line, const std::string& name) {
  if (line == name) return true;
  if (line.empty() || line[0] != '*') return false;
  const std::string suffix = line.substr(1);
  return name.size() >= suffix.size() &&
         name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0;
}

bool AutosignPolicy::allows(const std::string& name, const std::string& csr_pem) const {
  if (setting_ == "true") return true;
  if (setting_ == "false" || setting_.empty()) return false;
  std::filesystem::path path(setting_);
  std::error_code error;
  if (!std::filesystem::is_regular_file(path, error)) return false;
  if (::access(path.c_str(), X_OK) == 0) return policy_allows(path, name, csr_pem, timeout_);
  return listed_in(path, name);
}

}  // namespace marionette::ca
