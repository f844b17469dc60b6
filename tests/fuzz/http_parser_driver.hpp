#pragma once
// One input through the HTTP parser as the server's event loop and the blocking reader feed it:
// the first byte picks requests or responses (bit 0) and how the rest is split into reads
// (bits 1-7: pieces of 1 to 128 bytes). Every input must end in messages, HttpReadError, or a
// need for more bytes, with no crash and with memory bounded by the limits. Shared by the
// libFuzzer target and the plain regression test that replays the seeds.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "http/message_parser.hpp"

namespace marionette::http_fuzz {

inline void parse_input(const std::uint8_t* data, std::size_t size) {
  using marionette::http::HttpLimits;
  using marionette::http::HttpReadError;
  using marionette::http::MessageParser;
  if (size == 0) return;
  const bool responses = data[0] & 1;
  const std::size_t piece = static_cast<std::size_t>(data[0] >> 1) + 1;
  HttpLimits limits;
  limits.max_line = 256;
  limits.max_headers = 16;
  limits.max_header_bytes = 1024;
  limits.max_body = 4096;
  MessageParser parser(responses ? MessageParser::Kind::response : MessageParser::Kind::request,
                       limits);
  const char* text = reinterpret_cast<const char*>(data + 1);
  std::size_t rest = size - 1;
  try {
    for (std::size_t at = 0; at < rest;) {
      std::size_t count = std::min(piece, rest - at);
      parser.feed(text + at, count);
      at += count;
      while (parser.parse()) {
        if (responses) {
          marionette::http::HttpResponse response = parser.take_response();
          if (response.body.size() > limits.max_body) throw std::logic_error("body over limit");
        } else {
          marionette::http::HttpRequest request = parser.take_request();
          if (request.body.size() > limits.max_body) throw std::logic_error("body over limit");
        }
        parser.expect(responses ? MessageParser::Kind::response : MessageParser::Kind::request);
      }
      // What is held unparsed is at most one unfinished line: the rest is consumed.
      if (parser.buffered() > limits.max_line) throw std::logic_error("bytes held beyond one line");
    }
    if (parser.finish()) parser.take_response();
  } catch (const HttpReadError& e) {
    if (e.status < 400 || e.status > 599) throw std::logic_error("an error with no status owed");
  }
}

}  // namespace marionette::http_fuzz
