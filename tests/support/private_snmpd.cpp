#include "support/private_snmpd.hpp"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>
#include <vector>

namespace marionette::testing {
namespace {

using Clock = std::chrono::steady_clock;
constexpr auto kPollStep = std::chrono::milliseconds(10);

std::filesystem::path make_snmpd_dir() {
  std::string pattern = (std::filesystem::temp_directory_path() / "marionette-snmpd-XXXXXX");
  if (!mkdtemp(pattern.data())) throw std::runtime_error("PrivateSnmpd: mkdtemp failed");
  return pattern;
}

/// Reaps `pid` if it has exited; true if it has.
bool reaped(pid_t pid) {
  int status = 0;
  return waitpid(pid, &status, WNOHANG) == pid;
}

}  // namespace

int free_udp_port() {
  int fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
  if (fd < 0) throw std::runtime_error("free_udp_port: socket failed");
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t length = sizeof address;
  if (bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 ||
      getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) != 0) {
    close(fd);
    throw std::runtime_error("free_udp_port: bind failed");
  }
  close(fd);
  return ntohs(address.sin_port);
}

bool PrivateSnmpd::available(const std::filesystem::path& snmpd) {
  return access(snmpd.c_str(), X_OK) == 0;
}

PrivateSnmpd::PrivateSnmpd(std::filesystem::path snmpd, bool start_now)
    : snmpd_(std::move(snmpd)), dir_(make_snmpd_dir()), port_(free_udp_port()) {
  std::filesystem::create_directory(dir_ / "persist");
  write_config();
  if (start_now) {
    try {
      start();
    } catch (...) {
      std::filesystem::remove_all(dir_);
      throw;
    }
  }
}

PrivateSnmpd::~PrivateSnmpd() {
  stop();
  std::error_code ignored;
  std::filesystem::remove_all(dir_, ignored);
}

void PrivateSnmpd::write_config() const {
  std::ofstream conf(dir_ / "snmpd.conf");
  conf << "agentAddress  udp:127.0.0.1:" << port_ << "\n"
       << "rocommunity   public 127.0.0.1\n"
       << "master        agentx\n"
       << "agentXSocket  unix:" << agentx_socket() << "\n"
       << "agentXPerms   0660 0770\n"
       << "[snmp] mibs :\n"
       << "[snmp] persistentDir " << (dir_ / "persist").string() << "\n"
       << extra_config_;
}

void PrivateSnmpd::set_extra_config(std::string lines) {
  extra_config_ = std::move(lines);
  if (!extra_config_.empty() && extra_config_.back() != '\n') extra_config_ += '\n';
  write_config();
}

void PrivateSnmpd::start(std::chrono::milliseconds timeout) {
  if (running()) return;
  std::filesystem::remove(agentx_socket());
  const std::string conf = (dir_ / "snmpd.conf").string();
  const std::string pidfile = (dir_ / "snmpd.pid").string();
  const std::string logfile = (dir_ / "snmpd.log").string();
  std::vector<std::string> args = {snmpd_.string(), "-f", "-Lo",  "-C", "-c", conf, "-I",
                                   "-smux",         "-p", pidfile};
  std::vector<char*> argv;
  for (std::string& arg : args) argv.push_back(arg.data());
  argv.push_back(nullptr);
  std::string mibs_env = "MIBS=";
  char* envp[] = {mibs_env.data(), nullptr};

  const int log_fd = open(logfile.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  const int null_fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
  pid_ = fork();
  if (pid_ == 0) {
    // Only async-signal-safe calls here. If the test dies, snmpd goes with it.
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    dup2(null_fd, 0);
    dup2(log_fd, 1);
    dup2(log_fd, 2);
    execve(argv[0], argv.data(), envp);
    _exit(127);
  }
  close(log_fd);
  close(null_fd);
  if (pid_ < 0) throw std::runtime_error("PrivateSnmpd: cannot fork");

  const auto deadline = Clock::now() + timeout;
  while (!std::filesystem::exists(agentx_socket())) {
    if (reaped(pid_)) {
      pid_ = -1;
      throw std::runtime_error("PrivateSnmpd: snmpd exited; its log:\n" + log());
    }
    if (Clock::now() > deadline) {
      stop();
      throw std::runtime_error("PrivateSnmpd: no AgentX socket in time; snmpd's log:\n" + log());
    }
    std::this_thread::sleep_for(kPollStep);
  }
}

void PrivateSnmpd::stop(std::chrono::milliseconds timeout) {
  if (!running()) return;
  kill(pid_, SIGTERM);
  const auto deadline = Clock::now() + timeout;
  while (!reaped(pid_)) {
    if (Clock::now() > deadline) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
      break;
    }
    std::this_thread::sleep_for(kPollStep);
  }
  pid_ = -1;
}

std::string PrivateSnmpd::log() const {
  std::ifstream file(dir_ / "snmpd.log");
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

}  // namespace marionette::testing
