#include "counters/holding_counter_store.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

#include "counters/totals.hpp"

namespace marionette::counters {
namespace {

/// A store whose writes fail while `full` is set, as a full state dir makes them fail.
class FlakyStore final : public CounterStore {
 public:
  bool full = false;
  std::vector<std::string> applied;

  Totals add(const RunDelta& delta) override {
    if (full) throw std::runtime_error("counters: cannot append to /s/counters.journal");
    for (const auto& id : applied)
      if (id == delta.run_id) return totals_;
    applied.push_back(delta.run_id);
    add_delta(totals_, delta);
    return totals_;
  }
  Totals totals() override { return totals_; }
  std::optional<Totals> fleet_totals() override { return std::nullopt; }
  std::string backend() const override { return "file"; }
  StoreStatus status() const override { return {"file", 0, 0}; }

 private:
  Totals totals_;
};

TEST(HoldingCounterStore, HoldsRunsTheStateDirRefusesAndRecordsThemLaterOnce) {
  auto inner = std::make_unique<FlakyStore>();
  FlakyStore& flaky = *inner;
  std::vector<std::string> said;
  std::vector<std::size_t> recorded_when_said;
  HoldingCounterStore store(std::move(inner), [&](const std::string& level, const std::string& text) {
    said.push_back(level + ": " + text);
    recorded_when_said.push_back(flaky.applied.size());
  });
  EXPECT_EQ(store.add({"r1"}).runs, 1u);

  flaky.full = true;
  RunDelta failed{"r2"};
  failed.counts.failures = 1;
  Totals during = store.add(failed);
  EXPECT_EQ(during.runs, 2u) << "a run the state dir refused is still counted";
  EXPECT_EQ(during.failures, 1u);
  EXPECT_EQ(store.add({"r3"}).runs, 3u);
  EXPECT_EQ(store.totals().runs, 3u);
  EXPECT_EQ(store.held(), 2u);
  EXPECT_EQ(store.status().pending, 2u);
  EXPECT_EQ(store.status().backend, "degraded");
  ASSERT_EQ(said.size(), 1u) << "the failure is said once";
  EXPECT_NE(said[0].find("cannot append to /s/counters.journal"), std::string::npos) << said[0];

  flaky.full = false;
  Totals after = store.add({"r4"});
  EXPECT_EQ(after.runs, 4u);
  EXPECT_EQ(after.failures, 1u);
  EXPECT_EQ(store.held(), 0u);
  EXPECT_EQ(flaky.applied, (std::vector<std::string>{"r1", "r2", "r3", "r4"}));
  ASSERT_EQ(said.size(), 2u);
  EXPECT_NE(said[1].find("can be written again"), std::string::npos) << said[1];
  EXPECT_EQ(recorded_when_said[1], 4u) << "the recovery is said once every held run is recorded";
}

}  // namespace
}  // namespace marionette::counters
