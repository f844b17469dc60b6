#pragma once

#include <cstddef>
#include <map>
#include <string>

#include "http/http_message.hpp"

namespace marionette::http {

/// The one grammar of HTTP/1.1 messages, fed bytes as they arrive: the blocking HttpReader and
/// the server's event loop both parse through it. What it has consumed it drops, so a message
/// holds in memory only its headers, its body and one unfinished line; framing the client sends
/// around the body counts against the limits too (chunk-size lines and chunk extensions against
/// max_body, chunk extensions also against max_header_bytes, trailers with the headers against
/// max_headers and max_header_bytes). Errors are thrown as HttpReadError with the status owed.
class MessageParser {
 public:
  enum class Kind { request, response };
  /// Where the current message is: nothing of it yet, its start line and headers, its body.
  enum class Phase { idle, head, body, complete };

  MessageParser(Kind kind, HttpLimits limits) : kind_(kind), limits_(limits) {}

  /// Appends received bytes (they may hold the next message, kept for it).
  void feed(const char* data, std::size_t size);
  /// Parses what has been fed: true when a whole message is ready to take; throws HttpReadError.
  bool parse();
  /// The stream ended: true when that completes the message (a response's body up to the close).
  bool finish();
  /// What the next message is (a reader of one connection may read either), and for a response
  /// whether it answers a HEAD request (then it has no body). Said before the message begins.
  void expect(Kind kind, bool head_response = false) {
    kind_ = kind;
    head_response_ = head_response;
  }

  Phase phase() const { return phase_; }
  /// Bytes fed and not yet consumed (an unfinished line, or the next message).
  std::size_t buffered() const { return buffer_.size() - position_; }

  /// The complete message; the parser then waits for the next one.
  HttpRequest take_request();
  HttpResponse take_response();

 private:
  enum class State {
    start_line,
    headers,
    length_body,
    chunk_size,
    chunk_data,
    chunk_end,
    trailers,
    until_close,
    done
  };

  /// The next whole line (without CR LF), or false when it has not arrived yet; a line longer
  /// than `limit` throws `too_long`.
  bool next_line(std::string& line, std::size_t limit, int too_long);
  void start_line(const std::string& line);
  void header_line(const std::string& line, bool trailer);
  void begin_body();
  void chunk_size_line(const std::string& line);
  void take_body_bytes(std::size_t count);
  void count_framing(std::size_t bytes);
  void reset();

  Kind kind_;
  HttpLimits limits_;
  bool head_response_ = false;
  std::string buffer_;
  std::size_t position_ = 0;  ///< consumed up to here
  std::size_t scanned_ = 0;   ///< searched for a line end up to here
  State state_ = State::start_line;
  Phase phase_ = Phase::idle;

  // The message being read.
  std::string method_, target_;
  int status_ = 0;
  bool keep_alive_ = true;
  std::map<std::string, std::string> headers_;
  std::size_t header_count_ = 0, header_bytes_ = 0;
  std::string body_;
  std::size_t remaining_ = 0;        ///< of the Content-Length body or the current chunk
  std::size_t framing_bytes_ = 0;    ///< chunk-size lines and chunk ends
  std::size_t extension_bytes_ = 0;  ///< chunk extensions
};

/// Whether `text` is well-formed UTF-8 (no overlong forms, no surrogates).
bool valid_utf8(const std::string& text);

}  // namespace marionette::http
