#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

#include "puppetdb/store.hpp"

namespace marionette::puppetdb {

/// Stores (Redis connections) kept between requests: a request leases one, the lease gives it
/// back, and at most `bound` idle ones are kept. A store that cannot be reused (its connection
/// dropped after a failure) is closed rather than kept, so the next request connects afresh
/// instead of waiting out the failed connection's backoff. Thread-safe; one lease serves one
/// thread at a time.
class StorePool {
 public:
  using Maker = std::function<std::unique_ptr<Store>()>;

  StorePool(Maker make, std::size_t bound) : make_(std::move(make)), bound_(bound) {}
  StorePool(const StorePool&) = delete;
  StorePool& operator=(const StorePool&) = delete;

  class Lease {
   public:
    Lease(StorePool& pool, std::unique_ptr<Store> store) : pool_(&pool), store_(std::move(store)) {}
    Lease(Lease&& other) noexcept = default;
    Lease& operator=(Lease&&) = delete;
    ~Lease() {
      if (pool_ && store_) pool_->give_back(std::move(store_));
    }
    Store& operator*() const { return *store_; }
    Store* operator->() const { return store_.get(); }

   private:
    StorePool* pool_;
    std::unique_ptr<Store> store_;
  };

  /// An idle store, or a new one (make's exceptions pass through).
  Lease take();
  /// How many stores are idle in the pool; how many were made in all.
  std::size_t idle();
  std::size_t made();

 private:
  void give_back(std::unique_ptr<Store> store);

  Maker make_;
  std::size_t bound_;
  std::mutex mutex_;
  std::vector<std::unique_ptr<Store>> idle_;
  std::size_t made_ = 0;
};

}  // namespace marionette::puppetdb
