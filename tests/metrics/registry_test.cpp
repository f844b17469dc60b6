#include "metrics/registry.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>

namespace marionette::metrics {
namespace {

TEST(Registry, StartsWithAnEmptySnapshot) {
  Registry registry;
  auto snapshot = registry.latest();
  ASSERT_NE(snapshot, nullptr);
  EXPECT_EQ(snapshot->runs_total, 0u);
  EXPECT_EQ(snapshot->state, AgentState::idle);
  EXPECT_TRUE(snapshot->version.empty());
}

TEST(Registry, LatestReturnsThePublishedSnapshot) {
  Registry registry;
  Snapshot snapshot;
  snapshot.version = "1.2.3";
  snapshot.runs_total = 5'000'000'000ULL;
  registry.publish(snapshot);
  EXPECT_EQ(registry.latest()->version, "1.2.3");
  EXPECT_EQ(registry.latest()->runs_total, 5'000'000'000ULL);
}

TEST(Registry, AReaderKeepsItsSnapshotWhileANewOneIsPublished) {
  Registry registry;
  Snapshot first;
  first.runs_total = 1;
  registry.publish(first);
  auto held = registry.latest();

  Snapshot second;
  second.runs_total = 2;
  registry.publish(second);

  EXPECT_EQ(held->runs_total, 1u);
  EXPECT_EQ(registry.latest()->runs_total, 2u);
}

TEST(Registry, ReadersSeeWholeSnapshotsWhileAWriterPublishes) {
  Registry registry;
  std::atomic<bool> done{false};
  std::thread writer([&] {
    for (std::uint64_t run = 1; run <= 20'000; ++run) {
      Snapshot snapshot;
      snapshot.runs_total = run;
      snapshot.resources_changed_total = run * 2;
      registry.publish(std::move(snapshot));
    }
    done = true;
  });
  std::uint64_t last_seen = 0;
  bool consistent = true, monotonic = true;
  while (!done) {
    auto snapshot = registry.latest();
    consistent = consistent && snapshot->resources_changed_total == snapshot->runs_total * 2;
    monotonic = monotonic && snapshot->runs_total >= last_seen;
    last_seen = snapshot->runs_total;
  }
  writer.join();
  EXPECT_TRUE(consistent);
  EXPECT_TRUE(monotonic);
  EXPECT_EQ(registry.latest()->runs_total, 20'000u);
}

}  // namespace
}  // namespace marionette::metrics
