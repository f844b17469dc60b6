#include <gtest/gtest.h>

#include "support/command.hpp"

namespace marionette {
namespace {

// The executable must not load libcrypto at start-up (~1.3 ms): core/digest uses Nettle.
TEST(MarionetteExecutable, DoesNotLinkLibcrypto) {
  const auto result = testing::run_command({"ldd", MARIONETTE_BINARY});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("libc.so.6"), std::string::npos) << result.out;
  EXPECT_EQ(result.out.find("libcrypto"), std::string::npos) << result.out;
}

}  // namespace
}  // namespace marionette
