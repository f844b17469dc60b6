#include "counters/file_counter_store.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "counters/journal.hpp"
#include "counters/state_files.hpp"
#include "scratch_dir.hpp"
#include "storage/durable_file.hpp"

namespace marionette::counters {
namespace {

std::unique_ptr<CounterStore> file_store(const ScratchDir& dir) {
  StoreOptions options;
  options.state_dir = dir.path() / "state";
  options.node_name = "web01";
  return make_counter_store(options);
}

TEST(FileCounterStore, CountsRuns) {
  ScratchDir dir;
  auto store = file_store(dir);
  EXPECT_EQ(store->backend(), "file");
  EXPECT_EQ(store->totals(), (Totals{0, 0, 0}));
  EXPECT_EQ(store->add({"r1", 1, 3, 0}), (Totals{1, 3, 0}));
  EXPECT_EQ(store->add({"r2", 1, 0, 1}), (Totals{2, 3, 1}));
  EXPECT_EQ(store->totals(), (Totals{2, 3, 1}));
  EXPECT_FALSE(store->fleet_totals());
}

TEST(FileCounterStore, SurvivesRecreation) {
  ScratchDir dir;
  file_store(dir)->add({"r1", 1, 5, 0});
  auto restarted = file_store(dir);
  EXPECT_EQ(restarted->totals(), (Totals{1, 5, 0}));
  EXPECT_EQ(restarted->add({"r2", 1, 1, 0}), (Totals{2, 6, 0}));
}

TEST(FileCounterStore, SameRunIdCountsOnce) {
  ScratchDir dir;
  auto store = file_store(dir);
  store->add({"r1", 1, 5, 0});
  EXPECT_EQ(store->add({"r1", 1, 5, 0}), (Totals{1, 5, 0}));
}

TEST(FileCounterStore, ReplaysRunJournaledButNotAppliedOnce) {
  ScratchDir dir;
  const auto state = dir.path() / "state";
  file_store(dir)->add({"r1", 1, 1, 0});
  // A crash right after journaling r2: the journal holds it, the totals file does not.
  std::string error;
  ASSERT_TRUE(Journal(state_files::journal(state)).append({"r2", 1, 4, 1}, &error)) << error;

  EXPECT_EQ(file_store(dir)->totals(), (Totals{2, 5, 1}));
  EXPECT_EQ(file_store(dir)->totals(), (Totals{2, 5, 1}));
}

TEST(FileCounterStore, ReplaysRunAppliedButStillJournaledOnce) {
  ScratchDir dir;
  const auto state = dir.path() / "state";
  file_store(dir)->add({"r1", 1, 2, 0});
  // A crash after the totals file was replaced but before the journal was emptied.
  std::string error;
  ASSERT_TRUE(Journal(state_files::journal(state)).append({"r1", 1, 2, 0}, &error)) << error;

  EXPECT_EQ(file_store(dir)->totals(), (Totals{1, 2, 0}));
}

TEST(FileCounterStore, RemembersABoundedNumberOfRunIds) {
  ScratchDir dir;
  FileCounterStore store(dir.path(), /*remembered_run_ids=*/3);
  for (int i = 0; i < 5; ++i) store.add({"run-" + std::to_string(i)});
  std::string content, error;
  ASSERT_TRUE(storage::read_file(state_files::file_totals(dir.path()), &content, &error)) << error;
  auto json = nlohmann::json::parse(content);
  EXPECT_EQ(json["runs"], 5);
  EXPECT_EQ(json["applied_run_ids"], nlohmann::json({"run-2", "run-3", "run-4"}));
}

}  // namespace
}  // namespace marionette::counters
