#include "server/connection_loop.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <random>
#include <stdexcept>

#include "http/answer_buffers.hpp"
#include "server/access_log.hpp"

namespace marionette::server {

namespace {

constexpr std::uint64_t kListenId = 0;
constexpr std::uint64_t kWakeId = 1;
/// Deadlines are checked this often.
constexpr std::chrono::milliseconds kSweepInterval{200};
/// Reads of one connection in one turn, before the others get theirs.
constexpr int kReadsPerTurn = 16;
/// After a refusal, what the client still sends is read and dropped for a while before the
/// close, so that the close does not reset the connection before the refusal is read.
constexpr std::chrono::milliseconds kDrainTime{2'000};
constexpr std::size_t kDrainBytes = 1024 * 1024;

std::string address_of(const sockaddr_storage& peer) {
  char text[INET6_ADDRSTRLEN] = "";
  if (peer.ss_family == AF_INET)
    ::inet_ntop(AF_INET, &reinterpret_cast<const sockaddr_in*>(&peer)->sin_addr, text, sizeof text);
  else if (peer.ss_family == AF_INET6)
    ::inet_ntop(AF_INET6, &reinterpret_cast<const sockaddr_in6*>(&peer)->sin6_addr, text,
                sizeof text);
  return text;
}

/// Puppetserver's answer beyond max-queued-requests: 503, and a random Retry-After below
/// max-retry-delay so that refused agents come back spread out.
http::HttpResponse queue_full_response(std::chrono::seconds max_retry_delay) {
  http::HttpResponse response =
      text_response(503,
                    "The number of requests waiting for a JRuby instance has exceeded the limit "
                    "allowed by the max-queued-requests setting.");
  if (max_retry_delay.count() > 0) {
    thread_local std::mt19937 random{std::random_device{}()};
    std::uniform_int_distribution<long> delay(0, max_retry_delay.count() - 1);
    response.headers.emplace_back("Retry-After", std::to_string(delay(random)));
  }
  return response;
}

}  // namespace

struct ConnectionLoop::Connection {
  Connection(std::uint64_t id, int fd, std::string address, std::shared_ptr<SSL_CTX> context,
             const http::HttpLimits& limits)
      : id(id),
        fd(fd),
        address(std::move(address)),
        tls(std::make_unique<TlsConnection>(fd, std::move(context))),
        parser(http::MessageParser::Kind::request, limits) {}
  ~Connection() {
    tls.reset();  // its close_notify goes out before the descriptor can be reused
    ::close(fd);
  }

  std::uint64_t id;
  int fd;
  std::string address;
  std::unique_ptr<TlsConnection> tls;
  http::MessageParser parser;
  PeerIdentity peer;
  State state = State::handshake;
  std::uint32_t events = 0;  ///< what epoll watches for it (0: not registered)

  Clock::time_point since;          ///< of the current state (or of the idle wait)
  Clock::time_point message_start;  ///< the request's first byte
  Clock::time_point last_progress;  ///< the last byte read or written
  std::string request_path;         ///< for the metrics of a refusal

  std::string out;  ///< being written
  std::size_t sent = 0;
  bool close_after = false;
  bool drain_after = false;  ///< a refusal: drained before the close
  std::size_t drained = 0;

