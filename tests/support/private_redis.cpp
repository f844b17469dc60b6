#include "support/private_redis.hpp"

#include <arpa/inet.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <thread>

namespace marionette::testing {
namespace {

using namespace std::chrono_literals;

std::optional<std::filesystem::path> find_redis_server() {
  const char* path = std::getenv("PATH");
  std::istringstream dirs(path ? path : "/usr/bin:/usr/sbin:/bin");
  for (std::string dir; std::getline(dirs, dir, ':');) {
    std::filesystem::path candidate = std::filesystem::path(dir) / "redis-server";
    if (::access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return std::nullopt;
}

/// A port the kernel just handed out on 127.0.0.1 (free, high), released for redis-server.
int free_port() {
  int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t length = sizeof addr;
  int port = 0;
  if (::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0 &&
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &length) == 0) {
    port = ntohs(addr.sin_port);
  }
  ::close(fd);
  return port;
}

/// A connected stream socket, or -1.
int connect_to(int family, const sockaddr* addr, socklen_t length) {
  int fd = ::socket(family, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd >= 0 && ::connect(fd, addr, length) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

/// Reads one RESP reply from the socket into text (see PrivateRedis::command).
class ReplyReader {
 public:
  explicit ReplyReader(int fd) : fd_(fd) {}

  std::optional<std::string> read_reply() {
    auto line = read_line();
    if (!line || line->empty()) return std::nullopt;
    char type = (*line)[0];
    std::string rest = line->substr(1);
    switch (type) {
      case '+':
      case ':':
        return rest;
      case '-':
        return *line;
      case '$': {
        long length = std::stol(rest);
        if (length < 0) return "(nil)";
        auto bulk = read_exactly(static_cast<std::size_t>(length) + 2);
        if (!bulk) return std::nullopt;
        return bulk->substr(0, static_cast<std::size_t>(length));
      }
      case '*': {
        long count = std::stol(rest);
        std::string joined;
        for (long i = 0; i < count; ++i) {
          auto element = read_reply();
          if (!element) return std::nullopt;
          joined += (i ? "\n" : "") + *element;
        }
        return count < 0 ? "(nil)" : joined;
      }
      default:
        return std::nullopt;
    }
  }

 private:
  bool fill() {
    char chunk[4096];
    ssize_t got = ::recv(fd_, chunk, sizeof chunk, 0);
    if (got <= 0) return false;
    buffer_.append(chunk, static_cast<std::size_t>(got));
    return true;
  }

  std::optional<std::string> read_line() {
    std::size_t end;
    while ((end = buffer_.find("\r\n")) == std::string::npos) {
      if (!fill()) return std::nullopt;
    }
    std::string line = buffer_.substr(0, end);
    buffer_.erase(0, end + 2);
    return line;
  }

  std::optional<std::string> read_exactly(std::size_t count) {
    while (buffer_.size() < count) {
      if (!fill()) return std::nullopt;
    }
    std::string data = buffer_.substr(0, count);
    buffer_.erase(0, count);
    return data;
  }

  int fd_;
  std::string buffer_;
};

}  // namespace

bool PrivateRedis::installed() {
  return find_redis_server().has_value();
}

std::unique_ptr<PrivateRedis> PrivateRedis::start(Listen listen, std::string* why) {
  char pattern[] = "/tmp/marionette-redis-XXXXXX";
  if (!::mkdtemp(pattern)) {
    *why = std::string("mkdtemp: ") + std::strerror(errno);
    return nullptr;
  }
  int port = listen == Listen::tcp ? free_port() : 0;
  std::unique_ptr<PrivateRedis> redis(new PrivateRedis(pattern, listen, port));
  if (!redis->launch(why)) return nullptr;
  return redis;
}

PrivateRedis::PrivateRedis(std::filesystem::path dir, Listen listen, int port)
    : dir_(std::move(dir)), listen_(listen), port_(port) {}

PrivateRedis::~PrivateRedis() {
  if (running()) {
    resume();
    command({"SHUTDOWN", "NOSAVE"});
    if (!wait_for_exit(3000)) {
      ::kill(pid_, SIGKILL);
      wait_for_exit(3000);
    }
  }
  std::error_code ignored;
  std::filesystem::remove_all(dir_, ignored);
}

std::string PrivateRedis::url() const {
  if (listen_ == Listen::unix_socket) return "unix://" + (dir_ / "redis.sock").string();
  return "redis://127.0.0.1:" + std::to_string(port_);
}

bool PrivateRedis::launch(std::string* why) {
  auto server = find_redis_server();
  if (!server) {
    *why = "redis-server is not installed";
    return false;
  }
  std::vector<std::string> args = {server->string(),
                                   "--port",
                                   std::to_string(port_),
                                   "--bind",
                                   "127.0.0.1",
                                   "--save",
                                   "",
                                   "--appendonly",
                                   "no",
                                   "--dir",
                                   dir_.string(),
                                   "--daemonize",
                                   "no"};
  if (listen_ == Listen::unix_socket) {
    args.insert(args.end(),
                {"--unixsocket", (dir_ / "redis.sock").string(), "--unixsocketperm", "700"});
  }
  const std::filesystem::path log = dir_ / "redis.log";
  std::vector<char*> argv;  // built before fork(): the child only calls exec-safe functions
  for (auto& arg : args) argv.push_back(arg.data());
  argv.push_back(nullptr);
  pid_ = ::fork();
  if (pid_ < 0) {
    *why = std::string("fork: ") + std::strerror(errno);
    return false;
  }
  if (pid_ == 0) {
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);  // never outlive the test
    int out = ::open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
    if (out >= 0) {
      ::dup2(out, STDOUT_FILENO);
      ::dup2(out, STDERR_FILENO);
    }
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  const auto deadline = std::chrono::steady_clock::now() + 5s;
  while (std::chrono::steady_clock::now() < deadline) {
    if (command({"PING"}) == "PONG") return true;
    if (wait_for_exit(0)) break;  // it exited: the log says why
    std::this_thread::sleep_for(20ms);
  }
  std::ifstream in(log);
  std::stringstream text;
  text << in.rdbuf();
  *why = "redis-server did not answer PING within 5 s; its log:\n" + text.str();
  if (running()) {
    ::kill(pid_, SIGKILL);
    wait_for_exit(3000);
  }
  return false;
}

bool PrivateRedis::wait_for_exit(int timeout_ms) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  do {
    if (::waitpid(pid_, nullptr, WNOHANG) == pid_) {
      pid_ = -1;
      return true;
    }
    if (timeout_ms > 0) std::this_thread::sleep_for(10ms);
  } while (std::chrono::steady_clock::now() < deadline);
  return false;
}

bool PrivateRedis::stop() {
  if (!running()) return true;
  resume();
  command({"SHUTDOWN", "SAVE"});
  if (wait_for_exit(5000)) return true;
  ::kill(pid_, SIGKILL);
  wait_for_exit(3000);
  return false;
}

bool PrivateRedis::restart(std::string* why) {
  if (running() && !stop()) {
    *why = "could not stop redis-server";
    return false;
  }
  return launch(why);
}

void PrivateRedis::pause() {
  if (running()) ::kill(pid_, SIGSTOP);
}

void PrivateRedis::resume() {
  if (running()) ::kill(pid_, SIGCONT);
}

std::optional<std::string> PrivateRedis::command(const std::vector<std::string>& args) const {
  int fd = -1;
  if (listen_ == Listen::unix_socket) {
    sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    std::string path = (dir_ / "redis.sock").string();
    std::strncpy(addr.sun_path, path.c_str(), sizeof addr.sun_path - 1);
    fd = connect_to(AF_UNIX, reinterpret_cast<sockaddr*>(&addr), sizeof addr);
  } else {
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(static_cast<std::uint16_t>(port_));
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    fd = connect_to(AF_INET, reinterpret_cast<sockaddr*>(&addr), sizeof addr);
  }
  if (fd < 0) return std::nullopt;
  timeval timeout{1, 0};
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
  ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, sizeof timeout);
  std::string request = "*" + std::to_string(args.size()) + "\r\n";
  for (const auto& arg : args) request += "$" + std::to_string(arg.size()) + "\r\n" + arg + "\r\n";
  std::optional<std::string> reply;
  if (::send(fd, request.data(), request.size(), MSG_NOSIGNAL) ==
      static_cast<ssize_t>(request.size())) {
    reply = ReplyReader(fd).read_reply();
  }
  ::close(fd);
  return reply;
}

void start_private_redis(std::unique_ptr<PrivateRedis>& redis, PrivateRedis::Listen listen) {
  if (!PrivateRedis::installed()) GTEST_SKIP() << "redis-server is not installed";
  std::string why;
  redis = PrivateRedis::start(listen, &why);
  ASSERT_TRUE(redis) << why;
}

}  // namespace marionette::testing
