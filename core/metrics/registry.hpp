#pragma once

#include <atomic>
#include <memory>

#include "metrics/snapshot.hpp"

namespace marionette::metrics {

/// Holds the latest snapshot. The run thread publishes; the SNMP thread reads.
/// Reading never waits for a run: it copies a pointer to an immutable value.
class Registry {
 public:
  Registry() : latest_(std::make_shared<const Snapshot>()) {}

  void publish(Snapshot snapshot) {
    latest_.store(std::make_shared<const Snapshot>(std::move(snapshot)));
  }
  std::shared_ptr<const Snapshot> latest() const { return latest_.load(); }

 private:
  std::atomic<std::shared_ptr<const Snapshot>> latest_;
};

}  // namespace marionette::metrics