  bool waiting = false;  ///< in waiting_ (not being served)
  std::list<std::uint64_t>::iterator waiting_at;
};

ConnectionLoop::ConnectionLoop(const ServerSettings& settings, int listen_fd, TlsContext& tls,
                               ServerMetrics& metrics, std::function<void(const std::string&)> log)
    : settings_(settings),
      listen_fd_(listen_fd),
      tls_(tls),
      metrics_(metrics),
      log_(std::move(log)) {
  epoll_fd_ = ::epoll_create1(EPOLL_CLOEXEC);
  wake_fd_ = ::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
  if (epoll_fd_ < 0 || wake_fd_ < 0)
    throw std::runtime_error("cannot make the server's event loop");
  epoll_event listen_event{EPOLLIN, {.u64 = kListenId}};
  epoll_event wake_event{EPOLLIN, {.u64 = kWakeId}};
  if (::epoll_ctl(epoll_fd_, EPOLL_CTL_ADD, listen_fd_, &listen_event) != 0 ||
      ::epoll_ctl(epoll_fd_, EPOLL_CTL_ADD, wake_fd_, &wake_event) != 0)
    throw std::runtime_error("cannot make the server's event loop");
}

ConnectionLoop::~ConnectionLoop() {
  connections_.clear();
  if (epoll_fd_ >= 0) ::close(epoll_fd_);
  if (wake_fd_ >= 0) ::close(wake_fd_);
}

void ConnectionLoop::stop() {
  stopping_ = true;
  wake();
}

void ConnectionLoop::wake() {
  std::uint64_t one = 1;
  [[maybe_unused]] ssize_t ignored = ::write(wake_fd_, &one, sizeof one);
}

void ConnectionLoop::run(WorkerPool& pool) {
  pool_ = &pool;
  epoll_event events[256];
  Clock::time_point next_sweep = Clock::now() + kSweepInterval;
  while (!stopping_) {
    auto until_sweep =
        std::chrono::duration_cast<std::chrono::milliseconds>(next_sweep - Clock::now()).count();
    int timeout = unfinished_.empty() ? static_cast<int>(std::max<long>(0, until_sweep) + 1) : 0;
    int count = ::epoll_wait(epoll_fd_, events, 256, timeout);
    if (count < 0 && errno != EINTR) throw std::runtime_error("the server's event loop failed");
    std::vector<std::uint64_t> again;
    again.swap(unfinished_);
    for (std::uint64_t id : again)
      if (auto found = connections_.find(id); found != connections_.end()) progress(*found->second);
    for (int i = 0; i < count && !stopping_; ++i) {
      std::uint64_t id = events[i].data.u64;
      if (id == kListenId) {
        accept_all();
      } else if (id == kWakeId) {
        std::uint64_t ignored;
        [[maybe_unused]] ssize_t drained = ::read(wake_fd_, &ignored, sizeof ignored);
        collect_answers();
      } else if (auto found = connections_.find(id); found != connections_.end()) {
        progress(*found->second);
      }
    }
    Clock::time_point now = Clock::now();
    if (now >= next_sweep) {
      sweep(now);
      next_sweep = now + kSweepInterval;
    }
  }
  pool_ = nullptr;
}

void ConnectionLoop::accept_all() {
  for (int i = 0; i < 64; ++i) {
    sockaddr_storage peer{};
    socklen_t length = sizeof peer;
    int fd = ::accept4(listen_fd_, reinterpret_cast<sockaddr*>(&peer), &length,
                       SOCK_CLOEXEC | SOCK_NONBLOCK);
    if (fd >= 0) {
      admit(fd, address_of(peer));
      continue;
    }
    if (errno == EMFILE || errno == ENFILE) {
      // Out of descriptors: the connection waiting longest makes room; with none waiting, the
      // listening socket rests until the next sweep.
      if (close_oldest_waiting("")) continue;
      ::epoll_ctl(epoll_fd_, EPOLL_CTL_DEL, listen_fd_, nullptr);
      listening_ = false;
    }
    return;
  }
}

void ConnectionLoop::admit(int fd, const std::string& address) {
  int yes = 1;
  ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &yes, sizeof yes);
  std::size_t& from_address = per_address_[address];
  if (from_address >= settings_.max_connections_per_address && !close_oldest_waiting(address)) {
    ::close(fd);  // all of its connections are being served: this one waits for none
    return;
  }
  if (waiting_.size() >= settings_.max_idle_connections) close_oldest_waiting("");
  std::shared_ptr<SSL_CTX> context;
  try {
    context = tls_.current();  // rebuilt when the CRL changed
  } catch (const std::exception& e) {
    log_(std::string("Cannot serve TLS: ") + e.what());
    ::close(fd);
    return;
  }
  std::uint64_t id = next_id_++;
  auto connection =
      std::make_unique<Connection>(id, fd, address, std::move(context), settings_.limits);
  Connection& added = *connection;
  connections_.emplace(id, std::move(connection));
  ++per_address_[address];
  added.since = added.last_progress = Clock::now();
  start_waiting(added);
  handshake(added);
}

void ConnectionLoop::progress(Connection& connection) {
  switch (connection.state) {
    case State::handshake:
      handshake(connection);
      break;
    case State::reading:
      read(connection);
      break;
    case State::writing:
      write(connection);
      break;
    case State::draining:
      drain(connection);
      break;
    case State::served:
      break;
  }
}

void ConnectionLoop::handshake(Connection& connection) {
  std::string why;
  TlsWait wait = connection.tls->handshake(why);
  if (wait == TlsWait::readable || wait == TlsWait::writable) {
    watch(connection, wait == TlsWait::readable ? EPOLLIN : EPOLLOUT);
    return;
  }
  if (wait != TlsWait::none) {
    metrics_.tls_failed();
    log_("TLS handshake with " + connection.address + " failed: " + why);
    close(connection.id);
    return;
  }
  connection.peer = connection.tls->peer();
  connection.state = State::reading;
  connection.since = connection.last_progress = Clock::now();
  read(connection);
}

bool ConnectionLoop::parse(Connection& connection) {
  http::MessageParser& parser = connection.parser;
  bool was_idle = parser.phase() == http::MessageParser::Phase::idle;
  try {
    bool complete = parser.parse();
    if (was_idle && parser.phase() != http::MessageParser::Phase::idle)
      connection.message_start = Clock::now();
    if (!complete) return false;
    dispatch(connection);
  } catch (const http::HttpReadError& e) {
    refuse(connection, e.status, e.why);
  }
  return true;
}

void ConnectionLoop::read(Connection& connection) {
  if (parse(connection)) return;  // a request already buffered (pipelined)
  char buffer[16 * 1024];
  for (int reads = 0; reads < kReadsPerTurn; ++reads) {
    std::size_t got = 0;
    TlsWait wait = connection.tls->read_some(buffer, sizeof buffer, got);
    if (wait == TlsWait::readable || wait == TlsWait::writable) {
      watch(connection, wait == TlsWait::readable ? EPOLLIN : EPOLLOUT);
      return;
    }
    if (wait != TlsWait::none) {  // the client closed or the connection broke
      bool mid_request = connection.parser.phase() != http::MessageParser::Phase::idle;
      if (wait == TlsWait::closed && mid_request)
        refuse(connection, 408, "the request did not arrive in time");
      else
        close(connection.id);
      return;
    }
    connection.parser.feed(buffer, got);
    connection.last_progress = Clock::now();
    if (parse(connection)) return;
  }
  unfinished_.push_back(connection.id);  // more to read: after the others' turn
}

void ConnectionLoop::dispatch(Connection& connection) {
  stop_waiting(connection);
  connection.state = State::served;
  watch(connection, 0);
  Job job;
  job.connection = connection.id;
  job.request = connection.parser.take_request();
  job.peer = connection.peer;
  job.client_ip = connection.address;
  job.tls = connection.tls.get();
  std::string path = job.request.path;
  std::string method = job.request.method;
  bool keep_alive = job.request.keep_alive;
  if (pool_->submit(std::move(job))) return;
  metrics_.queue_full();
  metrics_.request_answered(path, 503, false);
  log_(access_log_line(connection.address,
                       connection.peer.authenticated ? connection.peer.certname : "-", method, path,
                       503));
  answer(connection, http::serialize(queue_full_response(settings_.max_retry_delay), keep_alive),
         keep_alive);
}

void ConnectionLoop::refuse(Connection& connection, int status, const std::string& why) {
  if (status == 0) {
    close(connection.id);
    return;
  }
  metrics_.request_answered("", status, false);
  // In the access log too, as Jetty's: a request refused before it was whole has no method
  // or path to show.
  log_(access_log_line(connection.address,
                       connection.peer.authenticated ? connection.peer.certname : "-", "-", "-",
                       status));
  stop_waiting(connection);
  connection.drain_after = true;
  answer(connection, http::serialize(text_response(status, why), false), false);
}

void ConnectionLoop::answer(Connection& connection, std::string bytes, bool keep_alive,
                            std::size_t sent) {
  connection.out = std::move(bytes);
  connection.sent = sent;
  connection.close_after = !keep_alive;
  connection.state = State::writing;
  connection.since = connection.last_progress = Clock::now();
  write(connection);
}

void ConnectionLoop::write(Connection& connection) {
  while (connection.sent < connection.out.size()) {
    std::size_t put = 0;
    TlsWait wait = connection.tls->write_some(connection.out.data() + connection.sent,
                                              connection.out.size() - connection.sent, put);
    if (wait == TlsWait::readable || wait == TlsWait::writable) {
      watch(connection, wait == TlsWait::readable ? EPOLLIN : EPOLLOUT);
      return;
    }
    if (wait != TlsWait::none) {
      close(connection.id);
      return;
    }
    connection.sent += put;
    connection.last_progress = Clock::now();
  }
  if (connection.close_after && connection.drain_after) {
    ::shutdown(connection.fd, SHUT_WR);
    connection.state = State::draining;
    connection.since = Clock::now();
    watch(connection, EPOLLIN);
    drain(connection);
    return;
  }
  if (connection.close_after) {
    close(connection.id);
    return;
  }
  // Kept alive: back to waiting for the next request, which may already be buffered.
  http::AnswerBuffers::process().give_back(std::move(connection.out));  // for the next answer
  connection.out = std::string();
  connection.state = State::reading;
  connection.since = connection.last_progress = Clock::now();
  start_waiting(connection);
  unfinished_.push_back(connection.id);  // the next request may be buffered: read it next turn
}

void ConnectionLoop::drain(Connection& connection) {
  char buffer[16 * 1024];
  while (true) {
    ssize_t got = ::recv(connection.fd, buffer, sizeof buffer, MSG_DONTWAIT);
    if (got < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return;
    connection.drained += got > 0 ? static_cast<std::size_t>(got) : 0;
    if (got <= 0 || connection.drained > kDrainBytes) {
      close(connection.id);
      return;
    }
  }
}

void ConnectionLoop::collect_answers() {
  for (Answer& ready : pool_->answers()) {
    auto found = connections_.find(ready.connection);
    if (found == connections_.end()) continue;
    if (ready.broken) {
      close(ready.connection);
      continue;
    }
    answer(*found->second, std::move(ready.bytes), ready.keep_alive, ready.sent);
  }
}

void ConnectionLoop::sweep(Clock::time_point now) {
  if (!listening_) {
    epoll_event listen_event{EPOLLIN, {.u64 = kListenId}};
    listening_ = ::epoll_ctl(epoll_fd_, EPOLL_CTL_ADD, listen_fd_, &listen_event) == 0;
  }
  std::vector<std::uint64_t> expired, late;
  for (const auto& [id, connection] : connections_) {
    const Connection& c = *connection;
    switch (c.state) {
      case State::handshake:
        if (now - c.since > settings_.handshake_timeout) expired.push_back(id);
        break;
      case State::reading:
        switch (c.parser.phase()) {
          case http::MessageParser::Phase::idle:
            if (now - c.since > settings_.idle_timeout) expired.push_back(id);
            break;
          case http::MessageParser::Phase::head:
            if (now - c.message_start > settings_.header_timeout) late.push_back(id);
            break;
          default:
            if (now - c.last_progress > settings_.idle_timeout ||
                now - c.message_start > settings_.limits.message_timeout)
              late.push_back(id);
        }
        break;
      case State::writing:
        if (now - c.last_progress > settings_.idle_timeout) expired.push_back(id);
        break;
      case State::draining:
        if (now - c.since > kDrainTime) expired.push_back(id);
        break;
      case State::served:
        break;
    }
  }
  for (std::uint64_t id : expired) {
    if (connections_.at(id)->state == State::handshake) {
      metrics_.tls_failed();
      log_("TLS handshake with " + connections_.at(id)->address + " timed out");
    }
    close(id);
  }
  for (std::uint64_t id : late)
    refuse(*connections_.at(id), 408, "the request did not arrive in time");
}

void ConnectionLoop::start_waiting(Connection& connection) {
  if (connection.waiting) return;
  connection.waiting_at = waiting_.insert(waiting_.end(), connection.id);
  connection.waiting = true;
}

void ConnectionLoop::stop_waiting(Connection& connection) {
  if (!connection.waiting) return;
  waiting_.erase(connection.waiting_at);
  connection.waiting = false;
}

void ConnectionLoop::watch(Connection& connection, std::uint32_t events) {
  if (events == connection.events) return;
  epoll_event event{events, {.u64 = connection.id}};
  if (events == 0)
    ::epoll_ctl(epoll_fd_, EPOLL_CTL_DEL, connection.fd, nullptr);
  else
    ::epoll_ctl(epoll_fd_, connection.events == 0 ? EPOLL_CTL_ADD : EPOLL_CTL_MOD, connection.fd,
                &event);
  connection.events = events;
}

void ConnectionLoop::close(std::uint64_t id) {
  auto found = connections_.find(id);
  if (found == connections_.end()) return;
  Connection& connection = *found->second;
  stop_waiting(connection);
  watch(connection, 0);
  auto count = per_address_.find(connection.address);
  if (count != per_address_.end() && --count->second == 0) per_address_.erase(count);
  http::AnswerBuffers::process().give_back(std::move(connection.out));
  connections_.erase(found);
}

bool ConnectionLoop::close_oldest_waiting(const std::string& address) {
  for (std::uint64_t id : waiting_) {
    if (!address.empty() && connections_.at(id)->address != address) continue;
    close(id);
    return true;
  }
  return false;
}

}  // namespace marionette::server
