#include "http/http_message.hpp"

#include <algorithm>
#include <cctype>

#include "text/text.hpp"

namespace marionette::http {

namespace {

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

std::string percent_encode(const std::string& text, bool keep_slash) {
  static const char kHex[] = "0123456789ABCDEF";
  std::string out;
  out.reserve(text.size());
  for (unsigned char c : text) {
    if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~' || (keep_slash && c == '/')) {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
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

std::map<std::string, std::string> HttpReader::headers(
    std::chrono::steady_clock::time_point deadline) {
  std::map<std::string, std::string> headers;
  std::size_t header_bytes = 0;
  while (true) {
    std::string header_line = line(limits_.max_line, deadline, false);
    if (header_line.empty()) return headers;
    header_bytes += header_line.size();
    if (headers.size() >= limits_.max_headers || header_bytes > limits_.max_header_bytes)
      throw HttpReadError{431, "too many headers"};
    std::size_t colon = header_line.find(':');
    if (colon == std::string::npos || colon == 0) throw HttpReadError{400, "malformed header"};
    headers[text::lowercase(header_line.substr(0, colon))] =
        std::string(text::trimmed(header_line.substr(colon + 1), " \t"));
  }
}

std::string HttpReader::body(const std::map<std::string, std::string>& headers, bool until_close,
                             std::chrono::steady_clock::time_point deadline) {
  auto header = [&](const char* name) {
    auto found = headers.find(name);
    return found == headers.end() ? std::string() : found->second;
  };
  std::string body;
  if (text::lowercase(header("transfer-encoding")) == "chunked") {
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
      if (body.size() + size > limits_.max_body) throw HttpReadError{413, "body too large"};
      body += bytes(size, deadline);
      if (!line(2, deadline, false).empty()) throw HttpReadError{400, "malformed chunk"};
    }
    while (!line(limits_.max_line, deadline, false).empty()) {  // trailers, ignored
    }
  } else if (!header("transfer-encoding").empty()) {
    throw HttpReadError{501, "unsupported transfer encoding"};
  } else if (std::string length = header("content-length"); !length.empty()) {
    if (length.size() > 12 || !std::all_of(length.begin(), length.end(), ::isdigit))
      throw HttpReadError{400, "malformed Content-Length"};
    std::size_t size = std::stoull(length);
    if (size > limits_.max_body) throw HttpReadError{413, "body too large"};
    body = bytes(size, deadline);
  } else if (until_close) {
    while (fill(deadline))
      if (buffer_.size() - start_ > limits_.max_body) throw HttpReadError{413, "body too large"};
    body = buffer_.substr(start_);
    start_ = buffer_.size();
  }
  return body;
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
  deadline = std::chrono::steady_clock::now() + limits_.message_timeout;
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

  request.headers = headers(deadline);
  std::string connection = text::lowercase(request.header("connection"));
  if (connection == "close") request.keep_alive = false;
  if (connection == "keep-alive") request.keep_alive = true;
  request.body = body(request.headers, false, deadline);
  return request;
}

HttpResponse HttpReader::next_response(bool to_head) {
  buffer_.erase(0, start_);
  start_ = 0;
  // A response is awaited from the moment it is asked for (the request has been sent).
  auto deadline = std::chrono::steady_clock::now() + limits_.message_timeout;
  std::string status_line = line(limits_.max_line, deadline, true);
  // HTTP/1.1 200 OK
  if (status_line.size() < 12 || status_line.compare(0, 5, "HTTP/") != 0 ||
      status_line[8] != ' ' || !std::isdigit(static_cast<unsigned char>(status_line[9])) ||
      !std::isdigit(static_cast<unsigned char>(status_line[10])) ||
      !std::isdigit(static_cast<unsigned char>(status_line[11])))
    throw HttpReadError{502, "malformed status line"};
  HttpResponse response;
  response.status = std::stoi(status_line.substr(9, 3));
  response.keep_alive = status_line.compare(0, 8, "HTTP/1.1") == 0;
  std::map<std::string, std::string> fields = headers(deadline);
  for (const auto& [name, value] : fields) response.headers.emplace_back(name, value);
  response.content_type = response.header("content-type");
  std::string connection = text::lowercase(response.header("connection"));
  if (connection == "close") response.keep_alive = false;
  if (connection == "keep-alive") response.keep_alive = true;
  bool bodiless = to_head || response.status / 100 == 1 || response.status == 204 ||
                  response.status == 304;
  if (bodiless) return response;
  bool framed = fields.count("content-length") || fields.count("transfer-encoding");
  if (!framed) response.keep_alive = false;  // the body ends where the connection does
  response.body = body(fields, true, deadline);
  return response;
}

std::string HttpResponse::header(const std::string& name) const {
  std::string wanted = text::lowercase(name);
  for (const auto& [key, value] : headers)
    if (text::lowercase(key) == wanted) return value;
  return "";
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
