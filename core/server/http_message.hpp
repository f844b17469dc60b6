#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace marionette::server {

/// How much a client may send: nothing it sends is trusted to be small or quick.
struct HttpLimits {
  std::size_t max_line = 8 * 1024;            ///< request line and each header line
  std::size_t max_headers = 100;
  std::size_t max_header_bytes = 64 * 1024;   ///< all header lines together
  std::size_t max_body = 64 * 1024 * 1024;    ///< Content-Length or the chunks' sum
  std::chrono::milliseconds request_timeout{30'000};  ///< from the first byte to the last
};

struct HttpRequest {
  std::string method;
  std::string path;  ///< percent-decoded, without the query
  std::map<std::string, std::string> query;  ///< decoded; a repeated name keeps the last value
  std::map<std::string, std::string> headers;  ///< names lower-cased
  std::string body;
  bool keep_alive = true;

  std::string header(const std::string& lower_name) const {
    auto found = headers.find(lower_name);
    return found == headers.end() ? "" : found->second;
  }
};

struct HttpResponse {
  int status = 200;
  std::string content_type = "text/plain";
  std::string body;
  std::vector<std::pair<std::string, std::string>> headers;
};

/// Reads bytes: up to `size` into `buffer`; 0 at the end of the stream, -1 on an error or a
/// timeout.
using ReadSome = std::function<long(char* buffer, std::size_t size)>;

/// Why a request could not be read; `status` is the answer owed to the client (400, 408, 413,
/// 431, 501), 0 when the connection just closed between requests.
struct HttpReadError {
  int status;
  std::string why;
};

/// Reads HTTP/1.1 requests from one connection, buffering what comes after a request for the
/// next one (keep-alive). Bodies by Content-Length or chunked.
class HttpReader {
 public:
  HttpReader(ReadSome read, HttpLimits limits) : read_(std::move(read)), limits_(limits) {}
  /// The next request; throws HttpReadError.
  HttpRequest next();

 private:
  std::string line(std::size_t limit, std::chrono::steady_clock::time_point deadline, bool first);
  std::string bytes(std::size_t count, std::chrono::steady_clock::time_point deadline);
  bool fill(std::chrono::steady_clock::time_point deadline);

  ReadSome read_;
  HttpLimits limits_;
  std::string buffer_;
  std::size_t start_ = 0;
};

/// The response's bytes: status line, Content-Type, Content-Length, the extra headers, body.
std::string serialize(const HttpResponse& response, bool keep_alive);

/// "%2F" → "/", and '+' as a space when `plus_is_space` (forms).
std::string percent_decode(const std::string& text, bool plus_is_space);

/// a=1&b=2 → {a: 1, b: 2}, decoded as a form.
std::map<std::string, std::string> parse_form(const std::string& text);

const char* reason_phrase(int status);

}  // namespace marionette::server
