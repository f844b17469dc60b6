// The incremental HTTP parser the server's event loop feeds: a message split anywhere parses
// the same, what is consumed is dropped, and the framing a client adds around a body (chunk
// extensions, trailers) counts against the limits instead of growing memory.
#include "http/message_parser.hpp"

#include <gtest/gtest.h>

#include <string>

namespace marionette::http {
namespace {

/// The status the parser answers `text` with when fed `step` bytes at a time (200: parsed).
int parser_status_of(const std::string& text, HttpLimits limits = {}, std::size_t step = 5) {
  MessageParser parser(MessageParser::Kind::request, limits);
  try {
    for (std::size_t at = 0; at < text.size(); at += step) {
      parser.feed(text.data() + at, std::min(step, text.size() - at));
      if (parser.parse()) return 200;
    }
  } catch (const HttpReadError& e) {
    return e.status;
  }
  return 0;  // wants more
}

TEST(MessageParser, AMessageSplitAnywhereParsesTheSame) {
  const std::string text =
      "PUT /puppet/v3/report/a%2Eb?environment=production HTTP/1.1\r\nHost: s\r\n"
      "Transfer-Encoding: chunked\r\n\r\n3;name=value\r\nabc\r\n2\r\nde\r\n0\r\nX-T: 1\r\n\r\n"
      "GET /next HTTP/1.1\r\n\r\n";
  MessageParser parser(MessageParser::Kind::request, {});
  std::size_t first_complete = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    parser.feed(&text[i], 1);
    if (parser.parse()) {
      first_complete = i;
      break;
    }
    EXPECT_NE(parser.phase(), MessageParser::Phase::complete);
  }
  EXPECT_EQ(text.substr(first_complete - 3, 4), "\r\n\r\n");
  EXPECT_EQ(text.find("GET"), first_complete + 1);
  HttpRequest request = parser.take_request();
  EXPECT_EQ(request.method, "PUT");
  EXPECT_EQ(request.path, "/puppet/v3/report/a.b");
  EXPECT_EQ(request.query["environment"], "production");
  EXPECT_EQ(request.body, "abcde");
  EXPECT_EQ(request.headers.count("x-t"), 0u);  // trailers are not kept
  EXPECT_EQ(parser.phase(), MessageParser::Phase::idle);
  parser.feed(text.data() + first_complete + 1, text.size() - first_complete - 1);
  ASSERT_TRUE(parser.parse());
  EXPECT_EQ(parser.take_request().path, "/next");
}

TEST(MessageParser, RepeatedQueryNamesAreAllKeptInOrder) {
  const std::string text = "GET /f?ignore=.svn&links=manage&ignore=CVS&ignore=a%2Bb HTTP/1.1\r\n\r\n";
  MessageParser parser(MessageParser::Kind::request, {});
  parser.feed(text.data(), text.size());
  ASSERT_TRUE(parser.parse());
  HttpRequest request = parser.take_request();
  using Pairs = std::vector<std::pair<std::string, std::string>>;
  EXPECT_EQ(request.query_pairs,
            (Pairs{{"ignore", ".svn"}, {"links", "manage"}, {"ignore", "CVS"}, {"ignore", "a+b"}}));
  EXPECT_EQ(request.query["ignore"], "a+b");
}

TEST(MessageParser, EndlessTrailersAreCutWithTheHeaders) {
  HttpLimits limits;  // 100 header lines, 64 KiB of them: trailers share the bound
  MessageParser parser(MessageParser::Kind::request, limits);
  std::string start = "PUT /r HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n1\r\nx\r\n0\r\n";
  parser.feed(start.data(), start.size());
  EXPECT_FALSE(parser.parse());
  std::string trailer = "X-Trailer: " + std::string(1000, 'a') + "\r\n";
  std::size_t sent = 0;
  try {
    for (int i = 0; i < 10'000; ++i) {
      parser.feed(trailer.data(), trailer.size());
      sent += trailer.size();
      EXPECT_FALSE(parser.parse());
      EXPECT_LT(parser.buffered(), limits.max_line);  // consumed as they come
    }
    FAIL() << "endless trailers accepted";
  } catch (const HttpReadError& e) {
    EXPECT_EQ(e.status, 431);
  }
  EXPECT_LE(sent, limits.max_header_bytes + 2 * trailer.size());
}

TEST(MessageParser, ChunkExtensionsCountAgainstTheLimits) {
  HttpLimits limits;
  MessageParser parser(MessageParser::Kind::request, limits);
  std::string start = "PUT /r HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n";
  parser.feed(start.data(), start.size());
  std::string chunk = "1;" + std::string(8000, 'e') + "\r\nx\r\n";  // each line within max_line
  std::size_t sent = 0;
  try {
    for (int i = 0; i < 10'000; ++i) {
      parser.feed(chunk.data(), chunk.size());
      sent += chunk.size();
      EXPECT_FALSE(parser.parse());
      EXPECT_LT(parser.buffered(), limits.max_line);
    }
    FAIL() << "endless chunk extensions accepted";
  } catch (const HttpReadError& e) {
    EXPECT_EQ(e.status, 413);
  }
  EXPECT_LE(sent, limits.max_header_bytes + 2 * chunk.size());
  // One extension longer than a line is refused at once.
  EXPECT_EQ(parser_status_of(start + "1;" + std::string(9000, 'e') + "\r\n"), 413);
}

TEST(MessageParser, FramingCountsAgainstTheBody) {
  HttpLimits limits;
  limits.max_body = 100;
  std::string many_small_chunks = "PUT /r HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n";
  for (int i = 0; i < 50; ++i) many_small_chunks += "1\r\nx\r\n";  // 50 body bytes, 300 sent
  EXPECT_EQ(parser_status_of(many_small_chunks + "0\r\n\r\n", limits), 413);
  std::string few =
      "PUT /r HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n10\r\n0123456789abcdef\r\n0\r\n\r\n";
  EXPECT_EQ(parser_status_of(few, limits), 200);
}

TEST(MessageParser, ABodyIsConsumedAsItComes) {
  MessageParser parser(MessageParser::Kind::request, {});
  std::string head = "PUT /r HTTP/1.1\r\nContent-Length: 1048576\r\n\r\n";
  parser.feed(head.data(), head.size());
  EXPECT_FALSE(parser.parse());
  EXPECT_EQ(parser.phase(), MessageParser::Phase::body);
  std::string piece(16 * 1024, 'b');
  for (int i = 0; i < 64; ++i) {
    parser.feed(piece.data(), piece.size());
    bool complete = parser.parse();
    EXPECT_EQ(complete, i == 63);
    EXPECT_EQ(parser.buffered(), 0u);
  }
  EXPECT_EQ(parser.take_request().body.size(), 1048576u);
}

TEST(MessageParser, PathsThatNameNothingAreRefused) {
  EXPECT_EQ(parser_status_of("GET /puppet/v3/file_content/modules/m/x%00.txt HTTP/1.1\r\n\r\n"),
            400);
  EXPECT_EQ(parser_status_of("GET /puppet/v3/node/%ff HTTP/1.1\r\n\r\n"), 400);
  EXPECT_EQ(parser_status_of("GET /a%C0%AF HTTP/1.1\r\n\r\n"), 400);  // overlong '/'
  EXPECT_EQ(parser_status_of("GET /caf%C3%A9 HTTP/1.1\r\n\r\n"), 200);
  EXPECT_EQ(parser_status_of("GET /a?facts=%ff%00 HTTP/1.1\r\n\r\n"), 200);  // a query is data
  EXPECT_EQ(parser_status_of("GET /a%0Ab HTTP/1.1\r\n\r\n"), 200);  // a newline is a name's byte
}

TEST(MessageParser, ValidUtf8) {
  EXPECT_TRUE(valid_utf8("plain"));
  EXPECT_TRUE(valid_utf8("\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80"));
  EXPECT_FALSE(valid_utf8("\xff"));
  EXPECT_FALSE(valid_utf8("\xC3"));
  EXPECT_FALSE(valid_utf8("\xED\xA0\x80"));      // a surrogate
  EXPECT_FALSE(valid_utf8("\xF4\x90\x80\x80"));  // beyond U+10FFFF
}

TEST(MessageParser, AResponseUpToTheCloseEndsWithFinish) {
  MessageParser parser(MessageParser::Kind::response, {});
  std::string text = "HTTP/1.0 200 OK\r\n\r\nall of it";
  parser.feed(text.data(), text.size());
  EXPECT_FALSE(parser.parse());
  EXPECT_TRUE(parser.finish());
  HttpResponse response = parser.take_response();
  EXPECT_EQ(response.body, "all of it");
  EXPECT_FALSE(response.keep_alive);
}

}  // namespace
}  // namespace marionette::http
