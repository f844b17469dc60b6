// The HTTP parser fuzzer's seeds (and every crash it found, kept there as regression-*) replayed
// in the plain build, through the fuzzer's own driver.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "http_parser_driver.hpp"

namespace {

TEST(HttpParserSeeds, EveryInputEndsCleanly) {
  std::size_t count = 0;
  for (const auto& entry : std::filesystem::directory_iterator(MARIONETTE_HTTP_SEEDS_DIR)) {
    std::ifstream in(entry.path(), std::ios::binary);
    std::vector<std::uint8_t> data((std::istreambuf_iterator<char>(in)),
                                   std::istreambuf_iterator<char>());
    SCOPED_TRACE(entry.path().filename().string());
    EXPECT_NO_THROW(marionette::http_fuzz::parse_input(data.data(), data.size()));
    // The same bytes split every other way.
    for (unsigned first = 0; first < 256; first += 17) {
      if (data.empty()) break;
      data[0] = static_cast<std::uint8_t>((data[0] & 1) | (first & ~1u));
      EXPECT_NO_THROW(marionette::http_fuzz::parse_input(data.data(), data.size()));
    }
    ++count;
  }
  EXPECT_GE(count, 7u);
}

}  // namespace
