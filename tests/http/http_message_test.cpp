#include "http/http_message.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <thread>

namespace marionette::http {
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

int reader_status_of(const std::string& text, HttpLimits limits = {}) {
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
  EXPECT_EQ(reader_status_of("GET /" + std::string(100, 'a') + " HTTP/1.1\r\n\r\n", limits), 414);
  EXPECT_EQ(reader_status_of("GET / HTTP/1.1\r\nX: " + std::string(100, 'a') + "\r\n\r\n", limits),
            431);
  EXPECT_EQ(reader_status_of("GET / HTTP/1.1\r\nA: 1\r\nB: 1\r\nC: 1\r\nD: 1\r\n\r\n", limits),
            431);
  EXPECT_EQ(reader_status_of("PUT / HTTP/1.1\r\nContent-Length: 11\r\n\r\n01234567890", limits),
            413);
  EXPECT_EQ(reader_status_of("PUT / HTTP/1.1\r\nContent-Length: 99999999999999999\r\n\r\n", limits),
            400);
  EXPECT_EQ(reader_status_of("PUT / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nffffffffff\r\n",
                             limits),
            413);
  EXPECT_EQ(reader_status_of("PUT / HTTP/1.1\r\nTransfer-Encoding: gzip\r\n\r\n", limits), 501);
  EXPECT_EQ(reader_status_of("GARBAGE\r\n\r\n", limits), 400);
  EXPECT_EQ(reader_status_of("GET / HTTP/2.0\r\n\r\n", limits), 400);
  // A body that never comes: the connection ends (or times out), 408.
  EXPECT_EQ(reader_status_of("PUT / HTTP/1.1\r\nContent-Length: 5\r\n\r\nab", limits), 408);
}

TEST(HttpReader, ARequestSlowerThanItsTimeoutIsCut) {
  HttpLimits limits;
  limits.message_timeout = std::chrono::milliseconds(50);
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

TEST(HttpMessage, SerializesALargeBodyInItsOwnBuffer) {
  // A catalog's JSON is sent from the buffer it was written in (no second copy of it while its
  // response goes out): the head is put in front, the bytes the same as serialize's copy.
  HttpResponse response{200, "application/json", std::string(300 * 1024, 'x'), {{"A", "b"}}};
  response.body.reserve(response.body.size() + 4096);
  const std::string copied = serialize(response, true);
  const char* buffer = response.body.data();
  const std::string moved = serialize(std::move(response), true);
  EXPECT_EQ(moved, copied);
  EXPECT_EQ(moved.data(), buffer);
  EXPECT_EQ(moved.substr(0, 17), "HTTP/1.1 200 OK\r\n");
}

TEST(HttpReader, ReadsResponsesFramedEachWay) {
  HttpReader reader(
      from("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n"
           "X-Puppet-Version: 7.23.0\r\n\r\n{}"
           "HTTP/1.1 204 No Content\r\n\r\n"
           "HTTP/1.1 404 Not Found\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n"
           "HTTP/1.0 500 Oops\r\n\r\nuntil the end"),
      {});
  HttpResponse first = reader.next_response();
  EXPECT_EQ(first.status, 200);
  EXPECT_EQ(first.content_type, "application/json");
  EXPECT_EQ(first.body, "{}");
  EXPECT_EQ(first.header("X-PUPPET-VERSION"), "7.23.0");
  EXPECT_TRUE(first.keep_alive);
  HttpResponse second = reader.next_response();
  EXPECT_EQ(second.status, 204);
  EXPECT_EQ(second.body, "");
  HttpResponse third = reader.next_response();
  EXPECT_EQ(third.status, 404);
  EXPECT_EQ(third.body, "abc");
  HttpResponse last = reader.next_response();
  EXPECT_EQ(last.status, 500);
  EXPECT_EQ(last.body, "until the end");
  EXPECT_FALSE(last.keep_alive);
  try {
    reader.next_response();
    FAIL() << "read past the end";
  } catch (const HttpReadError& e) {
    EXPECT_EQ(e.status, 0);  // closed before a response began: the client may retry
  }
}

TEST(HttpReader, BoundsResponses) {
  HttpLimits limits;
  limits.max_body = 4;
  HttpReader big(from("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello"), limits);
  EXPECT_THROW(big.next_response(), HttpReadError);
  HttpReader unframed(from("HTTP/1.1 200 OK\r\n\r\nhello"), limits);
  EXPECT_THROW(unframed.next_response(), HttpReadError);
  HttpReader garbage(from("SSH-2.0-OpenSSH\r\n\r\n"), {});
  try {
    garbage.next_response();
    FAIL() << "accepted a non-HTTP answer";
  } catch (const HttpReadError& e) {
    EXPECT_EQ(e.status, 502);
  }
  HttpReader head(from("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n"), {});
  EXPECT_EQ(head.next_response(true).body, "");
}

TEST(HttpMessage, SerializesRequestsAndEncodes) {
  EXPECT_EQ(serialize_request("PUT", "/puppet/v3/report/a?environment=production", "h:8140",
                              {{"Accept", "application/json"}}, "{}", true),
            "PUT /puppet/v3/report/a?environment=production HTTP/1.1\r\nHost: h:8140\r\n"
            "Accept: application/json\r\nContent-Length: 2\r\nConnection: keep-alive\r\n\r\n{}");
  EXPECT_EQ(serialize_request("GET", "/x", "h", {}, "", false),
            "GET /x HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n");
  EXPECT_EQ(percent_encode("{\"a b\":\"x/y&z=1+%\"}"),
            "%7B%22a%20b%22%3A%22x%2Fy%26z%3D1%2B%25%22%7D");
  EXPECT_EQ(percent_encode("modules/a b/c", true), "modules/a%20b/c");
  // Encoded twice as the agent sends facts, decoded twice as the server reads them.
  std::string facts = "{\"k\":\"v&w=x+y %\"}";
  auto form = parse_form("facts=" + percent_encode(percent_encode(facts)));
  EXPECT_EQ(percent_decode(form["facts"], true), facts);
}

}  // namespace
}  // namespace marionette::http
