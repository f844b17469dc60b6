// The cache terminus: consulted first on find, filled after, skipped when asked; a broken cache
// is a miss that is reported, never a failed find.

#include "indirector/indirection.hpp"

#include <gtest/gtest.h>

#include <map>

namespace marionette::indirector {
namespace {

/// A terminus in memory that counts its finds: a fake at the storage seam.
class MemoryTerminus : public Terminus<std::string> {
 public:
  explicit MemoryTerminus(std::string name) : Terminus("thing", std::move(name)) {}
  std::map<std::string, std::string> items;
  int finds = 0;
  bool broken = false;

  std::optional<std::string> find(const Request& request) override {
    ++finds;
    if (broken) throw error(request.key, "cannot read", "it is broken");
    auto found = items.find(request.key);
    if (found == items.end()) return std::nullopt;
    return found->second;
  }
  void save(const Request& request, const std::string& value) override {
    if (broken) throw error(request.key, "cannot save", "it is broken");
    items[request.key] = value;
  }
  void destroy(const Request& request) override { items.erase(request.key); }
};

struct Fixture {
  MemoryTerminus* terminus;
  MemoryTerminus* cache;
  std::vector<std::string> warnings;
  std::unique_ptr<Indirection<std::string>> indirection;

  Fixture() {
    auto t = std::make_unique<MemoryTerminus>("source");
    auto c = std::make_unique<MemoryTerminus>("memo");
    terminus = t.get();
    cache = c.get();
    indirection = std::make_unique<Indirection<std::string>>(
        std::move(t), std::move(c), [this](const std::string& w) { warnings.push_back(w); });
  }
};

TEST(Indirection, FindFillsTheCacheThenTheCacheAnswers) {
  Fixture f;
  f.terminus->items["node1"] = "v1";
  EXPECT_EQ(f.indirection->find({"node1"}), "v1");
  EXPECT_EQ(f.cache->items["node1"], "v1");
  f.terminus->items["node1"] = "v2";
  EXPECT_EQ(f.indirection->find({"node1"}), "v1");  // from the cache
  EXPECT_EQ(f.terminus->finds, 1);
}

TEST(Indirection, IgnoreCacheGoesToTheTerminusAndIgnoreCacheSaveLeavesTheCache) {
  Fixture f;
  f.cache->items["node1"] = "old";
  f.terminus->items["node1"] = "new";
  EXPECT_EQ(f.indirection->find({"node1"}, {.ignore_cache = true, .ignore_cache_save = true}),
            "new");
  EXPECT_EQ(f.cache->items["node1"], "old");
  EXPECT_EQ(f.indirection->find({"node1"}, {.ignore_cache = true}), "new");
  EXPECT_EQ(f.cache->items["node1"], "new");
}

TEST(Indirection, ABrokenCacheIsAMissAndIsReported) {
  Fixture f;
  f.terminus->items["node1"] = "v1";
  f.cache->broken = true;
  EXPECT_EQ(f.indirection->find({"node1"}), "v1");
  ASSERT_EQ(f.warnings.size(), 2u);
  EXPECT_EQ(f.warnings[0], "thing/memo: cannot read 'node1': it is broken");
  EXPECT_EQ(f.warnings[1], "thing/memo: cannot save 'node1': it is broken");
}

TEST(Indirection, SaveAndDestroyReachTheCacheToo) {
  Fixture f;
  f.indirection->save({"node1"}, "v");
  EXPECT_EQ(f.terminus->items["node1"], "v");
  EXPECT_EQ(f.cache->items["node1"], "v");
  f.indirection->destroy({"node1"});
  EXPECT_TRUE(f.terminus->items.empty());
  EXPECT_TRUE(f.cache->items.empty());
}

TEST(Indirection, ATerminusErrorNamesModelTerminusAndKey) {
  Fixture f;
  f.terminus->broken = true;
  try {
    f.indirection->find({"node1"}, {.ignore_cache = true});
    FAIL();
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "thing/source: cannot read 'node1': it is broken");
    EXPECT_EQ(e.model(), "thing");
    EXPECT_EQ(e.terminus(), "source");
    EXPECT_EQ(e.key(), "node1");
  }
}

TEST(Indirection, UnsupportedOperationsSaySo) {
  Terminus<std::string> bare("thing", "bare");
  try {
    bare.search({"x"});
    FAIL();
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(),
                 "thing/bare: cannot search 'x': search is not supported by this terminus");
  }
}

}  // namespace
}  // namespace marionette::indirector
