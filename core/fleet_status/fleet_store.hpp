#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace marionette::fleet_status {

/// The shared store as the fleet sees it (Redis in `marionette server`; an in-memory fake in
/// tests). Failures throw std::runtime_error saying why.
///
/// Redis layout, under the redis_prefix setting P:
///   P:fleet:summaries        hash: certname -> the node's summary (node_summary.hpp)
///   P:fleet:reports          integer: reports received by every server
///   P:fleet:claim:KEY        string with a TTL: the server that claimed a notification
class FleetStore {
 public:
  virtual ~FleetStore() = default;
  /// A report of `certname` arrived: its summary replaces the last one, and the count grows.
  virtual void record(const std::string& certname, const std::string& summary) = 0;
  /// Every node's summary, as (certname, summary), in no particular order.
  virtual std::vector<std::pair<std::string, std::string>> summaries() = 0;
  /// Reports received by every server since the store began.
  virtual std::uint64_t reports_received() = 0;
  /// True for the first caller of `key` within `ttl` (Redis SET NX EX): the one server that
  /// sends a notification.
  virtual bool claim(const std::string& key, const std::string& owner,
                     std::chrono::seconds ttl) = 0;
};

struct RedisFleetStoreSettings {
  std::string url;  ///< redis://… or unix://…
  std::string prefix = "marionette";
  std::chrono::milliseconds timeout{2000};
};

/// The FleetStore in Redis, through counters::RedisConnection (one connection, not shared
/// between threads: each thread makes its own store).
std::unique_ptr<FleetStore> make_redis_fleet_store(const RedisFleetStoreSettings& settings);

}  // namespace marionette::fleet_status
