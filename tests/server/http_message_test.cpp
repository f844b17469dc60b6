#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <thread>

#include "server/http_message.hpp"

namespace marionette::server {
namespace {

/// A reader over fixed text, handed out `step` bytes at a time.
ReadSome from(std::string text, std::size_t step = 7) {
  auto state = std::make_shared<std::pair<std::string, std::size_t>>(std::move(text), 0);
  return [state, step](char* buffer, std::size_t size) -> long {
    auto& [data, offset] = *state;
    std::size_t n = std::min({size, step, data.size() - offset});
    std::copy_n(data.data() + offset, n, buffer);
    offset += n;
    return static_cast<long>(n);
  };
}

int status_of(const std::string& text, HttpLimits limits = {}) {
  HttpReader reader(from(text), limits);
  try {
    reader.next();
  } catch (const HttpReadError& e) {
    return e.status;
  }
  return 200;
}

TEST(HttpReader, ReadsKeptAliveRequestsWithBodies) {
  HttpReader reader(
      from("POST /puppet/v3/catalog/a%2Eb?environment=production&x=1+2 HTTP/1.1\r\n"
           "Host: s\r\nContent-Length: 5\r\nContent-Type: text/plain\r\n\r\nhello"
           "PUT /r HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n"
           "GET /c HTTP/1.1\r\nConnection: close\r\n\r\n"),
      {});
  HttpRequest first = reader.next();
  EXPECT_EQ(first.method, "POST");
  EXPECT_EQ(first.path, "/puppet/v3/catalog/a.b");
  EXPECT_EQ(first.query["environment"], "production");
  EXPECT_EQ(first.query["x"], "1 2");
  EXPECT_EQ(first.header("content-type"), "text/plain");
  EXPECT_EQ(first.body, "hello");
  EXPECT_TRUE(first.keep_alive);
  HttpRequest second = reader.next();
  EXPECT_EQ(second.body, "abcde");
  HttpRequest third = reader.next();
  EXPECT_EQ(third.path, "/c");
  EXPECT_FALSE(third.keep_alive);
  try {
    reader.next();
    FAIL() << "read past the end";
  } catch (const HttpReadError& e) {
    EXPECT_EQ(e.status, 0);  // closed between requests: nothing owed
  }
}

TEST(HttpReader, BoundsWhatTheClientSends) {
  HttpLimits limits;
  limits.max_line = 64;
  limits.max_headers = 3;
  limits.max_body = 10;
  EXPECT_EQ(status_of("GET /" + std::string(100, 'a') + " HTTP/1.1\r\n\r\n", limits), 414);
  EXPECT_EQ(status_of("GET / HTTP/1.1\r\nX: " + std::string(100, 'a') + "\r\n\r\n", limits), 431);
  EXPECT_EQ(status_of("GET / HTTP/1.1\r\nA: 1\r\nB: 1\r\nC: 1\r\nD: 1\r\n\r\n", limits), 431);
  EXPECT_EQ(status_of("PUT / HTTP/1.1\r\nContent-Length: 11\r\n\r\n01234567890", limits), 413);
  EXPECT_EQ(status_of("PUT / HTTP/1.1\r\nContent-Length: 99999999999999999\r\n\r\n", limits), 400);
  EXPECT_EQ(status_of("PUT / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nffffffffff\r\n", limits),
            413);
  EXPECT_EQ(status_of("PUT / HTTP/1.1\r\nTransfer-Encoding: gzip\r\n\r\n", limits), 501);
  EXPECT_EQ(status_of("GARBAGE\r\n\r\n", limits), 400);
  EXPECT_EQ(status_of("GET / HTTP/2.0\r\n\r\n", limits), 400);
  // A body that never comes: the connection ends (or times out), 408.
  EXPECT_EQ(status_of("PUT / HTTP/1.1\r\nContent-Length: 5\r\n\r\nab", limits), 408);
}

TEST(HttpReader, ARequestSlowerThanItsTimeoutIsCut) {
  HttpLimits limits;
  limits.request_timeout = std::chrono::milliseconds(50);
  int calls = 0;
  HttpReader reader(
      [&calls](char* buffer, std::size_t) -> long {
        if (++calls == 1) {
          std::string start = "GET / HTTP/1.1\r\n";
          std::copy(start.begin(), start.end(), buffer);
          return static_cast<long>(start.size());
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        buffer[0] = 'X';  // a header that never ends, one byte at a time
        return 1;
      },
      limits);
  try {
    reader.next();
    FAIL() << "no timeout";
  } catch (const HttpReadError& e) {
    EXPECT_EQ(e.status, 408);
  }
}

TEST(HttpMessage, Serializes) {
  HttpResponse response{404, "application/json", "{}", {{"X-Puppet-Version", "7.23.0"}}};
  EXPECT_EQ(serialize(response, false),
            "HTTP/1.1 404 Not Found\r\nContent-Type: application/json\r\nContent-Length: 2\r\n"
            "X-Puppet-Version: 7.23.0\r\nConnection: close\r\n\r\n{}");
  EXPECT_EQ(percent_decode("%7B%22a%22%3A1%7D+x%", true), "{\"a\":1} x%");
  auto form = parse_form("facts_format=application%2Fjson&facts=%257B%257D&flag");
  EXPECT_EQ(form["facts_format"], "application/json");
  EXPECT_EQ(percent_decode(form["facts"], true), "{}");
  EXPECT_EQ(form["flag"], "");
}

}  // namespace
}  // namespace marionette::server
