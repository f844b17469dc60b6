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
  EXPECT_EQ(snapshot->node.runs, 0u);
  EXPECT_EQ(snapshot->state, AgentState::idle);
  EXPECT_TRUE(snapshot->version.empty());
}

TEST(Registry, LatestReturnsThePublishedSnapshot) {
  Registry registry;
  Snapshot snapshot;
  snapshot.version = "1.2.3";
  snapshot.node.runs = 5'000'000'000ULL;
  registry.publish(snapshot);
  EXPECT_EQ(registry.latest()->version, "1.2.3");
  EXPECT_EQ(registry.latest()->node.runs, 5'000'000'000ULL);
}

TEST(Registry, AReaderKeepsItsSnapshotWhileANewOneIsPublished) {
  Registry registry;
  Snapshot first;
  first.node.runs = 1;
  registry.publish(first);
  auto held = registry.latest();

  Snapshot second;
  second.node.runs = 2;
  registry.publish(second);

  EXPECT_EQ(held->node.runs, 1u);
  EXPECT_EQ(registry.latest()->node.runs, 2u);
}

TEST(Registry, ReadersSeeWholeSnapshotsWhileAWriterPublishes) {
  Registry registry;
  std::atomic<bool> done{false};
  std::thread writer([&] {
    for (std::uint64_t run = 1; run <= 20'000; ++run) {
      Snapshot snapshot;
      snapshot.node.runs = run;
      snapshot.node.resources_changed = run * 2;
      registry.publish(std::move(snapshot));
    }
    done = true;
  });
  std::uint64_t last_seen = 0;
  bool consistent = true, monotonic = true;
  while (!done) {
    auto snapshot = registry.latest();
    consistent = consistent && snapshot->node.resources_changed == snapshot->node.runs * 2;
    monotonic = monotonic && snapshot->node.runs >= last_seen;
    last_seen = snapshot->node.runs;
  }
  writer.join();
  EXPECT_TRUE(consistent);
  EXPECT_TRUE(monotonic);
  EXPECT_EQ(registry.latest()->node.runs, 20'000u);
}

}  // namespace
}  // namespace marionette::metrics
