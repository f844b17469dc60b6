#include "http/message_parser.hpp"

#include <algorithm>
#include <cctype>

#include "text/hex_digit.hpp"
#include "text/text.hpp"

namespace marionette::http {

using text::hex_digit_value;

namespace {

/// Bytes consumed are dropped once they are this many (the rest moves to the front).
constexpr std::size_t kCompactAfter = 16 * 1024;

}  // namespace

bool valid_utf8(const std::string& text) {
  const auto* bytes = reinterpret_cast<const unsigned char*>(text.data());
  std::size_t size = text.size();
  for (std::size_t i = 0; i < size;) {
    unsigned char c = bytes[i];
    if (c < 0x80) {
      ++i;
      continue;
    }
    std::size_t length;
    unsigned char low = 0x80, high = 0xBF;
    if (c >= 0xC2 && c <= 0xDF) {
      length = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
      length = 3;
      if (c == 0xE0) low = 0xA0;   // overlong
      if (c == 0xED) high = 0x9F;  // surrogates
    } else if (c >= 0xF0 && c <= 0xF4) {
      length = 4;
      if (c == 0xF0) low = 0x90;   // overlong
      if (c == 0xF4) high = 0x8F;  // beyond U+10FFFF
    } else {
      return false;
    }
    if (i + length > size) return false;
    if (bytes[i + 1] < low || bytes[i + 1] > high) return false;
    for (std::size_t k = 2; k < length; ++k)
      if (bytes[i + k] < 0x80 || bytes[i + k] > 0xBF) return false;
    i += length;
  }
  return true;
}

void MessageParser::feed(const char* data, std::size_t size) {
  buffer_.append(data, size);
}

bool MessageParser::next_line(std::string& line, std::size_t limit, int too_long) {
  std::size_t end = buffer_.find('\n', std::max(scanned_, position_));
  if (end == std::string::npos) {
    if (buffer_.size() - position_ > limit) throw HttpReadError{too_long, "line too long"};
    scanned_ = buffer_.size();
    return false;
  }
  if (end - position_ > limit) throw HttpReadError{too_long, "line too long"};
  line.assign(buffer_, position_, end - position_);
  if (!line.empty() && line.back() == '\r') line.pop_back();
  position_ = end + 1;
  scanned_ = position_;
  return true;
}

void MessageParser::start_line(const std::string& line) {
  if (kind_ == Kind::response) {
    // HTTP/1.1 200 OK
    if (line.size() < 12 || line.compare(0, 5, "HTTP/") != 0 || line[8] != ' ' ||
        !std::isdigit(static_cast<unsigned char>(line[9])) ||
        !std::isdigit(static_cast<unsigned char>(line[10])) ||
        !std::isdigit(static_cast<unsigned char>(line[11])))
      throw HttpReadError{502, "malformed status line"};
    status_ = std::stoi(line.substr(9, 3));
    keep_alive_ = line.compare(0, 8, "HTTP/1.1") == 0;
    return;
  }
  std::size_t first_space = line.find(' ');
  std::size_t second_space = line.rfind(' ');
  if (first_space == std::string::npos || second_space == first_space)
    throw HttpReadError{400, "malformed request line"};
  method_ = line.substr(0, first_space);
  target_ = line.substr(first_space + 1, second_space - first_space - 1);
  std::string version = line.substr(second_space + 1);
  if (version != "HTTP/1.1" && version != "HTTP/1.0")
    throw HttpReadError{400, "unsupported HTTP version"};
  keep_alive_ = version == "HTTP/1.1";
  // A path that decodes to a NUL or to bytes that are not UTF-8 names nothing that can be
  // served (a file name would end at the NUL): refused as Puppet's servers refuse it.
  std::string path = percent_decode(target_.substr(0, target_.find('?')), false);
  if (path.find('\0') != std::string::npos || !valid_utf8(path))
    throw HttpReadError{400, "invalid request path"};
}

void MessageParser::header_line(const std::string& line, bool trailer) {
  header_bytes_ += line.size();
  if (++header_count_ > limits_.max_headers || header_bytes_ > limits_.max_header_bytes)
    throw HttpReadError{431, trailer ? "too many trailers" : "too many headers"};
  std::size_t colon = line.find(':');
  if (colon == std::string::npos || colon == 0)
    throw HttpReadError{400, trailer ? "malformed trailer" : "malformed header"};
  if (trailer) return;  // trailers are counted, not kept
  headers_[text::lowercase(line.substr(0, colon))] =
      std::string(text::trimmed(line.substr(colon + 1), " \t"));
}

void MessageParser::begin_body() {
  auto header = [this](const char* name) {
    auto found = headers_.find(name);
    return found == headers_.end() ? std::string() : found->second;
  };
  std::string connection = text::lowercase(header("connection"));
  if (connection == "close") keep_alive_ = false;
  if (connection == "keep-alive") keep_alive_ = true;
  phase_ = Phase::body;
  if (kind_ == Kind::response &&
      (head_response_ || status_ / 100 == 1 || status_ == 204 || status_ == 304)) {
    state_ = State::done;
    return;
  }
  std::string encoding = header("transfer-encoding");
  if (text::lowercase(encoding) == "chunked") {
    state_ = State::chunk_size;
  } else if (!encoding.empty()) {
    throw HttpReadError{501, "unsupported transfer encoding"};
  } else if (std::string length = header("content-length"); !length.empty()) {
    if (length.size() > 12 || !std::all_of(length.begin(), length.end(), ::isdigit))
      throw HttpReadError{400, "malformed Content-Length"};
    remaining_ = std::stoull(length);
    if (remaining_ > limits_.max_body) throw HttpReadError{413, "body too large"};
    body_.reserve(std::min<std::size_t>(remaining_, 1024 * 1024));
    state_ = remaining_ == 0 ? State::done : State::length_body;
  } else if (kind_ == Kind::response) {
    keep_alive_ = false;  // the body ends where the connection does
    state_ = State::until_close;
  } else {
    state_ = State::done;
  }
}

void MessageParser::count_framing(std::size_t bytes) {
  framing_bytes_ += bytes;
  if (body_.size() + remaining_ + framing_bytes_ > limits_.max_body)
    throw HttpReadError{413, "body too large"};
}

void MessageParser::chunk_size_line(const std::string& line) {
  std::size_t size = 0, digits = 0;
  for (char c : line) {
    if (hex_digit_value(c) < 0) break;
    if (++digits > 8) throw HttpReadError{413, "chunk too large"};
    size = size * 16 + static_cast<std::size_t>(hex_digit_value(c));
  }
  if (digits == 0) throw HttpReadError{400, "malformed chunk size"};
  extension_bytes_ += line.size() - digits;
  if (extension_bytes_ > limits_.max_header_bytes)
    throw HttpReadError{413, "chunk extensions too large"};
  if (body_.size() + size > limits_.max_body) throw HttpReadError{413, "body too large"};
  count_framing(line.size() + 2);
  remaining_ = size;
  state_ = size == 0 ? State::trailers : State::chunk_data;
}

void MessageParser::take_body_bytes(std::size_t count) {
  body_.append(buffer_, position_, count);
  position_ += count;
  scanned_ = position_;
}

bool MessageParser::parse() {
  std::string line;
  bool complete = false;
  while (!complete) {
    std::size_t available = buffer_.size() - position_;
    if (state_ != State::done && available == 0) break;
    if (phase_ == Phase::idle) phase_ = Phase::head;
    switch (state_) {
      case State::start_line:
        if (!next_line(line, limits_.max_line, kind_ == Kind::request ? 414 : 502)) goto wait;
        start_line(line);
        state_ = State::headers;
        break;
      case State::headers:
        if (!next_line(line, limits_.max_line, 431)) goto wait;
        if (line.empty())
          begin_body();
        else
          header_line(line, false);
        break;
      case State::length_body: {
        std::size_t count = std::min(available, remaining_);
        take_body_bytes(count);
        remaining_ -= count;
        if (remaining_ == 0) state_ = State::done;
        break;
      }
      case State::chunk_size:
        if (!next_line(line, limits_.max_line, 413)) goto wait;
        chunk_size_line(line);
        break;
      case State::chunk_data: {
        std::size_t count = std::min(available, remaining_);
        take_body_bytes(count);
        remaining_ -= count;
        if (remaining_ == 0) state_ = State::chunk_end;
        break;
      }
      case State::chunk_end:
        if (!next_line(line, 2, 400)) goto wait;
        if (!line.empty()) throw HttpReadError{400, "malformed chunk"};
        state_ = State::chunk_size;
        break;
      case State::trailers:
        if (!next_line(line, limits_.max_line, 431)) goto wait;
        if (line.empty())
          state_ = State::done;
        else
          header_line(line, true);
        break;
      case State::until_close:
        if (body_.size() + available > limits_.max_body) throw HttpReadError{413, "body too large"};
        take_body_bytes(available);
        goto wait;
      case State::done:
        phase_ = Phase::complete;
        complete = true;
        break;
    }
  }
wait:
  if (position_ >= kCompactAfter || position_ == buffer_.size()) {
    buffer_.erase(0, position_);
    scanned_ -= std::min(scanned_, position_);
    position_ = 0;
  }
  return complete;
}

bool MessageParser::finish() {
  if (state_ != State::until_close) return false;
  state_ = State::done;
  return parse();
}

void MessageParser::reset() {
  state_ = State::start_line;
  phase_ = Phase::idle;
  method_.clear();
  target_.clear();
  status_ = 0;
  keep_alive_ = true;
  headers_.clear();
  header_count_ = header_bytes_ = remaining_ = framing_bytes_ = extension_bytes_ = 0;
  body_.clear();
  head_response_ = false;
}

HttpRequest MessageParser::take_request() {
  HttpRequest request;
  request.method = std::move(method_);
  std::size_t question = target_.find('?');
  request.path = percent_decode(target_.substr(0, question), false);
  request.target = target_;
  if (question != std::string::npos) {
    request.query_pairs = parse_form_pairs(target_.substr(question + 1));
    for (const auto& [name, value] : request.query_pairs) request.query[name] = value;
  }
  request.headers = std::move(headers_);
  request.body = std::move(body_);
  request.keep_alive = keep_alive_;
  reset();
  return request;
}

HttpResponse MessageParser::take_response() {
  HttpResponse response;
  response.status = status_;
  for (auto& [name, value] : headers_) response.headers.emplace_back(name, value);
  response.content_type = response.header("content-type");
  response.body = std::move(body_);
  response.keep_alive = keep_alive_;
  reset();
  return response;
}

}  // namespace marionette::http
