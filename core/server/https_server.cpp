#include "server/https_server.hpp"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstring>
#include <stdexcept>

#include "ca/host_identity.hpp"
#include "compiler/environment_cache.hpp"
#include "server/access_log.hpp"
#include "server/compile_server_identity.hpp"
#include "server/connection_loop.hpp"
#include "server/crl_refresher.hpp"

namespace marionette::server {

namespace {

/// Every connection is a descriptor: the soft limit is raised to the hard one, so that the
/// connection bounds, not EMFILE, decide which client waits.
void raise_descriptor_limit() {
  rlimit limit{};
  if (::getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < limit.rlim_max) {
    limit.rlim_cur = limit.rlim_max;
    ::setrlimit(RLIMIT_NOFILE, &limit);
  }
}

int listen_on(const std::string& address, int port, bool reuse_port, int& bound_port) {
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
  int fd = ::socket(family, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
  if (fd < 0)
    throw std::runtime_error(std::string("cannot make a socket: ") + std::strerror(errno));
  int yes = 1;
  ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  // Every server bound with SO_REUSEPORT (the same user) shares the port: the kernel hands
  // each new connection to one of their listening sockets, and a server that ends leaves the
  // others serving.
  if (reuse_port && ::setsockopt(fd, SOL_SOCKET, SO_REUSEPORT, &yes, sizeof yes) != 0) {
    int error = errno;
    ::close(fd);
    throw std::runtime_error(std::string("cannot share the port (SO_REUSEPORT): ") +
                             std::strerror(error));
  }
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

}  // namespace

HttpsServer::HttpsServer(ServerSettings settings, std::function<void(const std::string&)> log)
    : settings_(std::move(settings)), log_(std::move(log)) {
  if (!log_) log_ = [](const std::string&) {};
  ::signal(SIGPIPE, SIG_IGN);  // a client that hangs up must not end the server
  if (settings_.certificate_authority) {
    ca::CertificateAuthority authority(settings_.ssldir, settings_.ca);
    ca::HostFiles host = ca::ensure_server_identity(authority, settings_.ssldir, settings_.certname,
                                                    settings_.alt_names);
    tls_ = std::make_unique<TlsContext>(TlsFiles{host.certificate(), host.private_key(),
                                                 authority.layout().certificate(),
                                                 authority.layout().crl()});
  } else {
    ca::HostFiles host = compile_server_identity(settings_.ssldir, settings_.certname);
    tls_ = std::make_unique<TlsContext>(
        TlsFiles{host.certificate(), host.private_key(), host.ca_certificate(), host.crl()});
    crl_refresher_ = std::make_unique<CrlRefresher>(
        host, CrlSource{settings_.ca_server, settings_.ca_port, settings_.crl_refresh_interval},
        log_);
  }
  api_ = std::make_unique<Api>(settings_);
  api_->metrics().set_capacity(settings_.workers == 0 ? 1 : settings_.workers,
                               settings_.queue_limit);
  raise_descriptor_limit();
  listen_fd_ = listen_on(settings_.bind_address, settings_.port, settings_.reuse_port, port_);
  loop_ = std::make_unique<ConnectionLoop>(settings_, listen_fd_, *tls_, api_->metrics(), log_);
  fleet_ = std::make_unique<FleetView>(settings_);
  api_->set_fleet(&fleet_->fleet());
  puppetdb_gc_ = std::make_unique<PeriodicTask>(settings_.run.puppetdb_gc_interval,
                                                [this] { api_->collect_puppetdb_garbage(); });
  memory_trim_ = std::make_unique<PeriodicTask>(std::chrono::seconds(1),
                                                [this] { api_->give_back_freed_memory(); });
}

HttpsServer::~HttpsServer() {
  memory_trim_.reset();
  puppetdb_gc_.reset();
  crl_refresher_.reset();
  fleet_.reset();
  loop_.reset();
  if (listen_fd_ >= 0) ::close(listen_fd_);
}

void HttpsServer::stop() {
  loop_->stop();
}

std::string HttpsServer::reload(const ReloadableSettings* settings) {
  std::string done;
  if (settings_.run.environment_cache) {
    settings_.run.environment_cache->expire_all();
    done = "the environments will be read again";
  } else {
    done = "the environments are read for every catalog (environment_timeout 0)";
  }
  tls_->reload();
  done += "; the CRL was read again";
  if (crl_refresher_) {
    crl_refresher_->refresh_soon();
    done += " and will be fetched from " + settings_.ca_server + ":" +
            std::to_string(settings_.ca_port);
  }
  if (settings) {
    api_->reload_settings(*settings);
    done += "; autosign, static_catalogs and metrics_anonymous_from were read again";
  }
  return done;
}

void HttpsServer::run() {
  unsigned count = settings_.workers == 0 ? 1 : settings_.workers;
  WorkerPool pool(
      count, settings_.queue_limit, [this](Job& job) { return serve(job); },
      [this] { loop_->wake(); }, api_->metrics());
  log_("Listening on " + settings_.bind_address + ":" + std::to_string(port_) + " with " +
       std::to_string(count) + " workers");
  loop_->run(pool);
  pool.stop();
}

Answer HttpsServer::serve(Job& job) {
  const HttpRequest& request = job.request;
  HttpResponse response;
  try {
    response = api_->handle(request, job.peer, job.client_ip);
  } catch (const std::exception& e) {  // never let one request end the server
    log_("Request from " + job.client_ip + " failed: " + e.what());
    response = puppet_error(500, std::string("Server Error: ") + e.what(), "RUNTIME_ERROR");
  }
  log_(access_log_line(job.client_ip, job.peer.authenticated ? job.peer.certname : "-",
                       request.method, request.path, response.status));
  Answer answer{job.connection, serialize(std::move(response), request.keep_alive),
                request.keep_alive};
  if (job.tls) write_what_fits(answer, *job.tls);
  return answer;
}

}  // namespace marionette::server
