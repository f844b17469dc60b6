// JsonWriter::string writes plain strings without nlohmann's escaper: every string must come out
// exactly as nlohmann prints it, whatever byte needs escaping and wherever it stands.
#include "catalog/json_writer.hpp"

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

namespace marionette::catalog {
namespace {

std::string written(const std::string& text) {
  std::string out;
  JsonWriter json(out);
  json.string(text);
  json.finish();
  return out;
}

TEST(JsonWriterString, EveryEscapedByteAtEveryPositionIsWrittenAsNlohmannDoes) {
  const std::string specials[] = {"\"",   "\\",   "\n",       "\t",           std::string(1, '\0'),
                                  "\x1f", "\x7f", "\xc3\xa9", "\xe2\x98\x83", " ",
                                  "~"};
  for (std::size_t length = 0; length <= 40; ++length) {  // 16-byte chunks, then words
    for (std::size_t at = 0; at <= length; ++at) {
      for (const std::string& special : specials) {
        std::string text = std::string(length, 'a');
        text.insert(at, special);
        EXPECT_EQ(written(text), Data(text).dump()) << "length " << length << " at " << at;
      }
    }
  }
}

TEST(JsonWriterString, EveryAsciiByteIsEscapedAsNlohmannDoes) {
  for (int byte = 0; byte < 0x80; ++byte) {
    std::string text = "line\n" + std::string(1, static_cast<char>(byte)) + "end";
    EXPECT_EQ(written(text), Data(text).dump()) << "byte " << byte;
  }
}

TEST(JsonWriterString, InvalidUtf8IsReplacedAsInTheCatalogWriter) {
  std::string text =
      "abcdefgh\xff"
      "ijklmnop";
  EXPECT_EQ(written(text), Data(text).dump(-1, ' ', false, Data::error_handler_t::replace));
}

TEST(JsonWriterString, AStringOfPartsIsTheStringOfTheirJoin) {
  const std::vector<std::vector<std::string>> cases = {
      {"File", "[", "/etc/motd", "]"},
      {"Notify", "[", "say \"hi\"", "]"},
      {"Exec", "[", "caf\xc3", "\xa9]"},  // UTF-8 split across parts
      {"", "", ""},
      {"a\\b", "\n"},
  };
  for (const auto& parts : cases) {
    std::string joined, out;
    for (const std::string& part : parts) joined += part;
    {
      JsonWriter json(out);
      std::vector<std::string_view> views(parts.begin(), parts.end());
      if (views.size() == 4)
        json.string_of({views[0], views[1], views[2], views[3]});
      else if (views.size() == 3)
        json.string_of({views[0], views[1], views[2]});
      else
        json.string_of({views[0], views[1]});
    }
    EXPECT_EQ(out, written(joined)) << joined;
  }
}

TEST(JsonWriterPieces, WhatWasWrittenSinceACountIsCopiedAgainAsItWas) {
  std::string out = "prefix:";  // a writer goes on after what the string holds
  {
    JsonWriter json(out);
    EXPECT_EQ(json.written(), 7u);
    json.raw('[');
    std::size_t start = json.written();
    json.string("a\"b");
    json.raw(',');
    json.integer(42);
    std::string piece(json.written_since(start));
    EXPECT_EQ(piece, "\"a\\\"b\",42");
    json.raw(',');
    json.raw(piece);
    json.raw(']');
    EXPECT_EQ(json.written_since(0), out.substr(0, json.written()));
  }
  EXPECT_EQ(out, "prefix:[\"a\\\"b\",42,\"a\\\"b\",42]");
}

}  // namespace
}  // namespace marionette::catalog
