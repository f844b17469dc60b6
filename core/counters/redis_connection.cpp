#include "counters/redis_connection.hpp"

#include <hiredis/hiredis.h>
#include <signal.h>
#include <sys/time.h>

#include <charconv>
#include <ctime>
#include <memory>
#include <new>

namespace marionette::counters {

/// What one reply may hold, and why it was refused; the reader's callbacks charge it.
struct ReplyBudget {
  std::size_t max_bytes = RedisConnection::kMaxReplyBytes;
  std::size_t elements = 0;
  std::size_t bytes = 0;
  std::string refused;  ///< set when a callback refused to build the reply
};

namespace {

/// The command as Redis's protocol writes it (RESP: an array of bulk strings), appended.
void append_command(std::string& out, const std::vector<std::string>& args) {
  char number[24];
  auto count = [&](char kind, std::size_t n) {
    out += kind;
    out.append(number, std::to_chars(number, number + sizeof number, n).ptr);
    out += "\r\n";
  };
  std::size_t size = 16;
  for (const std::string& arg : args) size += arg.size() + 16;
  out.reserve(out.size() + size);
  count('*', args.size());
  for (const std::string& arg : args) {
    count('$', arg.size());
    out += arg;
    out += "\r\n";
  }
}

timeval to_timeval(std::chrono::milliseconds timeout) {
  timeval tv{};
  tv.tv_sec = static_cast<time_t>(timeout.count() / 1000);
  tv.tv_usec = static_cast<suseconds_t>((timeout.count() % 1000) * 1000);
  return tv;
}

ReplyBudget* budget_of(const redisReadTask* task) {
  return static_cast<ReplyBudget*>(task->privdata);
}

/// Puts a built value where it belongs: in its parent array's slot (made when the array was
/// announced, so the pointer stays valid), or as a new root that freeObject deletes.
void* place(const redisReadTask* task, RedisReply value) {
  if (task->parent) {
    auto* parent = static_cast<RedisReply*>(task->parent->obj);
    RedisReply& slot = parent->elements[static_cast<std::size_t>(task->idx)];
    slot = std::move(value);
    return &slot;
  }
  return new (std::nothrow) RedisReply(std::move(value));
}

void* create_string(const redisReadTask* task, char* text, size_t length) {
  ReplyBudget* budget = budget_of(task);
  if (length > budget->max_bytes - budget->bytes) {
    budget->refused = "a reply of more than " + std::to_string(budget->max_bytes) + " bytes";
    return nullptr;
  }
  budget->bytes += length;
  RedisReply value;
  value.kind = task->type == REDIS_REPLY_STRING   ? RedisReply::Kind::string
               : task->type == REDIS_REPLY_STATUS ? RedisReply::Kind::status
                                                  : RedisReply::Kind::error;
  try {
    value.text.assign(text, length);
    return place(task, std::move(value));
  } catch (const std::bad_alloc&) {
    return nullptr;
  }
}

void* create_array(const redisReadTask* task, int count) {
  ReplyBudget* budget = budget_of(task);
  const auto elements = static_cast<std::size_t>(count < 0 ? 0 : count);
  if (elements > RedisConnection::kMaxReplyElements - budget->elements) {
    budget->refused = "an array of " + std::to_string(count) + " elements (at most " +
                      std::to_string(RedisConnection::kMaxReplyElements) + " in a reply)";
    return nullptr;
  }
  budget->elements += elements;
  RedisReply value;
  value.kind = RedisReply::Kind::array;
  try {
    value.elements.resize(elements);
    return place(task, std::move(value));
  } catch (const std::bad_alloc&) {
    return nullptr;
  }
}

void* create_integer(const redisReadTask* task, long long number) {
  RedisReply value;
  value.kind = RedisReply::Kind::integer;
  value.integer = number;
  return place(task, std::move(value));
}

void* create_nil(const redisReadTask* task) {
  return place(task, RedisReply{});
}

/// hiredis frees only a root (a reply given up half-built, or the reader's own on free).
void free_reply(void* reply) {
  delete static_cast<RedisReply*>(reply);
}

redisReplyObjectFunctions bounded_reply_functions = {create_string, create_array, create_integer,
                                                     create_nil, free_reply};

/// hiredis writes with write(), so a peer that went away raises SIGPIPE, whose default action
/// kills the process. While alive, this blocks SIGPIPE on the calling thread and, on the way
/// out, consumes one the command raised; the process's signal dispositions stay untouched. A
/// process that ignores SIGPIPE (the server) needs none of it: one syscall reads that, where
/// the guard costs four around every round trip.
class SigpipeBlocked {
 public:
  SigpipeBlocked() {
    struct sigaction disposition {};
    if (sigaction(SIGPIPE, nullptr, &disposition) == 0 && disposition.sa_handler == SIG_IGN &&
        !(disposition.sa_flags & SA_SIGINFO)) {
      ignored_ = true;
      return;
    }
    sigemptyset(&sigpipe_);
    sigaddset(&sigpipe_, SIGPIPE);
    sigset_t pending;
    sigpending(&pending);
    was_pending_ = sigismember(&pending, SIGPIPE) == 1;
    pthread_sigmask(SIG_BLOCK, &sigpipe_, &previous_);
  }
  ~SigpipeBlocked() {
    if (ignored_) return;
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
  bool ignored_ = false;
};

std::string describe(const RedisEndpoint& endpoint) {
  if (!endpoint.unix_socket.empty()) return endpoint.unix_socket;
  return endpoint.host + ":" + std::to_string(endpoint.port);
}

}  // namespace

RedisConnection::RedisConnection(RedisEndpoint endpoint, std::chrono::milliseconds timeout,
                                 std::size_t max_reply_bytes)
    : endpoint_(std::move(endpoint)), timeout_(timeout), max_reply_bytes_(max_reply_bytes) {}

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
  if (context_ && !context_->err) {
    // Replies are built by bounded callbacks straight into RedisReply (hiredis 0.14 has no
    // limit of its own: "*2147483647" made it calloc 16 GiB and fill it).
    context_->reader->fn = &bounded_reply_functions;
  }
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
  ReplyBudget budget;
  budget.max_bytes = max_reply_bytes_;
  context_->reader->privdata = &budget;
  std::unique_ptr<RedisReply> reply = read_reply(args, &budget, error);
  if (context_) context_->reader->privdata = nullptr;
  if (!reply) return std::nullopt;
  return std::move(*reply);
}

std::unique_ptr<RedisReply> RedisConnection::read_reply(const std::vector<std::string>& args,
                                                        ReplyBudget* budget, std::string* error) {
  // hiredis's redisGetReply, with the reader's unparsed buffer and the time bounded.
  auto fail = [&](const std::string& why) {
    if (error) *error = "Redis at " + describe(endpoint_) + ": " + why;
    disconnect();  // a broken or abandoned reply cannot be reused: replies would misalign
    return nullptr;
  };
  std::string formatted;
  append_command(formatted, args);
  if (redisAppendFormattedCommand(context_, formatted.data(), formatted.size()) != REDIS_OK)
    return fail(context_->errstr);
  for (int done = 0; !done;) {
    if (redisBufferWrite(context_, &done) != REDIS_OK) return fail(context_->errstr);
  }
  return next_reply(budget, error);
}

std::unique_ptr<RedisReply> RedisConnection::next_reply(ReplyBudget* budget, std::string* error) {
  auto fail = [&](const std::string& why) {
    if (error) *error = "Redis at " + describe(endpoint_) + ": " + why;
    disconnect();  // a broken or abandoned reply cannot be reused: replies would misalign
    return nullptr;
  };
  const auto deadline = std::chrono::steady_clock::now() + timeout_;
  void* raw = nullptr;
  while (true) {
    if (redisGetReplyFromReader(context_, &raw) != REDIS_OK)
      return fail(budget->refused.empty() ? std::string(context_->errstr)
                                          : "refused " + budget->refused);
    if (raw) return std::unique_ptr<RedisReply>(static_cast<RedisReply*>(raw));
    if (context_->reader->len - context_->reader->pos > budget->max_bytes)
      return fail("refused a reply of more than " + std::to_string(budget->max_bytes) + " bytes");
    if (std::chrono::steady_clock::now() > deadline)
      return fail("no whole reply within " + std::to_string(timeout_.count()) + " ms");
    if (redisBufferRead(context_) != REDIS_OK) return fail(context_->errstr);
  }
}

std::optional<std::vector<RedisReply>> RedisConnection::pipeline(
    const std::vector<std::vector<std::string>>& commands, std::string* error) {
  if (commands.empty()) return std::vector<RedisReply>{};
  const retry::Backoff::Clock::time_point now = retry::Backoff::Clock::now();
  if (!context_) {
    if (!backoff_.due(now)) {
      if (error) *error = "Redis at " + describe(endpoint_) + " is unreachable";
      return std::nullopt;
    }
    if (!connect(error)) {
      backoff_.failed(now);
      return std::nullopt;
    }
  }
  SigpipeBlocked no_sigpipe;
  auto failed = [&](const std::string& why) -> std::optional<std::vector<RedisReply>> {
    if (error && !why.empty()) *error = "Redis at " + describe(endpoint_) + ": " + why;
    disconnect();
    backoff_.failed(now);
    return std::nullopt;
  };
  // every command in Redis's protocol, in one buffer handed to hiredis once (its own
  // formatting, sdscatfmt an argument, was a tenth of reading every node's row)
  std::string formatted;
  for (const std::vector<std::string>& args : commands) append_command(formatted, args);
  if (redisAppendFormattedCommand(context_, formatted.data(), formatted.size()) != REDIS_OK)
    return failed(context_->errstr);
  for (int done = 0; !done;) {
    if (redisBufferWrite(context_, &done) != REDIS_OK) return failed(context_->errstr);
  }
  std::vector<RedisReply> replies;
  replies.reserve(commands.size());
  for (std::size_t i = 0; i < commands.size(); ++i) {
    ReplyBudget budget;
    budget.max_bytes = max_reply_bytes_;
    context_->reader->privdata = &budget;
    std::unique_ptr<RedisReply> reply = next_reply(&budget, error);
    if (context_) context_->reader->privdata = nullptr;
    if (!reply) {
      backoff_.failed(now);
      return std::nullopt;
    }
    replies.push_back(std::move(*reply));
  }
  backoff_.succeeded();
  return replies;
}

}  // namespace marionette::counters
