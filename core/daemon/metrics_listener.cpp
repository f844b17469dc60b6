#include "daemon/metrics_listener.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

#include "http/http_message.hpp"
#include "prometheus/agent_families.hpp"
#include "prometheus/exposition.hpp"

namespace marionette::daemon {

namespace {

constexpr int kPollMilliseconds = 200;  ///< how soon the thread sees that it must stop
constexpr int kIoSeconds = 5;           ///< a connection's reads and writes

void send_all(int connection, const std::string& bytes) {
  std::size_t sent = 0;
  while (sent < bytes.size()) {
    ssize_t n = ::send(connection, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    sent += static_cast<std::size_t>(n);
  }
}

}  // namespace

MetricsListener::MetricsListener(int port, const metrics::Registry& registry)
    : registry_(registry) {
  socket_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (socket_ < 0) throw std::runtime_error(std::string("socket: ") + std::strerror(errno));
  int yes = 1;
  ::setsockopt(socket_, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  address.sin_port = htons(static_cast<std::uint16_t>(port));
  if (::bind(socket_, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 ||
      ::listen(socket_, 16) != 0) {
    const std::string why = std::strerror(errno);
    ::close(socket_);
    throw std::runtime_error("cannot listen on 127.0.0.1:" + std::to_string(port) + ": " + why);
  }
  socklen_t length = sizeof address;
  ::getsockname(socket_, reinterpret_cast<sockaddr*>(&address), &length);
  port_ = ntohs(address.sin_port);
  thread_ = std::thread([this] { serve(); });
}

MetricsListener::~MetricsListener() {
  stopping_ = true;
  if (thread_.joinable()) thread_.join();
  ::close(socket_);
}

void MetricsListener::serve() {
  while (!stopping_) {
    pollfd waiting{socket_, POLLIN, 0};
    if (::poll(&waiting, 1, kPollMilliseconds) <= 0) continue;
    int connection = ::accept4(socket_, nullptr, nullptr, SOCK_CLOEXEC);
    if (connection < 0) continue;
    timeval timeout{kIoSeconds, 0};
    ::setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
    ::setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &timeout, sizeof timeout);
    answer(connection);
    ::close(connection);
  }
}

void MetricsListener::answer(int connection) {
  http::HttpLimits limits;
  limits.max_body = 64 * 1024;
  limits.message_timeout = std::chrono::seconds(kIoSeconds);
  http::HttpReader reader(
      [connection](char* buffer, std::size_t size) -> long {
        ssize_t n;
        do n = ::recv(connection, buffer, size, 0);
        while (n < 0 && errno == EINTR);
        return static_cast<long>(n);
      },
      limits);
  http::HttpResponse response;
  try {
    http::HttpRequest request = reader.next();
    if (request.path != "/metrics") {
      response = {404, "text/plain", "Not Found: only /metrics is served here\n", {}};
    } else if (request.method != "GET" && request.method != "HEAD") {
      response = {405, "text/plain", "Method Not Allowed\n", {{"Allow", "GET, HEAD"}}};
    } else {
      prometheus::Exposition exposition;
      prometheus::add_agent(exposition, *registry_.latest(), /*fleet=*/true);
      const prometheus::Format format = prometheus::format_for_accept(request.header("accept"));
      response = {200,
                  std::string(prometheus::content_type(format)),
                  prometheus::write(exposition, format),
                  {}};
      if (request.method == "HEAD") response.body.clear();
    }
  } catch (const http::HttpReadError& e) {
    if (e.status == 0) return;  // closed before a request
    response = {e.status, "text/plain", e.why + "\n", {}};
  }
  send_all(connection, http::serialize(response, /*keep_alive=*/false));
}

}  // namespace marionette::daemon
