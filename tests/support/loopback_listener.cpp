#include "support/loopback_listener.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>

namespace marionette::testing {

LoopbackListener listen_on_loopback(int flags, int backlog) {
  LoopbackListener listener;
  listener.fd = ::socket(AF_INET, SOCK_STREAM | flags, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t length = sizeof address;
  if (listener.fd < 0 || ::bind(listener.fd, reinterpret_cast<sockaddr*>(&address), length) != 0 ||
      ::listen(listener.fd, backlog) != 0 ||
      ::getsockname(listener.fd, reinterpret_cast<sockaddr*>(&address), &length) != 0) {
    std::string why = std::strerror(errno);
    if (listener.fd >= 0) ::close(listener.fd);
    throw std::runtime_error("cannot listen on 127.0.0.1: " + why);
  }
  listener.port = ntohs(address.sin_port);
  return listener;
}

}  // namespace marionette::testing
