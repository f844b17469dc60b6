#include "counters/redis_url.hpp"

#include <charconv>

namespace marionette::counters {
namespace {

bool parse_int(std::string_view text, int min, int max, int* value) {
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, *value);
  return !text.empty() && ec == std::errc() && ptr == end && *value >= min && *value <= max;
}

std::optional<RedisEndpoint> invalid(std::string_view url, const std::string& why,
                                     std::string* error) {
  if (error) *error = "invalid Redis URL '" + std::string(url) + "': " + why;
  return std::nullopt;
}

/// Applies `db=N` and `password=P` query parameters of a unix:// URL.
bool apply_query(std::string_view query, RedisEndpoint* endpoint, std::string* why) {
  while (!query.empty()) {
    std::string_view pair = query.substr(0, query.find('&'));
    query.remove_prefix(std::min(query.size(), pair.size() + 1));
    std::string_view name = pair.substr(0, pair.find('='));
    std::string_view value = name.size() < pair.size() ? pair.substr(name.size() + 1) : "";
    if (name == "db") {
      if (!parse_int(value, 0, 1 << 20, &endpoint->db)) {
        *why = "bad db number";
        return false;
      }
    } else if (name == "password") {
      endpoint->password = value;
    } else {
      *why = "unknown parameter '" + std::string(name) + "'";
      return false;
    }
  }
  return true;
}

std::optional<RedisEndpoint> parse_unix(std::string_view url, std::string_view rest,
                                        std::string* error) {
  RedisEndpoint endpoint;
  std::string_view path = rest.substr(0, rest.find('?'));
  if (path.empty() || path.front() != '/') return invalid(url, "expected an absolute path", error);
  endpoint.unix_socket = path;
  std::string why;
  if (path.size() < rest.size() && !apply_query(rest.substr(path.size() + 1), &endpoint, &why)) {
    return invalid(url, why, error);
  }
  return endpoint;
}

std::optional<RedisEndpoint> parse_tcp(std::string_view url, std::string_view rest,
                                       std::string* error) {
  RedisEndpoint endpoint;
  std::string_view authority = rest.substr(0, rest.find('/'));
  std::string_view path = rest.substr(authority.size());
  if (auto at = authority.rfind('@'); at != std::string_view::npos) {
    std::string_view userinfo = authority.substr(0, at);
    authority.remove_prefix(at + 1);
    auto colon = userinfo.find(':');
    if (colon == std::string_view::npos) return invalid(url, "expected user:password@", error);
    endpoint.username = userinfo.substr(0, colon);
    endpoint.password = userinfo.substr(colon + 1);
  }
  std::string_view port;
  if (!authority.empty() && authority.front() == '[') {
    auto close = authority.find(']');
    if (close == std::string_view::npos) return invalid(url, "unclosed '['", error);
    endpoint.host = authority.substr(1, close - 1);
    std::string_view after = authority.substr(close + 1);
    if (!after.empty() && after.front() != ':') return invalid(url, "junk after ']'", error);
    if (!after.empty()) port = after.substr(1);
  } else {
    auto colon = authority.find(':');
    endpoint.host = authority.substr(0, colon);
    if (colon != std::string_view::npos) port = authority.substr(colon + 1);
  }
  if (endpoint.host.empty()) return invalid(url, "no host", error);
  if (!port.empty() && !parse_int(port, 1, 65535, &endpoint.port)) {
    return invalid(url, "bad port", error);
  }
  if (path.size() > 1 && !parse_int(path.substr(1), 0, 1 << 20, &endpoint.db)) {
    return invalid(url, "bad db number", error);
  }
  return endpoint;
}

}  // namespace

std::optional<RedisEndpoint> parse_redis_url(std::string_view url, std::string* error) {
  constexpr std::string_view kTcp = "redis://", kUnix = "unix://";
  if (url.starts_with(kTcp)) return parse_tcp(url, url.substr(kTcp.size()), error);
  if (url.starts_with(kUnix)) return parse_unix(url, url.substr(kUnix.size()), error);
  return invalid(url, "expected redis:// or unix://", error);
}

}  // namespace marionette::counters
