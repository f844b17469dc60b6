#pragma once

// How the agent's requests ride out a busy or restarting server: Puppet::HTTP::Client's
// Retry-After handling (429 and 503) and one resend when the server was not there.

#include <chrono>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>

#include "https_client/https_client.hpp"
#include "remote/agent_requests.hpp"
#include "remote/host_certificate.hpp"

namespace marionette::remote {

struct RetrySettings {
  /// The longest one Retry-After is honoured for: Puppet's agent bounds it by runinterval.
  std::chrono::seconds max_retry_after{1800};
  /// Puppet::HTTP::Client's retry_limit: past it, "Too many HTTP retries for URL".
  int retry_limit = 100;
  /// How long the one resend waits for a server that refused or dropped the connection to
  /// accept connections again (Puppet's http_connect_timeout).
  std::chrono::milliseconds reconnect_for{120'000};
  /// Asked while waiting; true ends the wait (SIGTERM to the agent).
  std::function<bool()> stop_requested;
};

/// A request that got no answer, or too many Retry-Afters: Puppet's HTTP client's words.
class RequestFailed : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Sends one request and returns its response whatever its status (ServerRetries::send).
using SendRequest = std::function<http::HttpResponse(const Request&)>;

/// Seconds from a Retry-After value as Puppet reads it: an integer, or an RFC 2822 date
/// (seconds from now, 0 when past). nullopt when it is neither.
std::optional<long> parse_retry_after(const std::string& value);

/// Sends requests through one client as Puppet's agent does:
/// - 429 or 503 with Retry-After: the connection is closed, "Sleeping for N seconds before
///   retrying the request" is warned, N (bounded by max_retry_after) is waited and the request
///   sent again, up to retry_limit times ("Too many HTTP retries for URL"); without
///   Retry-After the response is returned as it is (the caller says "Error 503 on SERVER").
/// - the server not there (connection refused, or closed or reset without an answer) after it
///   answered this run: a warning, then the request is sent once more when the server accepts
///   connections again (tried after 1 s, doubling, for reconnect_for), so a server restarting
///   between two requests of a run costs that one resend, not the run. A server that never
///   answered, or did not come back for a resend, fails the request at once, as Puppet's.
class ServerRetries {
 public:
  ServerRetries(https_client::HttpsClient& client, std::string base_url, RetrySettings settings,
                Say say);

  /// The response, whatever its status; throws RequestFailed.
  http::HttpResponse send(const Request& request);

 private:
  http::HttpResponse deliver(const Request& request);
  /// Waits `duration` unless a stop is asked first; false when it was.
  bool wait(std::chrono::milliseconds duration) const;

  https_client::HttpsClient& client_;
  std::string base_url_;
  RetrySettings settings_;
  Say say_;
  bool answered_ = false;  ///< the server answered a request of this run
  bool gave_up_ = false;   ///< a resend found no server within reconnect_for
};

}  // namespace marionette::remote
