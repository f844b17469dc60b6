// Large response bodies kept for the next answer: the storage a written body leaves is the
// storage the next large answer starts in, within bounds, and none once released.
#include "http/answer_buffers.hpp"

#include <gtest/gtest.h>

#include <string>

namespace marionette::http {
namespace {

TEST(AnswerBuffers, TheNextLargeAnswerStartsInTheStorageAWrittenOneLeft) {
  AnswerBuffers buffers;
  std::string written = buffers.take(4 * 1024 * 1024);
  EXPECT_TRUE(written.empty());
  ASSERT_GE(written.capacity(), 4u * 1024 * 1024);
  written.assign(3 * 1024 * 1024, 'x');
  const char* storage = written.data();
  buffers.give_back(std::move(written));
  EXPECT_TRUE(written.empty());
  std::string next = buffers.take(2 * 1024 * 1024);
  EXPECT_EQ(next.data(), storage);
  EXPECT_TRUE(next.empty()) << "a kept buffer is handed out empty";
  // taken once: the one after gets new storage
  std::string other = buffers.take(2 * 1024 * 1024);
  EXPECT_NE(other.data(), storage);
}

TEST(AnswerBuffers, KeepsOnlyLargeBodiesAFewOfThemAndTheLargerOnes) {
  AnswerBuffers buffers;
  std::string small(16 * 1024, 's');
  buffers.give_back(std::move(small));
  std::string huge;
  huge.reserve(AnswerBuffers::kLargest + 1);
  buffers.give_back(std::move(huge));
  EXPECT_FALSE(buffers.release()) << "neither a small nor a huge body is kept";

  std::string a = buffers.take(1 * 1024 * 1024), b = buffers.take(2 * 1024 * 1024),
              c = buffers.take(3 * 1024 * 1024);
  const char* b_storage = b.data();
  const char* c_storage = c.data();
  buffers.give_back(std::move(a));
  buffers.give_back(std::move(b));
  buffers.give_back(std::move(c));  // kKept = 2: the smallest (a's) goes
  std::string big = buffers.take(3 * 1024 * 1024);
  EXPECT_EQ(big.data(), c_storage) << "the smallest kept buffer that holds the size";
  std::string medium = buffers.take(1024 * 1024);
  EXPECT_EQ(medium.data(), b_storage);
  EXPECT_FALSE(buffers.release());
}

TEST(AnswerBuffers, ReleaseFreesEveryKeptBuffer) {
  AnswerBuffers buffers;
  buffers.give_back(buffers.take(1024 * 1024));
  EXPECT_TRUE(buffers.release());
  EXPECT_FALSE(buffers.release());
}

}  // namespace
}  // namespace marionette::http
