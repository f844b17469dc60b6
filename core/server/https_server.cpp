#include "server/https_server.hpp"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstring>
#include <stdexcept>

#include "ca/host_identity.hpp"

namespace marionette::server {

namespace {

void set_timeouts(int fd, std::chrono::milliseconds timeout) {
  timeval tv{};
  tv.tv_sec = static_cast<time_t>(timeout.count() / 1000);
  tv.tv_usec = static_cast<suseconds_t>((timeout.count() % 1000) * 1000);
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
}

int listen_on(const std::string& address, int port, int& bound_port) {
  sockaddr_storage storage{};
  socklen_t length = 0;
  int family = AF_INET;
  auto* v4 = reinterpret_cast<sockaddr_in*>(&storage);
  auto* v6 = reinterpret_cast<sockaddr_in6*>(&storage);
  if (::inet_pton(AF_INET, address.c_str(), &v4->sin_addr) == 1) {
    v4->sin_family = AF_INET;
    v4->sin_port = htons(static_cast<uint16_t>(port));
    length = sizeof *v4;
  } else if (::inet_pton(AF_INET6, address.c_str(), &v6->sin6_addr) == 1) {
    family = AF_INET6;
    v6->sin6_family = AF_INET6;
    v6->sin6_port = htons(static_cast<uint16_t>(port));
    length = sizeof *v6;
  } else {
    throw std::runtime_error("bindaddress " + address + " is not an IP address");
  }
  int fd = ::socket(family, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) throw std::runtime_error(std::string("cannot make a socket: ") + std::strerror(errno));
  int yes = 1;
  ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  if (::bind(fd, reinterpret_cast<sockaddr*>(&storage), length) != 0 || ::listen(fd, 512) != 0) {
    int error = errno;
    ::close(fd);
    throw std::runtime_error("Could not bind to " + address + ":" + std::to_string(port) + ": " +
                             std::strerror(error));
  }
  sockaddr_storage actual{};
  socklen_t actual_length = sizeof actual;
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&actual), &actual_length);
  bound_port = ntohs(family == AF_INET ? reinterpret_cast<sockaddr_in*>(&actual)->sin_port
                                       : reinterpret_cast<sockaddr_in6*>(&actual)->sin6_port);
  return fd;
}

std::string address_of(const sockaddr_storage& peer) {
  char text[INET6_ADDRSTRLEN] = "";
  if (peer.ss_family == AF_INET)
    ::inet_ntop(AF_INET, &reinterpret_cast<const sockaddr_in*>(&peer)->sin_addr, text, sizeof text);
  else if (peer.ss_family == AF_INET6)
    ::inet_ntop(AF_INET6, &reinterpret_cast<const sockaddr_in6*>(&peer)->sin6_addr, text,
                sizeof text);
  return text;
}

}  // namespace

HttpsServer::HttpsServer(ServerSettings settings, std::function<void(const std::string&)> log)
    : settings_(std::move(settings)), log_(std::move(log)) {
  if (!log_) log_ = [](const std::string&) {};
  ::signal(SIGPIPE, SIG_IGN);  // a client that hangs up must not end the server
  ca::CertificateAuthority authority(settings_.ssldir, settings_.ca);
  ca::HostFiles host = ca::ensure_server_identity(authority, settings_.ssldir, settings_.certname,
                                                  settings_.alt_names);
  tls_ = std::make_unique<TlsContext>(TlsFiles{host.certificate(), host.private_key(),
                                               authority.layout().certificate(),
                                               authority.layout().crl()});
  api_ = std::make_unique<Api>(settings_);
  api_->metrics().set_capacity(settings_.workers == 0 ? 1 : settings_.workers,
                               settings_.queue_limit);
  listen_fd_ = listen_on(settings_.bind_address, settings_.port, port_);
  if (::pipe2(wake_, O_CLOEXEC | O_NONBLOCK) != 0) throw std::runtime_error("cannot make a pipe");
}

