#include "puppetdb/store_pool.hpp"

namespace marionette::puppetdb {

StorePool::Lease StorePool::take() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!idle_.empty()) {
      std::unique_ptr<Store> store = std::move(idle_.back());
      idle_.pop_back();
      return Lease(*this, std::move(store));
    }
  }
  std::unique_ptr<Store> store = make_();  // connects lazily: outside the lock all the same
  std::lock_guard<std::mutex> lock(mutex_);
  ++made_;
  return Lease(*this, std::move(store));
}

void StorePool::give_back(std::unique_ptr<Store> store) {
  if (!store->reusable()) return;
  std::lock_guard<std::mutex> lock(mutex_);
  if (idle_.size() < bound_) idle_.push_back(std::move(store));
}

std::size_t StorePool::idle() {
  std::lock_guard<std::mutex> lock(mutex_);
  return idle_.size();
}

std::size_t StorePool::made() {
  std::lock_guard<std::mutex> lock(mutex_);
  return made_;
}

}  // namespace marionette::puppetdb
