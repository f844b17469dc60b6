#include "http/http_message.hpp"

#include <algorithm>
#include <cctype>

#include "http/message_parser.hpp"
#include "text/hex_digit.hpp"
#include "text/text.hpp"

namespace marionette::http {

using text::hex_digit_value;

std::string percent_decode(const std::string& text, bool plus_is_space) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '%' && i + 2 < text.size() && hex_digit_value(text[i + 1]) >= 0 &&
        hex_digit_value(text[i + 2]) >= 0) {
      out += static_cast<char>(hex_digit_value(text[i + 1]) * 16 + hex_digit_value(text[i + 2]));
      i += 2;
    } else if (text[i] == '+' && plus_is_space) {
      out += ' ';
    } else {
      out += text[i];
    }
  }
  return out;
}

std::vector<std::pair<std::string, std::string>> parse_form_pairs(const std::string& text) {
  std::vector<std::pair<std::string, std::string>> fields;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('&', start);
    if (end == std::string::npos) end = text.size();
    std::string pair = text.substr(start, end - start);
    std::size_t equals = pair.find('=');
    if (!pair.empty())
      fields.emplace_back(
          percent_decode(pair.substr(0, equals), true),
          equals == std::string::npos ? "" : percent_decode(pair.substr(equals + 1), true));
    start = end + 1;
  }
  return fields;
}

std::map<std::string, std::string> parse_form(const std::string& text) {
  std::map<std::string, std::string> fields;
  for (auto& [name, value] : parse_form_pairs(text)) fields[name] = std::move(value);
  return fields;
}

HttpReader::HttpReader(ReadSome read, HttpLimits limits)
    : read_(std::move(read)),
      limits_(limits),
      parser_(std::make_unique<MessageParser>(MessageParser::Kind::request, limits)) {}

HttpReader::~HttpReader() = default;

bool HttpReader::fill(std::chrono::steady_clock::time_point deadline) {
  if (std::chrono::steady_clock::now() > deadline) return false;
  char chunk[16 * 1024];
  long got = read_(chunk, sizeof chunk);
  if (got <= 0) return false;
  parser_->feed(chunk, static_cast<std::size_t>(got));
  return true;
}

void HttpReader::read_message(std::chrono::steady_clock::time_point deadline, bool request) {
  // A request's time starts with its first byte (an idle keep-alive connection is bounded by
  // the socket's own timeout); a response's when it is asked for.
  bool timed = !request;
  while (!parser_->parse()) {
    if (!timed && parser_->phase() != MessageParser::Phase::idle) {
      deadline = std::chrono::steady_clock::now() + limits_.message_timeout;
      timed = true;
    }
    if (!fill(deadline)) {
      if (parser_->finish()) return;
      if (parser_->phase() == MessageParser::Phase::idle) throw HttpReadError{0, "closed"};
      throw HttpReadError{408, parser_->phase() == MessageParser::Phase::body
                                   ? "the body did not arrive in time"
                                   : "the request did not arrive in time"};
    }
  }
}

HttpRequest HttpReader::next() {
  parser_->expect(MessageParser::Kind::request);
  read_message(std::chrono::steady_clock::time_point::max(), true);
  return parser_->take_request();
}

HttpResponse HttpReader::next_response(bool to_head) {
  parser_->expect(MessageParser::Kind::response, to_head);
  read_message(std::chrono::steady_clock::now() + limits_.message_timeout, false);
  return parser_->take_response();
}

std::string HttpResponse::header(const std::string& name) const {
  std::string wanted = text::lowercase(name);
  for (const auto& [key, value] : headers)
    if (text::lowercase(key) == wanted) return value;
  return "";
}

const char* reason_phrase(int status) {
  switch (status) {
    case 200:
      return "OK";
    case 204:
      return "No Content";
    case 302:
      return "Found";
    case 400:
      return "Bad Request";
    case 401:
      return "Unauthorized";
    case 403:
      return "Forbidden";
    case 404:
      return "Not Found";
    case 405:
      return "Method Not Allowed";
    case 408:
      return "Request Timeout";
    case 409:
      return "Conflict";
    case 413:
      return "Payload Too Large";
    case 414:
      return "URI Too Long";
    case 431:
      return "Request Header Fields Too Large";
    case 500:
      return "Internal Server Error";
    case 501:
      return "Not Implemented";
    case 503:
      return "Service Unavailable";
  }
  return "Unknown";
}

namespace {

/// The status line and headers, up to the blank line that ends them.
std::string response_head(const HttpResponse& response, bool keep_alive) {
  std::string out =
      "HTTP/1.1 " + std::to_string(response.status) + " " + reason_phrase(response.status) + "\r\n";
  if (!response.content_type.empty()) out += "Content-Type: " + response.content_type + "\r\n";
  out += "Content-Length: " + std::to_string(response.body.size()) + "\r\n";
  for (const auto& [name, value] : response.headers) out += name + ": " + value + "\r\n";
  out += keep_alive ? "Connection: keep-alive\r\n" : "Connection: close\r\n";
  out += "\r\n";
  return out;
}

}  // namespace

std::string serialize(const HttpResponse& response, bool keep_alive) {
  std::string out = response_head(response, keep_alive);
  out += response.body;
  return out;
}

std::string serialize(HttpResponse&& response, bool keep_alive) {
  const std::string head = response_head(response, keep_alive);
  std::string out = std::move(response.body);
  out.insert(0, head);
  return out;
}

std::string serialize_request(const std::string& method, const std::string& target,
                              const std::string& host,
                              const std::vector<std::pair<std::string, std::string>>& headers,
                              const std::string& body, bool keep_alive) {
  std::string out = method + " " + target + " HTTP/1.1\r\n";
  out += "Host: " + host + "\r\n";
  for (const auto& [name, value] : headers) out += name + ": " + value + "\r\n";
  if (!body.empty() || method == "POST" || method == "PUT")
    out += "Content-Length: " + std::to_string(body.size()) + "\r\n";
  out += keep_alive ? "Connection: keep-alive\r\n" : "Connection: close\r\n";
  out += "\r\n";
  out += body;
  return out;
}

}  // namespace marionette::http
