#pragma once

#include <map>
#include <set>
#include <stdexcept>

#include "fleet_status/fleet_store.hpp"

namespace marionette::fleet_status {

/// The shared store in memory, shared by the trackers of several "servers" in a test.
struct FakeFleetData {
  std::map<std::string, std::string> summaries;
  std::uint64_t reports = 0;
  std::map<std::string, std::string> claims;  ///< key -> owner (no expiry)
  bool down = false;                          ///< every call throws, as Redis gone away
};

class FakeFleetStore : public FleetStore {
 public:
  explicit FakeFleetStore(FakeFleetData& data) : data_(data) {}
  void record(const std::string& certname, const std::string& summary) override {
    check();
    data_.summaries[certname] = summary;
    ++data_.reports;
  }
  std::vector<std::pair<std::string, std::string>> summaries() override {
    check();
    return {data_.summaries.begin(), data_.summaries.end()};
  }
  std::uint64_t reports_received() override {
    check();
    return data_.reports;
  }
  bool claim(const std::string& key, const std::string& owner, std::chrono::seconds) override {
    check();
    return data_.claims.emplace(key, owner).second;
  }

 private:
  void check() const {
    if (data_.down) throw std::runtime_error("Redis is down");
  }
  FakeFleetData& data_;
};

}  // namespace marionette::fleet_status
