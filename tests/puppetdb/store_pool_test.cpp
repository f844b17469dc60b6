// The server's pool of PuppetDB store connections: a store is reused from one request to the
// next, never served to two at once, at most `bound` kept idle, and one whose connection
// failed is closed rather than kept.
#include "puppetdb/store_pool.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>

namespace marionette::puppetdb {
namespace {

/// A store that says whether it may be reused, and counts who uses it at once.
class CountedStore : public MemoryStore {
 public:
  bool reusable() const override { return !failed; }
  bool failed = false;
  std::atomic<int> users{0};
};

TEST(StorePool, AStoreIsReusedFromOneLeaseToTheNext) {
  StorePool pool([] { return std::make_unique<CountedStore>(); }, 4);
  Store* first = nullptr;
  {
    StorePool::Lease lease = pool.take();
    first = &*lease;
  }
  EXPECT_EQ(pool.idle(), 1u);
  StorePool::Lease again = pool.take();
  EXPECT_EQ(&*again, first);
  EXPECT_EQ(pool.made(), 1u);
}

TEST(StorePool, LeasesAtOnceGetTheirOwnStoresAndAtMostTheBoundAreKept) {
  StorePool pool([] { return std::make_unique<CountedStore>(); }, 2);
  {
    StorePool::Lease a = pool.take(), b = pool.take(), c = pool.take();
    EXPECT_NE(&*a, &*b);
    EXPECT_NE(&*b, &*c);
    EXPECT_NE(&*a, &*c);
  }
  EXPECT_EQ(pool.made(), 3u);
  EXPECT_EQ(pool.idle(), 2u);
}

TEST(StorePool, AStoreWhoseConnectionFailedIsNotKept) {
  StorePool pool([] { return std::make_unique<CountedStore>(); }, 4);
  {
    StorePool::Lease lease = pool.take();
    static_cast<CountedStore&>(*lease).failed = true;
  }
  EXPECT_EQ(pool.idle(), 0u);
  StorePool::Lease fresh = pool.take();
  EXPECT_FALSE(static_cast<CountedStore&>(*fresh).failed);
  EXPECT_EQ(pool.made(), 2u);
}

TEST(StorePool, ThreadsNeverShareAStore) {
  StorePool pool([] { return std::make_unique<CountedStore>(); }, 3);
  std::atomic<int> shared{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 6; ++t)
    threads.emplace_back([&] {
      for (int i = 0; i < 200; ++i) {
        StorePool::Lease lease = pool.take();
        auto& store = static_cast<CountedStore&>(*lease);
        if (++store.users != 1) ++shared;
        store.put("k", std::to_string(i));
        --store.users;
      }
    });
  for (std::thread& thread : threads) thread.join();
  EXPECT_EQ(shared.load(), 0);
  EXPECT_LE(pool.made(), 6u);  // at most one per thread at once
  EXPECT_LE(pool.idle(), 3u);
}

}  // namespace
}  // namespace marionette::puppetdb
