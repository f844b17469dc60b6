#include "counters/redis_connection.hpp"

#include <hiredis/hiredis.h>
#include <signal.h>
#include <sys/time.h>

#include <ctime>

namespace marionette::counters {
namespace {

timeval to_timeval(std::chrono::milliseconds timeout) {
  timeval tv{};
  tv.tv_sec = static_cast<time_t>(timeout.count() / 1000);
  tv.tv_usec = static_cast<suseconds_t>((timeout.count() % 1000) * 1000);
  return tv;
}

RedisReply copy_reply(const redisReply& reply) {
  RedisReply copy;
  switch (reply.type) {
    case REDIS_REPLY_INTEGER:
      copy.kind = RedisReply::Kind::integer;
      copy.integer = reply.integer;
      break;
    case REDIS_REPLY_STRING:
    case REDIS_REPLY_STATUS:
    case REDIS_REPLY_ERROR:
      copy.kind = reply.type == REDIS_REPLY_STRING   ? RedisReply::Kind::string
                  : reply.type == REDIS_REPLY_STATUS ? RedisReply::Kind::status
                                                     : RedisReply::Kind::error;
      copy.text.assign(reply.str, reply.len);
      break;
    case REDIS_REPLY_ARRAY:
      copy.kind = RedisReply::Kind::array;
      for (std::size_t i = 0; i < reply.elements; ++i) {
        copy.elements.push_back(copy_reply(*reply.element[i]));
      }
      break;
    default:
      copy.kind = RedisReply::Kind::nil;
  }
  return copy;
}

/// hiredis writes with write(), so a peer that went away raises SIGPIPE, whose default action
/// kills the process. While alive, this blocks SIGPIPE on the calling thread and, on the way
/// out, consumes one the command raised; the process's signal dispositions stay untouched.
class SigpipeBlocked {
 public:
  SigpipeBlocked() {
    sigemptyset(&sigpipe_);
    sigaddset(&sigpipe_, SIGPIPE);
    sigset_t pending;
    sigpending(&pending);
    was_pending_ = sigismember(&pending, SIGPIPE) == 1;
    pthread_sigmask(SIG_BLOCK, &sigpipe_, &previous_);
  }
  ~SigpipeBlocked() {
    if (!was_pending_) {
      const timespec no_wait{0, 0};
      while (sigtimedwait(&sigpipe_, nullptr, &no_wait) > 0) {
      }
    }
    pthread_sigmask(SIG_SETMASK, &previous_, nullptr);
  }
  SigpipeBlocked(const SigpipeBlocked&) = delete;
  SigpipeBlocked& operator=(const SigpipeBlocked&) = delete;

 private:
  sigset_t sigpipe_, previous_;
  bool was_pending_ = false;
};

std::string describe(const RedisEndpoint& endpoint) {
  if (!endpoint.unix_socket.empty()) return endpoint.unix_socket;
  return endpoint.host + ":" + std::to_string(endpoint.port);
}

}  // namespace

RedisConnection::RedisConnection(RedisEndpoint endpoint, std::chrono::milliseconds timeout)
    : endpoint_(std::move(endpoint)), timeout_(timeout) {}

RedisConnection::~RedisConnection() {
  disconnect();
}

void RedisConnection::disconnect() {
  if (context_) redisFree(context_);
  context_ = nullptr;
}

bool RedisConnection::connect(std::string* error) {
  const timeval tv = to_timeval(timeout_);
  context_ = endpoint_.unix_socket.empty()
                 ? redisConnectWithTimeout(endpoint_.host.c_str(), endpoint_.port, tv)
                 : redisConnectUnixWithTimeout(endpoint_.unix_socket.c_str(), tv);
  if (!context_ || context_->err || redisSetTimeout(context_, tv) != REDIS_OK) {
    if (error) {
      *error = "cannot connect to Redis at " + describe(endpoint_) + ": " +
               (context_ ? context_->errstr : "out of memory");
    }
    disconnect();
    return false;
  }
  std::vector<std::vector<std::string>> handshake;
  if (!endpoint_.password.empty()) {
    handshake.push_back(
        endpoint_.username.empty()
            ? std::vector<std::string>{"AUTH", endpoint_.password}
            : std::vector<std::string>{"AUTH", endpoint_.username, endpoint_.password});
  }
  if (endpoint_.db != 0) handshake.push_back({"SELECT", std::to_string(endpoint_.db)});
  for (const auto& args : handshake) {
    auto reply = send(args, error);
    if (!reply || reply->kind == RedisReply::Kind::error) {
      if (reply && error) *error = "Redis refused " + args[0] + ": " + reply->text;
      disconnect();
      return false;
    }
  }
  return true;
}

std::optional<RedisReply> RedisConnection::command(const std::vector<std::string>& args,
                                                   std::string* error) {
  const retry::Backoff::Clock::time_point now = retry::Backoff::Clock::now();
  if (!context_ && !backoff_.due(now)) {
    if (error) {
      const auto wait =
          std::chrono::duration_cast<std::chrono::milliseconds>(backoff_.next_attempt() - now);
      *error = "Redis at " + describe(endpoint_) + " is unreachable; next attempt in " +
               std::to_string(wait.count()) + " ms";
    }
    return std::nullopt;
  }
  std::optional<RedisReply> reply;
  if (context_ || connect(error)) reply = send(args, error);
  if (reply) {
    backoff_.succeeded();
  } else {
    backoff_.failed(now);
  }
  return reply;
}

std::optional<RedisReply> RedisConnection::send(const std::vector<std::string>& args,
                                                std::string* error) {
  SigpipeBlocked no_sigpipe;
  std::vector<const char*> argv;
  std::vector<std::size_t> lengths;
  for (const std::string& arg : args) {
    argv.push_back(arg.data());
    lengths.push_back(arg.size());
  }
  auto* reply = static_cast<redisReply*>(
      redisCommandArgv(context_, static_cast<int>(args.size()), argv.data(), lengths.data()));
  if (!reply) {
    if (error) *error = "Redis at " + describe(endpoint_) + ": " + context_->errstr;
    disconnect();  // a timed-out or broken connection cannot be reused: replies would misalign
    return std::nullopt;
  }
  RedisReply copy = copy_reply(*reply);
  freeReplyObject(reply);
  return copy;
}

}  // namespace marionette::counters
