#include "server/http_message.hpp"

#include <algorithm>
#include <cctype>

namespace marionette::server {

namespace {

std::string lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

std::string trimmed(const std::string& text) {
  auto first = text.find_first_not_of(" \t");
  if (first == std::string::npos) return "";
  return text.substr(first, text.find_last_not_of(" \t") - first + 1);
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

std::string percent_decode(const std::string& text, bool plus_is_space) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '%' && i + 2 < text.size() && hex_value(text[i + 1]) >= 0 && hex_value(text[i + 2]) >= 0) {
      out += static_cast<char>(hex_value(text[i + 1]) * 16 + hex_value(text[i + 2]));
      i += 2;
    } else if (text[i] == '+' && plus_is_space) {
      out += ' ';
    } else {
      out += text[i];
    }
  }
  return out;
}

std::map<std::string, std::string> parse_form(const std::string& text) {
  std::map<std::string, std::string> fields;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('&', start);
    if (end == std::string::npos) end = text.size();
    std::string pair = text.substr(start, end - start);
    std::size_t equals = pair.find('=');
    if (!pair.empty())
      fields[percent_decode(pair.substr(0, equals), true)] =
          equals == std::string::npos ? "" : percent_decode(pair.substr(equals + 1), true);
    start = end + 1;
  }
  return fields;
}

bool HttpReader::fill(std::chrono::steady_clock::time_point deadline) {
  if (std::chrono::steady_clock::now() > deadline) return false;
  char chunk[16 * 1024];
  long got = read_(chunk, sizeof chunk);
  if (got <= 0) return false;
  buffer_.append(chunk, static_cast<std::size_t>(got));
  return true;
}

std::string HttpReader::line(std::size_t limit, std::chrono::steady_clock::time_point deadline,
                             bool first) {
  std::size_t searched = start_;
  while (true) {
    std::size_t end = buffer_.find('\n', searched);
    if (end != std::string::npos) {
      if (end - start_ > limit) throw HttpReadError{first ? 414 : 431, "line too long"};
      std::string text = buffer_.substr(start_, end - start_);
      start_ = end + 1;
      if (!text.empty() && text.back() == '\r') text.pop_back();
      return text;
    }
    if (buffer_.size() - start_ > limit) throw HttpReadError{first ? 414 : 431, "line too long"};
    searched = buffer_.size();
    bool nothing_yet = first && buffer_.size() == start_;
    if (!fill(deadline)) {
      if (nothing_yet) throw HttpReadError{0, "closed"};
      throw HttpReadError{408, "the request did not arrive in time"};
    }
  }
}

std::string HttpReader::bytes(std::size_t count, std::chrono::steady_clock::time_point deadline) {
  while (buffer_.size() - start_ < count)
    if (!fill(deadline)) throw HttpReadError{408, "the body did not arrive in time"};
  std::string out = buffer_.substr(start_, count);
  start_ += count;
  return out;
}

HttpRequest HttpReader::next() {
  // Keep-alive: drop what was consumed, keep what came after.
  buffer_.erase(0, start_);
  start_ = 0;
  HttpRequest request;
  // The deadline starts with the request line (an idle keep-alive connection is bounded by the
  // socket's own timeout).
  auto deadline = std::chrono::steady_clock::time_point::max();
  std::string request_line = line(limits_.max_line, deadline, true);
  deadline = std::chrono::steady_clock::now() + limits_.request_timeout;
  std::size_t first_space = request_line.find(' ');
  std::size_t second_space = request_line.rfind(' ');
  if (first_space == std::string::npos || second_space == first_space)
    throw HttpReadError{400, "malformed request line"};
  request.method = request_line.substr(0, first_space);
  std::string target = request_line.substr(first_space + 1, second_space - first_space - 1);
  std::string version = request_line.substr(second_space + 1);
  if (version != "HTTP/1.1" && version != "HTTP/1.0")
    throw HttpReadError{400, "unsupported HTTP version"};
  request.keep_alive = version == "HTTP/1.1";
  std::size_t question = target.find('?');
  request.path = percent_decode(target.substr(0, question), false);
  if (question != std::string::npos) request.query = parse_form(target.substr(question + 1));

  std::size_t header_bytes = 0;
  while (true) {
    std::string header_line = line(limits_.max_line, deadline, false);
    if (header_line.empty()) break;
    header_bytes += header_line.size();
    if (request.headers.size() >= limits_.max_headers || header_bytes > limits_.max_header_bytes)
      throw HttpReadError{431, "too many headers"};
    std::size_t colon = header_line.find(':');
    if (colon == std::string::npos || colon == 0) throw HttpReadError{400, "malformed header"};
    request.headers[lower(header_line.substr(0, colon))] = trimmed(header_line.substr(colon + 1));
  }
  std::string connection = lower(request.header("connection"));
  if (connection == "close") request.keep_alive = false;
  if (connection == "keep-alive") request.keep_alive = true;

  if (lower(request.header("transfer-encoding")) == "chunked") {
    while (true) {
      std::string size_line = line(limits_.max_line, deadline, false);
      std::size_t size = 0, digits = 0;
      for (char c : size_line) {
        if (hex_value(c) < 0) break;
        if (++digits > 8) throw HttpReadError{413, "chunk too large"};
        size = size * 16 + static_cast<std::size_t>(hex_value(c));
      }
      if (digits == 0) throw HttpReadError{400, "malformed chunk size"};
      if (size == 0) break;
      if (request.body.size() + size > limits_.max_body)
        throw HttpReadError{413, "body too large"};
      request.body += bytes(size, deadline);
      if (!line(2, deadline, false).empty()) throw HttpReadError{400, "malformed chunk"};
    }
    while (!line(limits_.max_line, deadline, false).empty()) {  // trailers, ignored
    }
  } else if (!request.header("transfer-encoding").empty()) {
    throw HttpReadError{501, "unsupported transfer encoding"};
  } else if (std::string length = request.header("content-length"); !length.empty()) {
    if (length.size() > 12 || !std::all_of(length.begin(), length.end(), ::isdigit))
      throw HttpReadError{400, "malformed Content-Length"};
    std::size_t size = std::stoull(length);
    if (size > limits_.max_body) throw HttpReadError{413, "body too large"};
    request.body = bytes(size, deadline);
  }
  return request;
}

const char* reason_phrase(int status) {
  switch (status) {
    case 200: return "OK";
    case 204: return "No Content";
    case 400: return "Bad Request";
    case 401: return "Unauthorized";
    case 403: return "Forbidden";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    case 408: return "Request Timeout";
    case 409: return "Conflict";
    case 413: return "Payload Too Large";
    case 414: return "URI Too Long";
    case 431: return "Request Header Fields Too Large";
    case 500: return "Internal Server Error";
    case 501: return "Not Implemented";
    case 503: return "Service Unavailable";
  }
  return "Unknown";
}

std::string serialize(const HttpResponse& response, bool keep_alive) {
  std::string out = "HTTP/1.1 " + std::to_string(response.status) + " " +
                    reason_phrase(response.status) + "\r\n";
  out += "Content-Type: " + response.content_type + "\r\n";
  out += "Content-Length: " + std::to_string(response.body.size()) + "\r\n";
  for (const auto& [name, value] : response.headers) out += name + ": " + value + "\r\n";
  out += keep_alive ? "Connection: keep-alive\r\n" : "Connection: close\r\n";
  out += "\r\n";
  out += response.body;
  return out;
}

}  // namespace marionette::server
