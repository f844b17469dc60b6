#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace marionette::counters {

/// Where a Redis server listens and how to log in, parsed from a URL.
struct RedisEndpoint {
  std::string host;  ///< empty when unix_socket is set
  int port = 6379;
  std::string unix_socket;  ///< a path, for unix:// URLs
  std::string username;     ///< Redis 6 ACL user; empty for the default user
  std::string password;     ///< empty: no AUTH
  int db = 0;

  bool operator==(const RedisEndpoint&) const = default;
};

/// Parses redis://[[user]:password@]host[:port][/db] (host may be [v6]) or
/// unix:///path/to/socket[?db=N][&password=P]. Returns nullopt and sets *error otherwise.
std::optional<RedisEndpoint> parse_redis_url(std::string_view url, std::string* error);

}  // namespace marionette::counters
