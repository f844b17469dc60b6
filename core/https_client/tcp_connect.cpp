#include "https_client/tcp_connect.hpp"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "https_client/https_client.hpp"

namespace marionette::https_client {

namespace {

void set_io_timeout(int fd, std::chrono::milliseconds timeout) {
  timeval tv{};
  tv.tv_sec = static_cast<time_t>(timeout.count() / 1000);
  tv.tv_usec = static_cast<suseconds_t>((timeout.count() % 1000) * 1000);
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
}

/// Connects `fd` to `address` by `deadline`: 0, or the errno that stopped it (ETIMEDOUT).
int connect_by(int fd, const addrinfo& address, std::chrono::steady_clock::time_point deadline) {
  int flags = ::fcntl(fd, F_GETFL, 0);
  ::fcntl(fd, F_SETFL, flags | O_NONBLOCK);
  int result = ::connect(fd, address.ai_addr, address.ai_addrlen);
  if (result != 0 && errno != EINPROGRESS) return errno;
  if (result != 0) {
    while (true) {
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          deadline - std::chrono::steady_clock::now());
      if (left.count() <= 0) return ETIMEDOUT;
      pollfd waiting{fd, POLLOUT, 0};
      int ready = ::poll(&waiting, 1, static_cast<int>(left.count()));
      if (ready < 0 && errno == EINTR) continue;
      if (ready <= 0) return ETIMEDOUT;
      break;
    }
    int error = 0;
    socklen_t length = sizeof error;
    ::getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length);
    if (error != 0) return error;
  }
  ::fcntl(fd, F_SETFL, flags);
  return 0;
}

}  // namespace

bool is_ip_address(const std::string& host) {
  in6_addr scratch{};
  return ::inet_pton(AF_INET, host.c_str(), &scratch) == 1 ||
         ::inet_pton(AF_INET6, host.c_str(), &scratch) == 1;
}

int tcp_connect(const std::string& host, int port, std::chrono::milliseconds connect_timeout,
                std::chrono::milliseconds io_timeout) {
  auto fail = [&](HttpsError::Kind kind, const std::string& why) -> HttpsError {
    return HttpsError(kind, "Failed to open TCP connection to " + host + ":" +
                                std::to_string(port) + " (" + why + ")");
  };
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  int resolved = ::getaddrinfo(host.c_str(), std::to_string(port).c_str(), &hints, &found);
  if (resolved != 0)
    throw fail(HttpsError::Kind::connect,
               std::string("getaddrinfo: ") + ::gai_strerror(resolved));
  auto deadline = std::chrono::steady_clock::now() + connect_timeout;
  int last_error = ECONNREFUSED;
  for (addrinfo* address = found; address; address = address->ai_next) {
    int fd = ::socket(address->ai_family, address->ai_socktype | SOCK_CLOEXEC, address->ai_protocol);
    if (fd < 0) {
      last_error = errno;
      continue;
    }
    last_error = connect_by(fd, *address, deadline);
    if (last_error == 0) {
      ::freeaddrinfo(found);
      int yes = 1;
      ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &yes, sizeof yes);
      set_io_timeout(fd, io_timeout);
      return fd;
    }
    ::close(fd);
    if (last_error == ETIMEDOUT) break;
  }
  ::freeaddrinfo(found);
  if (last_error == ETIMEDOUT)
    throw fail(HttpsError::Kind::timeout, "execution expired");
  // Ruby's text: "Connection refused - connect(2) for "127.0.0.1" port 8140".
  std::string reason = std::strerror(last_error);
  throw fail(HttpsError::Kind::connect, reason + " - connect(2) for \"" + host + "\" port " +
                                            std::to_string(port));
}

}  // namespace marionette::https_client
