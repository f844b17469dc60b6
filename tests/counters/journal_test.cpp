#include "counters/journal.hpp"

#include <gtest/gtest.h>

#include <fstream>

#include "scratch_dir.hpp"

namespace marionette::counters {
namespace {

TEST(JournalLine, RoundTrips) {
  RunDelta delta{"run-1", 1, 7, 1};
  EXPECT_EQ(encode_journal_line(delta),
            R"({"run_id":"run-1","runs":1,"resources_changed":7,"failures":1,"compiles":0,)"
            R"("compile_failures":0,"resources_failed":0,"events":0,"compile_us":0,"apply_us":0})");
  RunDelta decoded;
  ASSERT_TRUE(decode_journal_line(encode_journal_line(delta), &decoded));
  EXPECT_EQ(decoded.run_id, "run-1");
  EXPECT_EQ(decoded.counts.resources_changed, 7u);
  EXPECT_EQ(decoded.counts.failures, 1u);
}

TEST(JournalLine, RejectsTornAndForeignLines) {
  RunDelta decoded;
  EXPECT_FALSE(decode_journal_line(R"({"run_id":"run-1","runs":1,"reso)", &decoded));
  EXPECT_FALSE(decode_journal_line(R"({"runs":1})", &decoded));
  EXPECT_FALSE(decode_journal_line(R"({"run_id":""})", &decoded));
  EXPECT_FALSE(decode_journal_line("", &decoded));
}

TEST(Journal, KeepsOrderSkipsTornLinesAndDuplicates) {
  ScratchDir dir;
  Journal journal(dir.path() / "j");
  std::string error;
  ASSERT_TRUE(journal.append({"a", 1, 1, 0}, &error)) << error;
  {  // a crash in the middle of an append leaves a torn last line
    std::ofstream torn(journal.file(), std::ios::app);
    torn << R"({"run_id":"b","ru)";
  }
  ASSERT_TRUE(journal.append({"c", 1, 2, 0}, &error)) << error;
  ASSERT_TRUE(journal.append({"a", 1, 1, 0}, &error)) << error;

  std::vector<RunDelta> pending;
  ASSERT_TRUE(journal.read_pending(&pending, &error)) << error;
  ASSERT_EQ(pending.size(), 2u);
  EXPECT_EQ(pending[0].run_id, "a");
  EXPECT_EQ(pending[1].run_id, "c");

  ASSERT_TRUE(journal.replace({pending[1]}, &error)) << error;
  ASSERT_TRUE(journal.read_pending(&pending, &error)) << error;
  ASSERT_EQ(pending.size(), 1u);
  EXPECT_EQ(pending[0].run_id, "c");
}

TEST(Journal, MissingFileHasNothingPending) {
  ScratchDir dir;
  std::vector<RunDelta> pending{{"x"}};
  std::string error;
  ASSERT_TRUE(Journal(dir.path() / "none").read_pending(&pending, &error)) << error;
  EXPECT_TRUE(pending.empty());
}

}  // namespace
}  // namespace marionette::counters
