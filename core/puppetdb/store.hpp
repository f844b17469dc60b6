#pragma once

#include <chrono>
#include <cstddef>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace marionette::puppetdb {

/// The store cannot be reached or refused an operation (PuppetDB answers 500 then).
struct StoreError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Where PuppetDB's data is kept: strings, sets of strings and lists by key. Every call is one
/// operation on one key, so a Redis Cluster can serve each (key_layout.hpp says which keys share
/// a slot). Failures throw StoreError. The I/O seam: MemoryStore for tests and a server without
/// Redis, make_redis_store for the fleet's shared Redis.
class Store {
 public:
  virtual ~Store() = default;
  virtual std::optional<std::string> get(const std::string& key) = 0;
  virtual void put(const std::string& key, const std::string& value) = 0;
  virtual void remove(const std::string& key) = 0;
  virtual void add_member(const std::string& key, const std::string& member) = 0;
  virtual void remove_member(const std::string& key, const std::string& member) = 0;
  /// Every member of the set, sorted (read in bounded pieces).
  virtual std::vector<std::string> members(const std::string& key) = 0;
  /// The list at `key` gets `value` first and keeps its `keep` first entries.
  virtual void push_bounded(const std::string& key, const std::string& value, std::size_t keep) = 0;
  /// The list's entries, first to last.
  virtual std::vector<std::string> list(const std::string& key) = 0;
};

/// The store in this process's memory, thread-safe.
class MemoryStore : public Store {
 public:
  std::optional<std::string> get(const std::string& key) override;
  void put(const std::string& key, const std::string& value) override;
  void remove(const std::string& key) override;
  void add_member(const std::string& key, const std::string& member) override;
  void remove_member(const std::string& key, const std::string& member) override;
  std::vector<std::string> members(const std::string& key) override;
  void push_bounded(const std::string& key, const std::string& value, std::size_t keep) override;
  std::vector<std::string> list(const std::string& key) override;
  /// How many keys hold something (tests check that deletions leave nothing behind).
  std::size_t key_count();

 private:
  std::mutex mutex_;
  std::map<std::string, std::string> strings_;
  std::map<std::string, std::set<std::string>> sets_;
  std::map<std::string, std::vector<std::string>> lists_;
};

/// The store in Redis (redis://… or unix://…), through core/counters' RedisConnection: one
/// connection, every command bounded by `timeout`. Throws StoreError for a URL it cannot read.
std::unique_ptr<Store> make_redis_store(const std::string& url, std::chrono::milliseconds timeout);

}  // namespace marionette::puppetdb
