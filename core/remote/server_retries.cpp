#include "remote/server_retries.hpp"

#include <time.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <thread>

#include "retry/backoff.hpp"

namespace marionette::remote {

namespace {

using Clock = std::chrono::steady_clock;

std::string trimmed(const std::string& text) {
  auto first = text.find_first_not_of(" \t");
  if (first == std::string::npos) return "";
  return text.substr(first, text.find_last_not_of(" \t") - first + 1);
}

/// "+0200" / "-0000" / "GMT" / "UT" / "UTC" / "Z": the zone's offset east of UTC in seconds.
std::optional<long> zone_offset(const std::string& zone) {
  if (zone == "GMT" || zone == "UT" || zone == "UTC" || zone == "Z") return 0;
  if (zone.size() != 5 || (zone[0] != '+' && zone[0] != '-')) return std::nullopt;
  for (std::size_t i = 1; i < 5; ++i)
    if (!std::isdigit(static_cast<unsigned char>(zone[i]))) return std::nullopt;
  long hours = std::stol(zone.substr(1, 2)), minutes = std::stol(zone.substr(3, 2));
  return (zone[0] == '-' ? -1 : 1) * (hours * 3600 + minutes * 60);
}

/// "[Day, ]DD Mon YYYY HH:MM:SS ZONE" as seconds since the epoch.
std::optional<long> rfc2822_time(const std::string& text) {
  std::string rest = text;
  if (auto comma = rest.find(','); comma != std::string::npos)
    rest = trimmed(rest.substr(comma + 1));
  struct tm parts {};
  const char* end = ::strptime(rest.c_str(), "%d %b %Y %H:%M:%S", &parts);
  if (!end) return std::nullopt;
  std::optional<long> offset = zone_offset(trimmed(end));
  if (!offset) return std::nullopt;
  return static_cast<long>(::timegm(&parts)) - *offset;
}

std::string seconds_text(Clock::time_point since) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f",
                std::chrono::duration<double>(Clock::now() - since).count());
  return text;
}

/// The server was not there to answer: refused, or the connection closed or reset under us.
bool server_went_away(const https_client::HttpsError& error) {
  using Kind = https_client::HttpsError::Kind;
  return error.kind() == Kind::connect || error.kind() == Kind::protocol ||
         error.kind() == Kind::tls;
}

/// The Retry-After header's value, when the response has one (even empty).
std::optional<std::string> retry_after_of(const http::HttpResponse& response) {
  for (const auto& [name, value] : response.headers)
    if (name == "retry-after") return value;
  return std::nullopt;
}

}  // namespace

std::optional<long> parse_retry_after(const std::string& value) {
  std::string text = trimmed(value);
  std::size_t digits = (!text.empty() && (text[0] == '+' || text[0] == '-')) ? 1 : 0;
  if (text.size() > digits && text.size() - digits <= 9 &&
      std::all_of(text.begin() + static_cast<long>(digits), text.end(),
                  [](unsigned char c) { return std::isdigit(c); }))
    return std::max(0L, std::stol(text));
  std::optional<long> when = rfc2822_time(text);
  if (!when) return std::nullopt;
  return std::max(0L, *when - static_cast<long>(::time(nullptr)));
}

ServerRetries::ServerRetries(https_client::HttpsClient& client, std::string base_url,
                             RetrySettings settings, Say say)
    : client_(client),
      base_url_(std::move(base_url)),
      settings_(std::move(settings)),
      say_(std::move(say)) {}

bool ServerRetries::wait(std::chrono::milliseconds duration) const {
  const auto until = Clock::now() + duration;
  while (Clock::now() < until) {
    if (settings_.stop_requested && settings_.stop_requested()) return false;
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(until - Clock::now());
    std::this_thread::sleep_for(std::min(left, std::chrono::milliseconds(100)));
  }
  return true;
}

http::HttpResponse ServerRetries::send(const Request& request) {
  for (int retries = 0;; ++retries) {
    http::HttpResponse response = deliver(request);
    if (response.status != 429 && response.status != 503) return response;
    if (retries >= settings_.retry_limit)
      throw RequestFailed("Too many HTTP retries for " + base_url_ + request.target);
    std::optional<std::string> header = retry_after_of(response);
    if (!header) return response;
    std::optional<long> seconds = parse_retry_after(*header);
    if (!seconds)
      throw RequestFailed("Failed to parse Retry-After header '" + *header +
                          "' as an integer or RFC 2822 date");
    long interval = std::min<long>(*seconds, settings_.max_retry_after.count());
    client_.close();
    say_("warning",
         "Sleeping for " + std::to_string(interval) + " seconds before retrying the request");
    if (!wait(std::chrono::seconds(interval)))
      throw RequestFailed("Stopped while waiting to retry " + base_url_ + request.target);
  }
}

http::HttpResponse ServerRetries::deliver(const Request& request) {
  const std::string url = base_url_ + request.target;
  auto start = Clock::now();
  try {
    http::HttpResponse response =
        client_.request(request.method, request.target, request.body, request.headers);
    answered_ = true;
    return response;
  } catch (const https_client::HttpsError& e) {
    // Before the server answered this run (it is down, not restarting) and after a resend
    // found it gone for good, a failure is the run's, at once, as Puppet's.
    if (!server_went_away(e) || !answered_ || gave_up_)
      throw RequestFailed("Request to " + url + " failed after " + seconds_text(start) +
                          " seconds: " + e.what());
    say_("warning", "Request to " + url + " failed after " + seconds_text(start) +
                        " seconds: " + e.what() + "; sending it again once the server is back");
  }
  // The one resend: connecting again until the server accepts (a restart), then the request.
  retry::Backoff backoff(std::chrono::seconds(1), std::chrono::seconds(30));
  const auto give_up = Clock::now() + settings_.reconnect_for;
  while (true) {
    if (!wait(backoff.next_delay()))
      throw RequestFailed("Stopped while waiting to send " + url + " again");
    backoff.failed(Clock::now());
    start = Clock::now();
    try {
      return client_.request(request.method, request.target, request.body, request.headers);
    } catch (const https_client::HttpsError& e) {
      bool refused = e.kind() == https_client::HttpsError::Kind::connect;
      if (!refused || Clock::now() + backoff.next_delay() >= give_up) {
        gave_up_ = true;
        throw RequestFailed("Request to " + url + " failed after " + seconds_text(start) +
                            " seconds: " + e.what());
      }
    }
  }
}

}  // namespace marionette::remote
