// Documents as the store keeps them (deflated over 1 KiB) and the bound on what a stored value
// may inflate to: a value in the shared store is not trusted to be one this server wrote.
#include "puppetdb/stored_text.hpp"

#include <gtest/gtest.h>
#include <zlib.h>

#include "puppetdb/fleet_data.hpp"
#include "puppetdb/query_error.hpp"
#include "puppetdb/store.hpp"

namespace marionette::puppetdb::testing {
namespace {

/// A zlib stream of `size` bytes, `open`, spaces and `close` (a JSON text when those make one),
/// deflated from a small buffer: about a thousandth of `size`.
std::string deflate_bomb(std::size_t size, const std::string& open = "",
                         const std::string& close = "") {
  z_stream stream{};
  EXPECT_EQ(deflateInit(&stream, Z_BEST_COMPRESSION), Z_OK);
  std::string chunk(64 * 1024, ' ');
  std::string out;
  char buffer[16384];
  std::size_t left = size;
  int status = Z_OK;
  bool first = true;
  do {
    const std::size_t take = std::min(left, chunk.size());
    left -= take;
    std::string piece = chunk.substr(0, take);
    if (first) piece.replace(0, open.size(), open);
    if (left == 0) piece.replace(piece.size() - close.size(), close.size(), close);
    first = false;
    stream.next_in = reinterpret_cast<Bytef*>(piece.data());
    stream.avail_in = static_cast<uInt>(take);
    const int flush = left == 0 ? Z_FINISH : Z_NO_FLUSH;
    do {
      stream.next_out = reinterpret_cast<Bytef*>(buffer);
      stream.avail_out = sizeof buffer;
      status = deflate(&stream, flush);
      out.append(buffer, sizeof buffer - stream.avail_out);
    } while (stream.avail_out == 0);
  } while (left > 0);
  EXPECT_EQ(status, Z_STREAM_END);
  deflateEnd(&stream);
  return out;
}

TEST(StoredText, LargeDocumentsAreDeflatedAndComeBackWhole) {
  std::string text = "[";
  for (int i = 0; i < 500; ++i) text += "\"networking.interfaces.eth0.mtu\",";
  text += "1]";
  const std::string stored = stored_text(text);
  EXPECT_LT(stored.size(), text.size() / 4);
  EXPECT_EQ(json_text(stored), text);
  EXPECT_EQ(stored_text("{\"small\":1}"), "{\"small\":1}");  // under 1 KiB: as it is
}

TEST(StoredText, AValueThatInflatesPastTheLargestDocumentIsRefused) {
  const std::string bomb = deflate_bomb(kLargestDocument + 1024 * 1024);
  ASSERT_LT(bomb.size(), 1024u * 1024);
  EXPECT_THROW(json_text(bomb), StoreError);
  // the same stream under a smaller bound, and a stream just within it
  EXPECT_THROW(json_text(deflate_bomb(70 * 1024), 64 * 1024), StoreError);
  EXPECT_EQ(json_text(deflate_bomb(60 * 1024), 64 * 1024), std::string(60 * 1024, ' '));
}

TEST(StoredText, AForgedFactsDocumentInTheStoreIsAStoreError) {
  MemoryStore store;
  FleetData fleet(store, "test");
  // a JSON object of 64 MiB of spaces: whole, it would be read and answered
  store.put(fleet.keys().facts("web1.example.com"),
            deflate_bomb(kLargestDocument + 4096, "{\"certname\":\"web1.example.com\"", "}"));
  EXPECT_THROW(fleet.facts("web1.example.com"), StoreError);  // the API answers 500
}

TEST(StoredText, ADocumentLargerThanTheServerAcceptsIsNotStored) {
  try {
    stored_text(std::string(kLargestDocument + 1, ' '));
    FAIL() << "stored";
  } catch (const QueryError& error) {
    EXPECT_EQ(error.status, 413);
  }
}

}  // namespace
}  // namespace marionette::puppetdb::testing