HttpsServer::~HttpsServer() {
  stop();
  for (std::thread& thread : workers_)
    if (thread.joinable()) thread.join();
  if (listen_fd_ >= 0) ::close(listen_fd_);
  for (int fd : wake_)
    if (fd >= 0) ::close(fd);
  for (auto& [fd, ip] : queue_) ::close(fd);
}

void HttpsServer::stop() {
  stopping_ = true;
  if (wake_[1] >= 0) {
    char byte = 1;
    [[maybe_unused]] ssize_t ignored = ::write(wake_[1], &byte, 1);
  }
  ready_.notify_all();
}

void HttpsServer::run() {
  unsigned count = settings_.workers == 0 ? 1 : settings_.workers;
  for (unsigned i = 0; i < count; ++i) workers_.emplace_back([this] { worker(); });
  log_("Listening on " + settings_.bind_address + ":" + std::to_string(port_) + " with " +
       std::to_string(count) + " workers");
  accept_loop();
  ready_.notify_all();
  for (std::thread& thread : workers_) thread.join();
  workers_.clear();
}

void HttpsServer::accept_loop() {
  while (!stopping_) {
    pollfd fds[2] = {{listen_fd_, POLLIN, 0}, {wake_[0], POLLIN, 0}};
    if (::poll(fds, 2, 1000) <= 0) continue;
    if (fds[1].revents) break;
    sockaddr_storage peer{};
    socklen_t length = sizeof peer;
    int fd = ::accept4(listen_fd_, reinterpret_cast<sockaddr*>(&peer), &length, SOCK_CLOEXEC);
    if (fd < 0) continue;
    int yes = 1;
    ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &yes, sizeof yes);
    set_timeouts(fd, settings_.idle_timeout);
    std::unique_lock<std::mutex> lock(mutex_);
    if (queue_.size() >= settings_.queue_limit) {
      lock.unlock();
      api_->metrics().queue_full();
      ::close(fd);  // over capacity: the client retries; TLS is not spent on a refusal
      continue;
    }
    queue_.emplace_back(fd, address_of(peer));
    api_->metrics().queue_length(queue_.size());
    lock.unlock();
    ready_.notify_one();
  }
}

void HttpsServer::worker() {
  while (true) {
    std::unique_lock<std::mutex> lock(mutex_);
    ready_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
    if (stopping_) return;
    auto [fd, ip] = queue_.front();
    queue_.pop_front();
    api_->metrics().queue_length(queue_.size());
    lock.unlock();
    api_->metrics().worker_busy();
    try {
      serve(fd, ip);
    } catch (const std::exception& e) {  // never let one connection end the server
      log_("Connection from " + ip + " failed: " + e.what());
    }
    api_->metrics().worker_idle();
    ::close(fd);
  }
}

void HttpsServer::serve(int fd, const std::string& client_ip) {
  TlsConnection connection(fd, tls_->current());
  std::string why;
  if (!connection.handshake(why)) {
    api_->metrics().tls_failed();
    log_("TLS handshake with " + client_ip + " failed: " + why);
    return;
  }
  PeerIdentity peer = connection.peer();
  HttpReader reader(
      [&connection](char* buffer, std::size_t size) { return connection.read_some(buffer, size); },
      settings_.limits);
  while (!stopping_) {
    HttpRequest request;
    try {
      request = reader.next();
    } catch (const HttpReadError& e) {
      if (e.status != 0) {
        api_->metrics().request_answered(request.path, e.status, false);
        connection.write_all(serialize(text_response(e.status, e.why), false));
      }
      return;
    }
    HttpResponse response = api_->handle(request, peer, client_ip);
    log_(client_ip + " " + (peer.authenticated ? peer.certname : "-") + " \"" + request.method +
         " " + request.path + "\" " + std::to_string(response.status));
    if (!connection.write_all(serialize(response, request.keep_alive)) || !request.keep_alive)
      return;
  }
}

}  // namespace marionette::server
