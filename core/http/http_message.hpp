#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "text/percent_encoding.hpp"

namespace marionette::http {

/// How much the other end may send: nothing it sends is trusted to be small or quick.
struct HttpLimits {
  std::size_t max_line = 8 * 1024;  ///< start line and each header line
  std::size_t max_headers = 100;
  std::size_t max_header_bytes = 64 * 1024;  ///< all header lines together
  std::size_t max_body = 64 * 1024 * 1024;   ///< Content-Length, the chunks' sum or up to close
  std::chrono::milliseconds message_timeout{30'000};  ///< from the first byte to the last
};

struct HttpRequest {
  std::string method;
  std::string path;    ///< percent-decoded, without the query
  std::string target;  ///< the request-target as sent: not decoded, with the query
  std::map<std::string, std::string> query;  ///< decoded; a repeated name keeps the last value
  /// Every name=value of the query in the order sent, repeats included (Puppet's agent sends
  /// `ignore=.svn&ignore=CVS&...`).
  std::vector<std::pair<std::string, std::string>> query_pairs;
  std::map<std::string, std::string> headers;  ///< names lower-cased
  std::string body;
  bool keep_alive = true;

  std::string header(const std::string& lower_name) const {
    auto found = headers.find(lower_name);
    return found == headers.end() ? "" : found->second;
  }
};

/// A response, written by the server or read by the client (which gets every header, names
/// lower-cased, in `headers`, and Content-Type in `content_type` too).
struct HttpResponse {
  int status = 200;
  std::string content_type = "text/plain";
  std::string body;
  std::vector<std::pair<std::string, std::string>> headers;
  bool keep_alive = true;  ///< read: whether the server keeps the connection open

  /// The first header of that name (compared without case); "" without one.
  std::string header(const std::string& name) const;
};

/// Reads bytes: up to `size` into `buffer`; 0 at the end of the stream, -1 on an error or a
/// timeout.
using ReadSome = std::function<long(char* buffer, std::size_t size)>;

/// Why a message could not be read. For a request, `status` is the answer owed to the client
/// (400, 408, 413, 431, 501); 0 when the connection just closed before a message began.
struct HttpReadError {
  int status;
  std::string why;
};

class MessageParser;

/// Reads HTTP/1.1 messages from one connection with blocking reads, buffering what comes after
/// one for the next (keep-alive). Bodies by Content-Length, chunked, or (responses) up to the end
/// of the stream. The grammar is MessageParser's (message_parser.hpp), which the server's event
/// loop feeds without blocking.
class HttpReader {
 public:
  HttpReader(ReadSome read, HttpLimits limits);
  ~HttpReader();
  /// The next request; throws HttpReadError.
  HttpRequest next();
  /// The next response (to a HEAD request when `to_head`: no body); throws HttpReadError.
  HttpResponse next_response(bool to_head = false);

 private:
  void read_message(std::chrono::steady_clock::time_point deadline, bool request);
  bool fill(std::chrono::steady_clock::time_point deadline);

  ReadSome read_;
  HttpLimits limits_;
  std::unique_ptr<MessageParser> parser_;
};

/// The response's bytes: status line, Content-Type, Content-Length, the extra headers, body.
std::string serialize(const HttpResponse& response, bool keep_alive);
/// The same bytes in the body's own buffer: the head goes in front of it, in place when the
/// buffer has room (a catalog's JSON, written by appending, mostly has), so that a large body is
/// not held twice while its response is sent.
std::string serialize(HttpResponse&& response, bool keep_alive);

/// A request's bytes: request line, Host, the headers given, Content-Length when there is a body
/// (or the method sends one), Connection.
std::string serialize_request(const std::string& method, const std::string& target,
                              const std::string& host,
                              const std::vector<std::pair<std::string, std::string>>& headers,
                              const std::string& body, bool keep_alive);

/// "%2F" → "/", and '+' as a space when `plus_is_space` (forms).
std::string percent_decode(const std::string& text, bool plus_is_space);

/// A path segment or a form value percent-encoded (text/percent_encoding.hpp).
using text::percent_encode;

/// a=1&b=2&a=3 → [(a, 1), (b, 2), (a, 3)], decoded as a form, in the order sent.
std::vector<std::pair<std::string, std::string>> parse_form_pairs(const std::string& text);

/// a=1&b=2 → {a: 1, b: 2}, decoded as a form; a repeated name keeps its last value.
std::map<std::string, std::string> parse_form(const std::string& text);

const char* reason_phrase(int status);

}  // namespace marionette::http
