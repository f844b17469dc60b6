#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "counters/redis_url.hpp"
#include "retry/backoff.hpp"

struct redisContext;  // hiredis, included only by redis_connection.cpp

namespace marionette::counters {

struct ReplyBudget;  // what one reply may still hold (redis_connection.cpp)

/// A Redis reply, built from what hiredis parsed.
struct RedisReply {
  enum class Kind { nil, integer, string, status, error, array };
  Kind kind = Kind::nil;
  long long integer = 0;
  std::string text;  ///< string, status and error replies
  std::vector<RedisReply> elements;
};

/// One synchronous connection with connect and command timeouts, so that a dead or hung Redis
/// costs a call at most about one timeout. After any I/O error the connection is dropped; the
/// next command connects again, with backoff: while Redis stays unreachable, commands fail at
/// once without touching the network until the next attempt is due (1 s, doubling up to 30 s).
///
/// What is read is bounded: a reply of more than kMaxReplyElements array elements or
/// kMaxReplyBytes bytes (or the bound the connection is made with: a store whose values may be
/// larger says how large), or one that does not arrive whole within the timeout, fails the
/// command (and drops the connection) as an unreachable Redis would, whatever the server sends.
class RedisConnection {
 public:
  static constexpr std::size_t kMaxReplyElements = 4096;
  static constexpr std::size_t kMaxReplyBytes = 1024 * 1024;
  static constexpr std::chrono::milliseconds kFirstRetry{1000};
  static constexpr std::chrono::milliseconds kLongestRetry{30000};

  RedisConnection(RedisEndpoint endpoint, std::chrono::milliseconds timeout,
                  std::size_t max_reply_bytes = kMaxReplyBytes);
  ~RedisConnection();
  RedisConnection(const RedisConnection&) = delete;
  RedisConnection& operator=(const RedisConnection&) = delete;

  /// Runs one command, connecting (AUTH, SELECT) first when needed. Returns nullopt and sets
  /// *error when Redis cannot be reached or the connection fails; an error *reply* is returned.
  std::optional<RedisReply> command(const std::vector<std::string>& args, std::string* error);

  /// Runs the commands pipelined: all sent, then their replies read in order, each within the
  /// bounds above. One reply per command, or nullopt (and *error) as command() fails.
  std::optional<std::vector<RedisReply>> pipeline(
      const std::vector<std::vector<std::string>>& commands, std::string* error);

  /// Lets the next command connect even before the backoff says so (a new run to flush).
  void retry_now() { backoff_.allow_now(); }

  bool connected() const { return context_ != nullptr; }
  void disconnect();

 private:
  bool connect(std::string* error);
  /// One command on the open connection; nullopt (and disconnected) after an I/O error.
  std::optional<RedisReply> send(const std::vector<std::string>& args, std::string* error);
  /// The next reply on the connection, within the bounds; nullptr (disconnected) after a failure.
  std::unique_ptr<RedisReply> next_reply(ReplyBudget* budget, std::string* error);
  /// Sends the command and reads its reply within the bounds; nullptr after a failure.
  std::unique_ptr<RedisReply> read_reply(const std::vector<std::string>& args, ReplyBudget* budget,
                                         std::string* error);

  RedisEndpoint endpoint_;
  std::chrono::milliseconds timeout_;
  std::size_t max_reply_bytes_;
  redisContext* context_ = nullptr;
  retry::Backoff backoff_{kFirstRetry, kLongestRetry};
};

}  // namespace marionette::counters
